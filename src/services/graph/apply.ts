import { chooseAutoMatch, entityKey, exactMatches } from '../../domain/entity.ts';
import { batchIndexOf, exactBatchProblem, type Resolution } from '../../domain/entityApply.ts';
import { AppError, conflict, InputError } from '../../errors.ts';
import type { EntityRecord, EntityRelationRecord, MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { memoryLock } from '../locks.ts';
import { requireMemory } from '../readModel/memories.ts';
import { candidatesFor, cleanWanted, enrich, entityLock, newEntity, resolveAuto, type WantedEntity } from './resolve.ts';

export interface ApplyEntityInput extends WantedEntity {
  id?: string | null;
  aliases?: string[];
}

export interface ApplyRelationshipInput {
  source: string;
  target: string;
  relation_type: string;
  description?: string | null;
  confidence?: number | null;
}

export interface ApplyInput {
  entities: ApplyEntityInput[];
  relationships: ApplyRelationshipInput[];
  extraction_confidence?: number | null;
  resolution: Resolution;
}

interface ResolvedEntity {
  name: string;
  entity_type: string;
  entity_id: string;
  action: 'created' | 'reused';
}

/** Where a relationship endpoint points: an entry of the batch, or an entity already stored. */
type Endpoint = { batch: number } | { stored: string };

/**
 * Saves entities and relationships to the graph for a memory and records the extraction in its metadata.
 * Everything that can be refused is checked first, with no write: unknown memory (404), an invalid exact batch or a
 * relationship naming an entity neither in the batch nor stored (422), several stored entities with the same exact
 * name and type (409 `ambiguous_entity` with `candidates`). Then each entity is looked up and written in its own
 * transaction, the relationships and the metadata record in a last one: the batch is not atomic. When storage fails
 * midway the answer is a 500 `partial_write` with `success: false` and the `resolved_entities` written so far.
 * Replaying reuses the entity ids (mentions stay single) and appends the relationships again.
 * The mentions and relationships written are marked `applied`: an automatic extraction of the memory (the background
 * queue, however late it lands, or a content edit's) replaces only its own part of the graph and keeps them.
 */
export async function applyExtraction(deps: Pick<Deps, 'store' | 'ids' | 'clock' | 'communities'>, memoryId: string, input: ApplyInput) {
  const memory = await requireMemory(deps.store, memoryId);
  const entities = input.entities.map(e => ({ ...cleanWanted(e), aliases: e.aliases ?? [], id: e.id ?? null }));
  const endpoints = await validate(deps.store, entities, input);

  const resolved: ResolvedEntity[] = [];
  let relationshipsCreated = 0;
  let metadataUpdated = false;
  try {
    for (const entity of entities) {
      const result = await deps.store.transaction(tx => resolveOne(tx, deps, memory, entity, input));
      resolved.push({ name: entity.name, entity_type: entity.entity_type, entity_id: result.entity.id, action: result.action });
    }
    const idOf = (endpoint: Endpoint) => ('batch' in endpoint ? resolved[endpoint.batch].entity_id : endpoint.stored);
    const at = deps.clock.now();
    const relations: EntityRelationRecord[] = input.relationships.map((r, i) => ({
      id: deps.ids.next(),
      source_entity_id: idOf(endpoints[i][0]),
      target_entity_id: idOf(endpoints[i][1]),
      relation_type: r.relation_type.trim(),
      weight: r.confidence ?? 1,
      confidence: r.confidence ?? input.extraction_confidence ?? 1,
      description: r.description ?? '',
      memory_id: memory.id,
      created_at: at,
      applied: true,
    }));
    await deps.store.transaction(async tx => {
      await tx.locks.hold([memoryLock(memory.id)]);
      await tx.entityRelations.insertMany(relations);
      const current = await tx.memories.getById(memory.id);
      const record = {
        applied_at: at,
        resolution: input.resolution,
        extraction_confidence: input.extraction_confidence ?? null,
        entity_ids: resolved.map(r => r.entity_id),
        entities_created: resolved.filter(r => r.action === 'created').length,
        relationships_created: relations.length,
      };
      if (current) await tx.memories.update(memory.id, { metadata: { ...current.metadata, kg_extraction: record }, updated_at: at });
      metadataUpdated = current !== undefined;
    });
    relationshipsCreated = relations.length;
  } catch (error) {
    const created = resolved.filter(r => r.action === 'created').length;
    throw new AppError(
      500,
      'partial_write',
      `Apply stopped after ${resolved.length} of ${entities.length} entities (${error instanceof Error ? error.message : String(error)}); ` +
        'the entities in resolved_entities were written: inspect them before retrying',
      { success: false, memory_id: memory.id, entities_created: created, relationships_created: 0, metadata_updated: false, resolved_entities: resolved },
    );
  } finally {
    // Written entities and edges change the graph even when the batch stopped midway.
    deps.communities?.graphChanged();
  }
  return {
    success: true,
    memory_id: memory.id,
    entities_created: resolved.filter(r => r.action === 'created').length,
    relationships_created: relationshipsCreated,
    /** Whether the memory's metadata now records this extraction (`kg_extraction`). */
    metadata_updated: metadataUpdated,
    resolved_entities: resolved,
    resolution: input.resolution,
  };
}

type CleanEntity = ReturnType<typeof cleanWanted<ApplyEntityInput>> & { id: string | null; aliases: string[] };

/** Checks the batch without writing; returns where each relationship's source and target point. */
async function validate(repos: Repos, entities: CleanEntity[], input: ApplyInput): Promise<[Endpoint, Endpoint][]> {
  // A name of punctuation only would be stored empty (or unmatchable): no entity can be named so.
  const nameless = entities.findIndex(e => entityKey(e.name) === '');
  if (nameless >= 0) throw new InputError(['body', 'entities', nameless, 'name'], `"${input.entities[nameless]!.name}" has no letter or digit: it cannot name an entity`);
  if (input.resolution === 'exact') {
    const problem = exactBatchProblem(entities);
    if (problem) throw new InputError(problem.loc, problem.message);
  }
  const endpoints: [Endpoint, Endpoint][] = [];
  for (const [i, relationship] of input.relationships.entries()) {
    const pair: Endpoint[] = [];
    for (const side of ['source', 'target'] as const) {
      const ref = relationship[side];
      const index = batchIndexOf(ref, entities, input.resolution, entityKey);
      const stored = index >= 0 ? null : await storedEntityNamed(repos, ref, input.resolution);
      if (index < 0 && !stored) {
        throw new InputError(['body', 'relationships', i, side], `"${ref}" names no entity of this batch and no stored entity`);
      }
      pair.push(index >= 0 ? { batch: index } : { stored: stored!.id });
    }
    endpoints.push(pair as [Endpoint, Endpoint]);
  }
  // Entries that will be looked up by name: several stored entities with that exact name and type are ambiguous.
  const byName = entities.filter(e => e.id === null || input.resolution === 'auto');
  const stored = await repos.entities.findByNames(byName.map(e => e.name));
  for (const entity of byName) {
    if (entity.id !== null && (await repos.entities.getById(entity.id))) continue;
    const matches = exactMatches(entity, stored);
    if (matches.length > 1) {
      throw conflict('ambiguous_entity', `Several stored entities are named "${entity.name}" with type "${entity.entity_type}": name one by id (exact mode) before applying`, {
        name: entity.name,
        entity_type: entity.entity_type,
        candidates: matches.map(m => ({ id: m.id, name: m.name, entity_type: m.entity_type })),
      });
    }
  }
  return endpoints;
}

/** A stored entity a relationship may name outside the batch: by id, or by its one exact name (by match key in auto mode). */
async function storedEntityNamed(repos: Repos, ref: string, resolution: Resolution): Promise<EntityRecord | null> {
  const byId = await repos.entities.getById(ref);
  if (byId) return byId;
  if (resolution === 'exact') {
    const named = await repos.entities.findByNames([ref]);
    return named.length === 1 ? named[0] : null;
  }
  const wanted = { name: ref, entity_type: 'other' };
  const { keys, byKey } = await candidatesFor(repos, [wanted]);
  return chooseAutoMatch(wanted, keys[0].flatMap(key => byKey.get(key) ?? []));
}

/** Looks up (or creates) one entity and links the memory to it, inside one transaction. */
async function resolveOne(tx: Repos, deps: Pick<Deps, 'ids' | 'clock'>, memory: MemoryRecord, entity: CleanEntity, input: ApplyInput) {
  const at = deps.clock.now();
  await tx.locks.hold([memoryLock(memory.id)]); // the background queue's write of this memory's graph waits, then keeps this mention
  await tx.locks.hold([entityKey(entity.name), ...(entity.aliases ?? []).map(entityKey)].map(entityLock));
  let result: { entity: EntityRecord; action: 'created' | 'reused' };
  const byId = entity.id !== null ? await tx.entities.getById(entity.id) : undefined;
  if (byId) {
    result = { entity: await enrich(tx, byId, entity, at), action: 'reused' };
  } else if (input.resolution === 'exact') {
    const same = entity.id === null ? exactMatches(entity, await tx.entities.findByNames([entity.name])) : [];
    if (same.length > 1) throw conflict('ambiguous_entity', `Several stored entities are named "${entity.name}"`);
    if (same.length === 1) {
      result = { entity: await enrich(tx, same[0], entity, at), action: 'reused' };
    } else {
      const created = newEntity(entity.id ?? deps.ids.next(), entity, at, true);
      await tx.entities.insert(created, [entityKey(created.name), ...created.aliases.map(entityKey)]);
      result = { entity: created, action: 'created' };
    }
  } else {
    [result] = await resolveAuto(tx, deps, [entity], { callerTypes: true });
  }
  await tx.mentions.add([{ memory_id: memory.id, entity_id: result.entity.id, occurrences: 1, confidence: input.extraction_confidence ?? entity.confidence ?? 1, created_at: at, applied: true }]);
  return result;
}
