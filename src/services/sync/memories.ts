import { createHash } from 'node:crypto';
import { EVOLVES_TYPE } from '../../domain/evolves.ts';
import type { FieldClock, LabelRecord, MemoryRecord, MemoryRelationRecord, Repos, SyncStamp } from '../../storage/ports.ts';
import { detachMemoryGraph } from '../graph/write.ts';
import { captureForTrash, contentPreview, expiresAt, moveToTrash } from '../trash/capture.ts';
import { restoreInTransaction } from '../trash/restore.ts';
import type { ApplyRun, LosingText } from './applyRun.ts';
import type { SyncChange, SyncConflict } from './changeLog.ts';
import { hlcTime, isNewer, stampText } from './clock.ts';
import { keyString, SYNCED_TABLES } from './tables.ts';

/** A UUID-shaped id made from `parts`: every device makes the same one for the same thing. */
function stableId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Whether applying `incoming` text to a memory is a conflict: the memory's content was changed on two devices,
 * neither change made knowing the other (a change carries the clock of the text it replaced, `base`). Whichever
 * text loses by clock is kept (keepLosingText); both devices decide the same winner and loser.
 */
export function contentConflict(
  memoryId: string,
  row: Record<string, unknown>,
  incoming: string,
  change: SyncChange,
  current: FieldClock | undefined,
): { report: SyncConflict; loser: LosingText } | null {
  if (!current || current.device === change.device || row.content === incoming) return null;
  const stamp: SyncStamp = { hlc: change.hlc, device: change.device };
  const incomingWins = isNewer(stamp, current);
  // The winner replaced the loser knowingly: an ordinary edit, not a conflict.
  if (incomingWins ? change.base === stampText(current) : current.base === stampText(stamp)) return null;
  const [winner, loser] = incomingWins ? [stamp, current] : [current, stamp];
  const versionId = stableId('sync-version', memoryId, loser.hlc, loser.device);
  return {
    report: { entity: 'memory', key: memoryId, field: 'content', winner: { hlc: winner.hlc, device: winner.device }, loser: { hlc: loser.hlc, device: loser.device }, keptAs: versionId },
    loser: { memoryId, memory: row, content: incomingWins ? String(row.content) : incoming, stamp: { hlc: loser.hlc, device: loser.device }, versionId },
  };
}

/**
 * Keeps losing text as an older version: a superseded memory holding it, linked from the memory by an EVOLVES edge
 * (newer → older, as every version is). Written as this device's own change, so it syncs like any memory.
 */
export async function keepLosingText(run: ApplyRun, loser: LosingText): Promise<void> {
  const { tx } = run;
  const memories = SYNCED_TABLES.memory;
  if ((await tx.sync.readRow(memories, [loser.versionId])) || (await tx.sync.clocks('memory', loser.versionId)).has('')) return;
  const at = hlcTime(loser.stamp.hlc);
  await tx.sync.insertRow(memories, {
    ...loser.memory, id: loser.versionId, content: loser.content, lifecycle_state: 'superseded', is_latest: 0, is_crystal: 0, is_favorite: 0, favorited_at: null,
    state_reason: `Edited on two devices: this text lost to a later edit (device ${loser.stamp.device})`, state_changed_at: at,
    created_at: at, updated_at: at, version: 1, reindex_needed: run.deps.indexer ? 1 : 0,
  });
  const edge = {
    id: stableId('sync-version-edge', loser.versionId), source_memory_id: loser.memoryId, target_memory_id: loser.versionId,
    relation_type: EVOLVES_TYPE, strength: 1, confidence: 1, bidirectional: 0, status: 'active', reviewed: 0, source: 'sync', author_id: null,
    agent_id: null, source_app: null, reason: 'Edited on two devices: the older version keeps the text that lost',
    properties: JSON.stringify({ relation: 'replaces', detected_by: 'auto' }), created_at: at, updated_at: at,
  };
  // The memory may have been deleted later in the same batch: the edge then waits in its trash snapshot, where no
  // trigger sees it, so it is logged here. Unlogged, a device that revived the memory would hold an edge no other has.
  const relations = SYNCED_TABLES.relation;
  if (await tx.sync.readRow(memories, [loser.memoryId])) await tx.sync.insertRow(relations, edge);
  else if (await keepWithTrashed(run, 'relation', edge)) await tx.sync.recordPut(relations, keyString(relations, [edge.source_memory_id, edge.target_memory_id, edge.relation_type]), edge);
  await tx.extractionQueue.enqueueNew({ memory_id: loser.versionId, content_version: 1, level: '', queued_at: run.deps.clock.now(), evolves: false, auto_label: false });
}

export async function memoryInTrash(tx: Repos, id: string): Promise<boolean> {
  return (await tx.trash.getMany([id])).length > 0;
}

const BOOLEAN_COLUMNS = new Set(['title_derived', 'is_latest', 'is_crystal', 'is_favorite']);
/** Synced columns as a MemoryRecord holds them (what a trash snapshot stores). */
function asRecordFields(fields: Record<string, unknown>): Partial<MemoryRecord> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    out[name] = BOOLEAN_COLUMNS.has(name) ? value === 1 || value === true : name === 'metadata' && typeof value === 'string' ? JSON.parse(value) : value;
  }
  return out as Partial<MemoryRecord>;
}

/**
 * An edit of a memory this device holds in the trash. Made after the delete: the memory comes back (with what the
 * delete took) and the edit applies to it; returns its row. Made before: the delete stands and the edit is written
 * into the trashed memory, so a restore brings it back; returns undefined.
 */
