import { entityKey } from '../../domain/entity.ts';
import type { Extraction } from '../../providers/ports.ts';
import type { EntityRelationRecord, MemoryRecord, MentionInput, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentEntity, type EntityNode } from '../readModel/entities.ts';
import { cleanWanted, keysOf, resolveAuto, type WantedEntity } from './resolve.ts';

/** Weight of a RELATES_TO edge from one sentence: typed relations count more than co-occurrence. */
const relationWeight = (type: string) => (type === 'RELATED_TO' ? 0.5 : 1);

export interface MemoryGraph {
  entities: EntityNode[];
  /** MENTIONS and RELATES_TO edges written. */
  relationships: number;
}

/**
 * Writes an extraction as the memory's graph, inside the caller's transaction: entities resolved automatically
 * (created when new), MENTIONS edges memory → entity, RELATES_TO edges between them evidenced by this memory.
 * With `replace`, the memory's previous automatic mentions and relations go first, and entities only they pointed to
 * that nothing else mentions are removed (except caller-owned ones, which only an explicit delete removes). What an
 * explicit apply wrote stays: an automatic rewrite, whenever it lands, never undoes a person's action.
 * With `present: false` the entities are not read back (`entities` is empty): the background queue wants none, and
 * the read is a fifth of its write's database time, spent holding the write lock.
 */
export async function writeMemoryGraph(
  tx: Repos,
  deps: Pick<Deps, 'ids' | 'clock'>,
  memory: Pick<MemoryRecord, 'id'>,
  extraction: Extraction,
  options: { replace: boolean; present?: boolean },
): Promise<MemoryGraph> {
  const [graph] = await writeMemoryGraphs(tx, deps, [{ memory, extraction }], options);
  if (options.present === false || graph!.entityIds.length === 0) return { entities: [], relationships: graph!.relationships };
  const stored = await tx.entities.getMany(graph!.entityIds);
  const order = new Map(graph!.entityIds.map((id, i) => [id, i]));
  stored.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { entities: stored.map(presentEntity), relationships: graph!.relationships };
}

/**
 * writeMemoryGraph for several memories at once (the background queue's batch), as if written one after another:
 * the entities of all are resolved together (a name in two of them is one entity, created once) and the edges of all
 * inserted together, so a batch costs a few statements instead of a few per memory, all holding the write lock.
 * For each memory, the ids of the entities it mentions and how many edges were written.
 */
export function writeMemoryGraphs(
  tx: Repos,
  deps: Pick<Deps, 'ids' | 'clock'>,
  items: readonly { memory: Pick<MemoryRecord, 'id'>; extraction: Extraction }[],
  options: { replace: boolean },
): Promise<{ entityIds: string[]; relationships: number }[]> {
  return writePlannedGraphs(tx, deps, planGraphs(items), options);
}

/** A memory's graph as far as it can be worked out before the transaction: its entities cleaned, with their keys. */
export interface PlannedGraph {
  memoryId: string;
  wanted: (WantedEntity & { occurrences: number })[];
  /** For each wanted entity, the keys it is found by (entityKeys). */
  keys: string[][];
  relationships: Extraction['relationships'];
}

/**
 * The part of writing graphs that reads nothing stored (names cleaned, value types, keys): the background queue
 * works it out before it takes the write lock, which is then held only for what depends on the database.
 */
export function planGraphs(items: readonly { memory: Pick<MemoryRecord, 'id'>; extraction: Extraction }[]): PlannedGraph[] {
  return items.map(({ memory, extraction }) => {
    const wanted = extraction.entities.map(e => ({ ...cleanWanted(e), occurrences: e.occurrences ?? 1 })).filter(e => entityKey(e.name) !== '');
    return { memoryId: memory.id, wanted, keys: wanted.map(keysOf), relationships: extraction.relationships };
  });
}

/** writeMemoryGraphs of graphs planned beforehand (planGraphs), inside the caller's transaction. */
export async function writePlannedGraphs(
  tx: Repos,
  deps: Pick<Deps, 'ids' | 'clock'>,
  planned: readonly PlannedGraph[],
  options: { replace: boolean },
): Promise<{ entityIds: string[]; relationships: number }[]> {
  const previous = options.replace ? await detach(tx, planned.map(p => p.memoryId)) : [];
  const resolved = await resolveAuto(tx, deps, planned.flatMap(p => p.wanted), { keys: planned.flatMap(p => p.keys) });
  const at = deps.clock.now();
  const mentions: MentionInput[] = [];
  const relations: EntityRelationRecord[] = [];
  const graphs = planned.map(({ memoryId, wanted, relationships }) => {
    const mine = resolved.splice(0, wanted.length);
    const occurrences = new Map<string, { occurrences: number; confidence: number }>();
    const idByKey = new Map<string, string>();
    mine.forEach(({ entity }, i) => {
      const entry = occurrences.get(entity.id) ?? { occurrences: 0, confidence: 0 };
      entry.occurrences += wanted[i]!.occurrences;
      entry.confidence = Math.max(entry.confidence, wanted[i]!.confidence ?? 0.5);
      occurrences.set(entity.id, entry);
      idByKey.set(entityKey(wanted[i]!.name), entity.id);
    });
    for (const [entity_id, m] of occurrences) mentions.push({ memory_id: memoryId, entity_id, ...m, created_at: at });
    const before = relations.length;
    for (const r of occurrences.size ? relationships : []) {
      const source = idByKey.get(entityKey(r.source));
      const target = idByKey.get(entityKey(r.target));
      if (!source || !target || source === target) continue;
      relations.push({
        id: deps.ids.next(),
        source_entity_id: source,
        target_entity_id: target,
        relation_type: r.relation_type,
        weight: relationWeight(r.relation_type),
        confidence: r.confidence,
        description: r.description ?? '',
        memory_id: memoryId,
        created_at: at,
      });
    }
    return { entityIds: [...occurrences.keys()], relationships: occurrences.size + relations.length - before };
  });
  if (mentions.length) await tx.mentions.add(mentions);
  if (relations.length) await tx.entityRelations.insertMany(relations);
  await pruneOrphans(tx, previous);
  return graphs;
}

/** Removes the memories' automatic MENTIONS and the RELATES_TO edges they evidenced; returns the entities they pointed to. */
async function detach(tx: Repos, memoryIds: string[]): Promise<string[]> {
  const entityIds = await tx.mentions.removeForMemories(memoryIds, { automaticOnly: true });
  await tx.entityRelations.removeForMemories(memoryIds, { automaticOnly: true });
  return entityIds;
}

async function pruneOrphans(tx: Repos, entityIds: string[]) {
  if (entityIds.length === 0) return;
  const removable = (await tx.entities.getMany(entityIds)).filter(e => !e.caller_owned && e.mention_count === 0).map(e => e.id);
  await tx.entities.deleteUnmentioned(removable);
}

/**
 * Removes a memory from the graph before it is deleted: its MENTIONS and the relations it evidenced, and with
 * `cascade` the entities no other memory mentions. Returns the edges and entities removed (and the removed entities' ids).
 */
export async function detachMemoryGraph(
  tx: Repos,
  memoryId: string,
  cascade: boolean,
): Promise<{ edges: number; entities: number; deleted_entity_ids: string[] }> {
  const entityIds = await tx.mentions.removeForMemories([memoryId]);
  const relations = await tx.entityRelations.removeForMemories([memoryId]);
  const deleted = cascade ? await tx.entities.deleteUnmentioned(entityIds) : [];
  return { edges: entityIds.length + relations, entities: deleted.length, deleted_entity_ids: deleted };
}
