import { entityKey } from '../../domain/entity.ts';
import type { Extraction } from '../../providers/ports.ts';
import type { EntityRelationRecord, MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentEntity, type EntityNode } from '../readModel/entities.ts';
import { cleanWanted, resolveAuto } from './resolve.ts';

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
  const previous = options.replace ? await detach(tx, memory.id) : [];
  const wanted = extraction.entities.map(e => ({ ...cleanWanted(e), occurrences: e.occurrences ?? 1 })).filter(e => entityKey(e.name) !== '');
  if (wanted.length === 0) {
    await pruneOrphans(tx, previous);
    return { entities: [], relationships: 0 };
  }
  const resolved = await resolveAuto(tx, deps, wanted);
  const at = deps.clock.now();
  const occurrences = new Map<string, { occurrences: number; confidence: number }>();
  const idByKey = new Map<string, string>();
  resolved.forEach(({ entity }, i) => {
    const entry = occurrences.get(entity.id) ?? { occurrences: 0, confidence: 0 };
    entry.occurrences += wanted[i].occurrences;
    entry.confidence = Math.max(entry.confidence, wanted[i].confidence ?? 0.5);
    occurrences.set(entity.id, entry);
    idByKey.set(entityKey(wanted[i].name), entity.id);
  });
  await tx.mentions.add([...occurrences].map(([entity_id, m]) => ({ memory_id: memory.id, entity_id, ...m, created_at: at })));

  const relations: EntityRelationRecord[] = [];
  for (const r of extraction.relationships) {
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
      memory_id: memory.id,
      created_at: at,
    });
  }
  await tx.entityRelations.insertMany(relations);
  await pruneOrphans(tx, previous);
  if (options.present === false) return { entities: [], relationships: occurrences.size + relations.length };
  const stored = await tx.entities.getMany([...occurrences.keys()]);
  const order = new Map([...occurrences.keys()].map((id, i) => [id, i]));
  stored.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { entities: stored.map(presentEntity), relationships: occurrences.size + relations.length };
}

/** Removes the memory's automatic MENTIONS and the RELATES_TO edges they evidenced; returns the entities they pointed to. */
async function detach(tx: Repos, memoryId: string): Promise<string[]> {
  const entityIds = await tx.mentions.removeForMemory(memoryId, { automaticOnly: true });
  await tx.entityRelations.removeForMemory(memoryId, { automaticOnly: true });
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
  const entityIds = await tx.mentions.removeForMemory(memoryId);
  const relations = await tx.entityRelations.removeForMemory(memoryId);
  const deleted = cascade ? await tx.entities.deleteUnmentioned(entityIds) : [];
  return { edges: entityIds.length + relations, entities: deleted.length, deleted_entity_ids: deleted };
}