export async function reviveOrKeepInTrash(
  run: ApplyRun,
  id: string,
  stamp: SyncStamp,
  clocks: Map<string, FieldClock>,
  winning: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const { tx } = run;
  const deleted = clocks.get('');
  if (!deleted || isNewer(stamp, deleted)) {
    await restoreInTransaction(tx, run.deps, [id]);
    return tx.sync.readRow(SYNCED_TABLES.memory, [id]);
  }
  const [item] = await tx.trash.getMany([id]);
  const memory = { ...item.snapshot.memory, ...asRecordFields(winning) };
  await tx.trash.insert([{ ...item, title: memory.title, content_preview: contentPreview(memory.content), snapshot: { ...item.snapshot, memory } }]);
  return undefined;
}

/**
 * A memory made elsewhere and deleted there before this device saw it: the delete arrived first, then the memory.
 * It goes straight into the trash, as it is in the deleting device's trash, so it can still be restored here.
 */
export async function trashArrival(run: ApplyRun, fields: Record<string, unknown>, deleted: SyncStamp): Promise<void> {
  const { tx, deps } = run;
  const id = String(fields.id);
  if (deps.trashDays <= 0 || (await memoryInTrash(tx, id))) return;
  const memory = { ...asRecordFields(fields), version: 1, reindex_needed: false } as MemoryRecord;
  const at = hlcTime(deleted.hlc);
  await tx.trash.insert([{
    memory_id: id, space_id: memory.space_id, title: memory.title, content_preview: contentPreview(memory.content), deleted_at: at,
    expires_at: expiresAt(at, deps.trashDays),
    snapshot: { memory, labels: [], relations: [], mentions: [], entity_relations: [], merge_edges: [], entities: [] },
  }]);
}

/**
 * A label edge or a memory relation for a memory this device holds in the trash: kept in the trashed memory's
 * snapshot (both ends', for a relation between two trashed memories), so a restore, or an edit that revives it,
 * brings it back as on the device that wrote it. Whether it was kept.
 */
export async function keepWithTrashed(run: ApplyRun, entity: string, fields: Record<string, unknown>): Promise<boolean> {
  const { tx } = run;
  const ends = entity === 'relation' ? [String(fields.source_memory_id), String(fields.target_memory_id)] : [String(fields.memory_id)];
  const items = await tx.trash.getMany(ends);
  if (items.length === 0) return false;
  if (entity === 'memory_label') {
    const label = (await tx.sync.readRow(SYNCED_TABLES.label, [String(fields.label_id)])) as LabelRecord | undefined;
    if (!label) return false;
    for (const item of items) item.snapshot.labels = [...item.snapshot.labels.filter(l => l.label.id !== label.id), { label, created_at: String(fields.created_at) }];
  } else {
    const relation = {
      ...fields, bidirectional: fields.bidirectional === 1, reviewed: fields.reviewed === 1, properties: JSON.parse(String(fields.properties ?? '{}')),
    } as MemoryRelationRecord;
    for (const item of items) item.snapshot.relations = [...item.snapshot.relations.filter(r => r.id !== relation.id), relation];
  }
  await tx.trash.insert(items);
  return true;
}

/** The delete of a label edge or relation of a trashed memory: taken out of its snapshot too, so a restore keeps it deleted. */
export async function dropFromTrashed(run: ApplyRun, entity: string, key: string[]): Promise<void> {
  const { tx } = run;
  const ends = entity === 'relation' ? [key[0], key[1]] : [key[0]];
  const items = await tx.trash.getMany(ends);
  if (items.length === 0) return;
  for (const item of items) {
    if (entity === 'memory_label') item.snapshot.labels = item.snapshot.labels.filter(l => l.label.id !== key[1]);
    else item.snapshot.relations = item.snapshot.relations.filter(r => !(r.source_memory_id === key[0] && r.target_memory_id === key[1] && r.relation_type === key[2]));
  }
  await tx.trash.insert(items);
}

/** A delete from another device: as a local delete does it (cascade_delete off), into the trash unless it is off. */
export async function deleteMemoryHere(run: ApplyRun, id: string): Promise<void> {
  const { tx, deps } = run;
  const snapshots = await captureForTrash(tx, deps, [id]);
  const graph = await detachMemoryGraph(tx, id, false);
  await tx.memories.deleteMany([id]);
  if (snapshots) await moveToTrash(tx, deps, snapshots, { snapshots: [], ids: graph.deleted_entity_ids });
  run.rewritten.delete(id);
}

/**
 * Memories whose text arrived or changed: a new content version, the search index asked to embed it again, and the
 * extraction queue (entities, graph, EVOLVES detection for new ones), as a local write does. These are derived
 * writes: the recording triggers do not log them.
 */
export async function recomputeDerived(run: ApplyRun): Promise<void> {
  const { tx, deps } = run;
  const at = deps.clock.now();
  for (const [id, kind] of run.rewritten) {
    const memory = await tx.memories.getById(id);
    if (!memory) continue;
    if (kind === 'new') {
      await tx.extractionQueue.enqueue({ memory_id: id, content_version: memory.version, level: '', queued_at: at, evolves: true });
      continue;
    }
    const version = memory.version + 1;
    await tx.memories.update(id, { version, ...(deps.indexer ? { reindex_needed: true } : {}) });
    await tx.extractionQueue.enqueue({ memory_id: id, content_version: version, level: '', queued_at: at });
  }
}
