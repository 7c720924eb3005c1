import type { EntityRelationRecord, EntitySnapshot, LabelRecord, MemoryRelationRecord, MemorySnapshot, Repos, RestoreRows } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { findLabelsByName } from '../labels/ensure.ts';

export type RestoreStatus = 'restored' | 'not_found' | 'conflict';

const uniqueBy = <R>(rows: R[], key: (r: R) => string): R[] => {
  const seen = new Set<string>();
  return rows.filter(r => !seen.has(key(r)) && seen.add(key(r)));
};

/**
 * Entities to bring back: one that still exists is used as it is; one gone since, when a live entity of the same type
 * now holds one of its keys, is replaced by that one (no fork); otherwise it is inserted again with its id.
 */
async function planEntities(tx: Repos, snapshots: EntitySnapshot[]) {
  const entities = uniqueBy(snapshots, e => e.entity.id);
  const existing = (await tx.trash.existing({ entities: entities.map(e => e.entity.id) })).entities;
  const idFor = new Map<string, string>();
  const insert: EntitySnapshot[] = [];
  for (const snapshot of entities) {
    const { id, entity_type } = snapshot.entity;
    if (existing.has(id)) continue;
    const twin = (await tx.entities.findByKeys(snapshot.keys)).find(m => m.entity.entity_type === entity_type);
    if (twin) idFor.set(id, twin.entity.id);
    else insert.push(snapshot);
  }
  return { idFor, insert };
}

/**
 * Labels to bring back: by id while it exists, else the label its name now means (the same name, or the same
 * canonical form: a label merged away since is not made again), else the label made again.
 */
async function planLabels(tx: Repos, labels: LabelRecord[]) {
  const unique = uniqueBy(labels, l => l.id);
  const existing = (await tx.trash.existing({ labels: unique.map(l => l.id) })).labels;
  const missing = unique.filter(l => !existing.has(l.id));
  const byName = new Map([...(await findLabelsByName(tx, missing.map(l => l.name)))].map(([name, l]) => [name, l.id]));
  const idFor = new Map<string, string>();
  const insert: LabelRecord[] = [];
  for (const label of missing) {
    const current = byName.get(label.name);
    if (current) idFor.set(label.id, current);
    else {
      insert.push(label);
      byName.set(label.name, label.id); // two trashed labels of one name (deleted at different times) come back as one
    }
  }
  return { idFor, insert };
}

/**
 * Every row of the snapshots whose other ends exist now or come back in the same call; `waiting` are the memory
 * relations whose other memory is still missing.
 */
async function planRows(tx: Repos, snapshots: MemorySnapshot[], semantic: boolean): Promise<{ rows: RestoreRows; waiting: MemoryRelationRecord[] }> {
  const restoring = new Set(snapshots.map(s => s.memory.id));
  const entityPlan = await planEntities(tx, snapshots.flatMap(s => s.entities));
  const labelPlan = await planLabels(tx, snapshots.flatMap(s => s.labels.map(l => l.label)));
  const entityId = (id: string) => entityPlan.idFor.get(id) ?? id;
  const labelId = (id: string) => labelPlan.idFor.get(id) ?? id;

  const relations = uniqueBy(snapshots.flatMap(s => s.relations), r => r.id);
  const entityRelations = uniqueBy(
    snapshots.flatMap(s => [...s.entity_relations, ...s.entities.flatMap(e => e.relations)]),
    r => r.id,
  ).map((r): EntityRelationRecord => ({ ...r, source_entity_id: entityId(r.source_entity_id), target_entity_id: entityId(r.target_entity_id) }));
  const mentions = snapshots.flatMap(s => s.mentions).map(m => ({ ...m, entity_id: entityId(m.entity_id) }));
  const mergeEdges = snapshots.flatMap(s => s.merge_edges);

  const found = await tx.trash.existing({
    memories: [...relations.flatMap(r => [r.source_memory_id, r.target_memory_id]), ...entityRelations.flatMap(r => (r.memory_id ? [r.memory_id] : []))],
    entities: [...mentions.map(m => m.entity_id), ...entityRelations.flatMap(r => [r.source_entity_id, r.target_entity_id])],
    merges: mergeEdges.map(e => e.merge_id),
  });
  const memoryAlive = (id: string) => restoring.has(id) || found.memories.has(id);
  const inserted = new Set(entityPlan.insert.map(e => e.entity.id));
  const entityAlive = (id: string) => inserted.has(id) || found.entities.has(id);

  const rows: RestoreRows = {
    entities: entityPlan.insert,
    labels: labelPlan.insert,
    // Vectors went with the delete: with semantic search on, the restored memories are queued for embedding again.
    memories: snapshots.map(s => ({ ...s.memory, reindex_needed: s.memory.reindex_needed || semantic })),
    memory_labels: snapshots.flatMap(s => s.labels.map(l => ({ memory_id: s.memory.id, label_id: labelId(l.label.id), created_at: l.created_at }))),
    relations: relations.filter(r => memoryAlive(r.source_memory_id) && memoryAlive(r.target_memory_id)),
    mentions: mentions.filter(m => entityAlive(m.entity_id)),
    entity_relations: entityRelations.filter(
      r => entityAlive(r.source_entity_id) && entityAlive(r.target_entity_id) && r.source_entity_id !== r.target_entity_id && (r.memory_id === null || memoryAlive(r.memory_id)),
    ),
    merge_edges: mergeEdges.filter(e => found.merges.has(e.merge_id)),
    crystals: snapshots.flatMap(s => (s.crystal ? [s.crystal] : [])),
  };
  return { rows, waiting: relations.filter(r => !memoryAlive(r.source_memory_id) || !memoryAlive(r.target_memory_id)) };
}

