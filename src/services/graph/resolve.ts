import { chooseAutoMatch, cleanEntityName, entityKey, entityKeys, isValueType, mergeAliases, normalizeEntityType, SURE_TYPE_CONFIDENCE, valueTypeOfName } from '../../domain/entity.ts';
import type { ExtractedEntity } from '../../providers/ports.ts';
import type { EntityPatch, EntityRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

/**
 * An extracted (or applied) entity, cleaned: name trimmed, type in our vocabulary, and a name that is a value ("MB",
 * "4 March 2026", "$40") typed as the value it is whatever it was sent as, so the graph never draws it as a thing.
 */
export interface WantedEntity {
  name: string;
  entity_type: string;
  description?: string | null;
  aliases?: string[];
  confidence?: number;
}

export interface Resolved {
  entity: EntityRecord;
  action: 'created' | 'reused';
}

export function cleanWanted<T extends WantedEntity>(entity: T): T {
  const name = cleanEntityName(entity.name);
  const type = normalizeEntityType(entity.entity_type);
  return { ...entity, name, entity_type: isValueType(type) ? type : (valueTypeOfName(name) ?? type) };
}

/** The keys a wanted entity is found by: its name's and its aliases' (entityKeys). */
export const keysOf = (w: WantedEntity) => entityKeys(w.name, w.aliases ?? [], w.entity_type);

/** For each wanted entity, the stored entities sharing one of its keys (read only); `keys`: theirs, when known already. */
export async function candidatesFor(repos: Pick<Repos, 'entities'>, wanted: readonly WantedEntity[], keys: string[][] = wanted.map(keysOf)) {
  const found = await repos.entities.findByKeys(keys.flat());
  const byKey = new Map<string, { key: string; entity: EntityRecord }[]>();
  for (const row of found) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  return { keys, byKey };
}

/**
 * Resolves entities automatically (case, punctuation and aliases do not count; caller-owned entities match only
 * their exact name and type; see chooseAutoMatch) and creates the missing ones, within the given transaction. A reused entity learns the
 * name it was written as (an alias) and a description when it had none. Entities of one batch resolve against each
 * other too. Returns one result per wanted entity, in order. `keys`: each wanted entity's keys, when worked out
 * beforehand (outside the transaction: planGraphs).
 */
export async function resolveAuto(
  tx: Repos,
  deps: Pick<Deps, 'ids' | 'clock'>,
  wanted: readonly WantedEntity[],
  options: { callerTypes?: boolean; keys?: string[][] } = {},
): Promise<Resolved[]> {
  const at = deps.clock.now();
  const keys = options.keys ?? wanted.map(keysOf);
  // Another process resolving the same names waits, then finds what this one created: no twin entities.
  await tx.locks.hold(keys.flat().map(entityLock));
  const { byKey } = await candidatesFor(tx, wanted, keys);
  const results: Resolved[] = [];
  // A stored entity that several wanted ones reuse (a name in several memories of one batch) learns from each in
  // turn, and is written once at the end: each lesson reads what the ones before it taught.
  const updates = new Map<string, EntityUpdate>();
  for (const [i, entity] of wanted.entries()) {
    const candidates = keys[i].flatMap(key => byKey.get(key) ?? []);
    // A caller states its types; an extractor's low-confidence type is a guess that may defer to a stored entity.
    const match = chooseAutoMatch(options.callerTypes ? { name: entity.name, entity_type: entity.entity_type } : entity, candidates);
    if (match) {
      // A caller's type is a statement, as sure as an extractor's sure type.
      const update = enrichment(match, options.callerTypes ? { ...entity, confidence: 1 } : entity, at);
      if (update) {
        const earlier = updates.get(match.id);
        updates.set(match.id, earlier ? { entity: update.entity, patch: { ...earlier.patch, ...update.patch }, keys: [...earlier.keys, ...update.keys] } : update);
        for (const rows of byKey.values()) for (const row of rows) if (row.entity.id === match.id) row.entity = update.entity;
      }
      results.push({ entity: update?.entity ?? match, action: 'reused' });
      continue;
    }
    const created = newEntity(deps.ids.next(), entity, at, false);
    await tx.entities.insert(created, keys[i]);
    for (const key of keys[i]) byKey.set(key, [...(byKey.get(key) ?? []), { key, entity: created }]);
    results.push({ entity: created, action: 'created' });
  }
  for (const [id, { patch, keys: learned }] of updates) await tx.entities.update(id, patch, learned.length ? [...new Set(learned)] : undefined);
  return results;
}

/** The lock a transaction holds while it looks up and creates the entities of this key. */
export const entityLock = (key: string) => `entity:${key}`;

export function newEntity(id: string, wanted: WantedEntity, at: string, callerOwned: boolean): EntityRecord {
  return {
    id,
    name: wanted.name,
    canonical_name: entityKey(wanted.name),
    entity_type: wanted.entity_type,
    description: wanted.description ?? '',
    aliases: mergeAliases(wanted.name, [], wanted.aliases ?? []),
    confidence: wanted.confidence ?? 0.8,
    caller_owned: callerOwned,
    metadata: {},
    created_at: at,
    updated_at: at,
  };
}

/** A stored entity as a mention changed it, the fields to write and the keys it gained. */
interface EntityUpdate {
  entity: EntityRecord;
  patch: EntityPatch;
  keys: string[];
}

/**
 * What a new mention adds to a stored entity: the name as written and given aliases (never removing any), and a
 * description when it had none; null when nothing changes. Caller-owned entities learn no aliases.
 */
function enrichment(stored: EntityRecord, seen: WantedEntity, at: string): EntityUpdate | null {
  const aliases = stored.caller_owned ? stored.aliases : mergeAliases(stored.name, stored.aliases, [seen.name, ...(seen.aliases ?? [])]);
  const description = stored.description || seen.description || '';
  const guessed = !stored.caller_owned && stored.confidence < SURE_TYPE_CONFIDENCE;
  // A type the extractor only guessed gives way to one it is sure of ("Heron": person, then "the Heron project").
  const sure = guessed && (seen.confidence ?? 0) >= SURE_TYPE_CONFIDENCE && seen.entity_type !== stored.entity_type;
  // Among guesses, the type most often (and most surely) guessed across the space's memories wins.
  const votes = guessed && !sure && seen.confidence !== undefined && seen.entity_type !== 'other' ? guessVotes(stored, seen) : null;
  const [entity_type, confidence] = sure ? [seen.entity_type, seen.confidence!] : [votes?.winner ?? stored.entity_type, stored.confidence];
  const retyped = entity_type !== stored.entity_type;
  if (aliases.length === stored.aliases.length && description === stored.description && !retyped && !votes) return null;
  const metadata = votes ? { ...stored.metadata, [TYPE_VOTES]: votes.tally } : stored.metadata;
  return {
    entity: { ...stored, entity_type, confidence, aliases, description, metadata, updated_at: at },
    patch: { aliases, description, updated_at: at, ...(retyped ? { entity_type, confidence } : {}), ...(votes ? { metadata } : {}) },
    keys: stored.caller_owned ? [] : entityKeys(stored.name, aliases, entity_type),
  };
}

/** Adds what a new mention says to a stored entity (see enrichment), writing only when something changed. */
export async function enrich(tx: Repos, stored: EntityRecord, seen: WantedEntity, at: string): Promise<EntityRecord> {
  const update = enrichment(stored, seen, at);
  if (!update) return stored;
  await tx.entities.update(stored.id, update.patch, update.keys);
  return update.entity;
}

/** Metadata key of a guessed entity's tally: type → summed confidence of the guesses for it. */
export const TYPE_VOTES = 'type_votes';

/** A guessed entity's tally with one more guess counted, and the type it now favours (ties keep the stored type). */
function guessVotes(stored: EntityRecord, seen: WantedEntity): { tally: Record<string, number>; winner: string } {
  const previous = stored.metadata[TYPE_VOTES];
  const tally: Record<string, number> = previous && typeof previous === 'object' ? { ...(previous as Record<string, number>) } : { [stored.entity_type]: stored.confidence };
  tally[seen.entity_type] = Math.round(((tally[seen.entity_type] ?? 0) + (seen.confidence ?? 0)) * 1000) / 1000;
  let winner = stored.entity_type;
  for (const [type, weight] of Object.entries(tally)) if (weight > (tally[winner] ?? 0)) winner = type;
  return { tally, winner };
}