/**
 * Relations to memories that are themselves in the trash are handed to those trash items, so restoring the other
 * memory later brings the relation back, whichever is restored first.
 */
async function handOver(tx: Repos, waiting: MemoryRelationRecord[], restoring: Set<string>) {
  const others = waiting.flatMap(r => [r.source_memory_id, r.target_memory_id]).filter(id => !restoring.has(id));
  if (others.length === 0) return;
  const items = await tx.trash.getMany(others);
  for (const item of items) {
    const touching = waiting.filter(r => r.source_memory_id === item.memory_id || r.target_memory_id === item.memory_id);
    item.snapshot.relations = uniqueBy([...item.snapshot.relations, ...touching], r => r.id);
  }
  await tx.trash.insert(items);
}

/** restoreFromTrash's work inside the caller's transaction (sync restores a memory an edit from another device revived). */
export async function restoreInTransaction(tx: Repos, deps: Pick<Deps, 'clock' | 'indexer'>, ids: string[]): Promise<Map<string, RestoreStatus>> {
  await tx.trash.purgeExpired(deps.clock.now());
  const items = new Map((await tx.trash.getMany(ids)).map(item => [item.memory_id, item]));
  const live = (await tx.trash.existing({ memories: [...items.keys()] })).memories;
  const restorable = [...items.values()].filter(item => !live.has(item.memory_id)).map(item => item.snapshot);
  if (restorable.length > 0) {
    const { rows, waiting } = await planRows(tx, restorable, Boolean(deps.indexer));
    await tx.trash.putBack(rows);
    await handOver(tx, waiting, new Set(restorable.map(s => s.memory.id)));
    await tx.trash.remove(restorable.map(s => s.memory.id));
  }
  return new Map(ids.map((id): [string, RestoreStatus] => [id, !items.has(id) ? 'not_found' : live.has(id) ? 'conflict' : 'restored']));
}

/**
 * Brings memories back from the trash in one transaction, exactly as they were (same id, fields, labels, relations,
 * graph links), with the edges to memories and entities that exist now or come back in the same call. An id not in
 * the trash (or expired) is `not_found`; one whose id a live memory holds again is `conflict` and stays in the trash.
 */
export async function restoreFromTrash(deps: Pick<Deps, 'store' | 'clock' | 'indexer'>, input: { ids: string[] }) {
  const ids = [...new Set(input.ids)];
  const statuses = await deps.store.transaction(tx => restoreInTransaction(tx, deps, ids));
  const restored = [...statuses.values()].filter(s => s === 'restored').length;
  if (restored > 0) deps.indexer?.kick();
  return {
    restored_count: restored,
    failed_count: ids.length - restored,
    results: ids.map(id => {
      const status = statuses.get(id)!;
      if (status === 'not_found') return { id, status, reason: 'Not in the trash (never deleted, restored, emptied or expired)' };
      if (status === 'conflict') return { id, status, reason: 'A memory with this id exists; delete it first to restore this one' };
      return { id, status };
    }),
    message: `Restored ${restored} of ${ids.length} memories`,
  };
}
