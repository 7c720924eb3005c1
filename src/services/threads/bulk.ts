/**
 * Threads in bulk: moved to another space (preview first), deleted through the thread trash (restorable for
 * CAIRN_TRASH_DAYS), and restored from it. A selection is `mode: "ids"` (the thread_ids given, in the source space)
 * or `mode: "space"` (every thread of `source_space_id`), minus `exclude_thread_ids`; at most THREAD_BULK_LIMIT.
 */
import { InputError } from '../../errors.ts';
import { THREAD_BULK_LIMIT } from '../../domain/thread.ts';
import { spaceOrDefault } from '../../domain/space.ts';
import type { Repos, ThreadRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { deleteMemory } from '../memories/delete.ts';
import { expiresAt } from '../trash/capture.ts';
import { threadLock } from './messages.ts';

export interface ThreadSelection {
  mode: 'ids' | 'space';
  thread_ids: string[];
  source_space_id?: string | null;
  exclude_thread_ids: string[];
}

interface ResolvedSelection {
  mode: 'ids' | 'space';
  source_space_id: string;
  /** Thread ids selected, after exclusions: what the bound counts. */
  selected: string[];
  /** The selected threads the source space holds. */
  found: ThreadRecord[];
  excluded_count: number;
}

/** A selection as the threads it names in its source space. Reads only. */
async function resolveSelection(repos: Pick<Repos, 'threads'>, selection: ThreadSelection): Promise<ResolvedSelection> {
  if (selection.mode === 'space' && !selection.source_space_id) {
    throw new InputError(['body', 'selection', 'source_space_id'], 'source_space_id is required when mode is "space"', 'missing');
  }
  const space = spaceOrDefault(selection.source_space_id);
  const excluded = new Set(selection.exclude_thread_ids);
  const inSpace = selection.mode === 'space' ? await repos.threads.listAll(space) : null;
  const candidates = inSpace ? inSpace.map(t => t.thread_id) : [...new Set(selection.thread_ids)];
  const selected = candidates.filter(id => !excluded.has(id));
  let found: ThreadRecord[] = [];
  if (inSpace) found = inSpace.filter(t => !excluded.has(t.thread_id));
  else if (selected.length <= THREAD_BULK_LIMIT) {
    for (const id of selected) {
      const thread = await repos.threads.get(space, id);
      if (thread) found.push(thread);
    }
  }
  return { mode: selection.mode, source_space_id: space, selected, found, excluded_count: candidates.length - selected.length };
}

function requireWithinBound(selection: ResolvedSelection, verb: string) {
  if (selection.selected.length > THREAD_BULK_LIMIT) {
    throw new InputError(['body', 'selection'], `Selection has ${selection.selected.length} threads; at most ${THREAD_BULK_LIMIT} may be ${verb} at once`, 'value_error.limit_exceeded');
  }
}

/** Threads the target space already has under the same thread_id: they would collide, so they are not moved. */
async function moveConflicts(repos: Pick<Repos, 'threads'>, threads: ThreadRecord[], target: string) {
  const conflicts = [];
  for (const thread of threads) {
    if (await repos.threads.get(target, thread.thread_id)) conflicts.push({ thread_id: thread.thread_id, reason: `Space ${target} already has a thread ${thread.thread_id}` });
  }
  return conflicts;
}

export interface BulkMoveInput {
  selection: ThreadSelection;
  target_space_id: string;
}

/** What a move would do: how many threads, which would collide in the target; changes nothing. */
export async function previewBulkMoveThreads(deps: Pick<Deps, 'store'>, input: BulkMoveInput) {
  const selection = await resolveSelection(deps.store, input.selection);
  const count = selection.selected.length;
  const limitExceeded = count > THREAD_BULK_LIMIT;
  const conflicts = limitExceeded ? [] : await moveConflicts(deps.store, selection.found, input.target_space_id);
  return {
    count,
    found_count: selection.found.length,
    max_allowed: THREAD_BULK_LIMIT,
    limit_exceeded: limitExceeded,
    source_space_id: selection.source_space_id,
    target_space_id: input.target_space_id,
    selection_mode: selection.mode,
    excluded_count: selection.excluded_count,
    conflicts,
    message: limitExceeded
      ? `Selection has ${count} threads; at most ${THREAD_BULK_LIMIT} may be moved at once`
      : `${selection.found.length - conflicts.length} threads would move from ${selection.source_space_id} to ${input.target_space_id}` +
        (conflicts.length ? ` (${conflicts.length} already there by thread_id, left in place)` : ''),
  };
}

/**
 * Moves the selected threads, messages and all, into another space in one transaction. A thread whose thread_id the
 * target already has is left in place and listed in `conflicts`; ids the source space lacks count as failed.
 * Memories distilled from a thread stay in their space.
 */
export async function bulkMoveThreads(deps: Pick<Deps, 'store' | 'clock'>, input: BulkMoveInput) {
  const preview = await resolveSelection(deps.store, input.selection);
  requireWithinBound(preview, 'moved');
  const target = input.target_space_id;
  if (preview.source_space_id === target) throw new InputError(['body', 'target_space_id'], 'target_space_id must differ from the source space');
  const { moved, conflicts } = await deps.store.transaction(async tx => {
    const ids = preview.found.map(t => t.thread_id);
    await tx.locks.hold([...ids.map(id => threadLock(preview.source_space_id, id)), ...ids.map(id => threadLock(target, id))]);
    const selection = await resolveSelection(tx, { ...input.selection, mode: 'ids', thread_ids: ids, exclude_thread_ids: [], source_space_id: preview.source_space_id });
    const conflicts = await moveConflicts(tx, selection.found, target);
    const blocked = new Set(conflicts.map(c => c.thread_id));
    const at = deps.clock.now();
    let moved = 0;
    for (const thread of selection.found) {
      if (blocked.has(thread.thread_id)) continue;
      await tx.threads.update(thread.id, { space_id: target, updated_at: at });
      moved++;
    }
    return { moved, conflicts };
  });
  return {
    moved_count: moved,
    failed_count: preview.selected.length - moved,
    source_space_id: preview.source_space_id,
    target_space_id: target,
    conflicts,
    message: `Moved ${moved} threads from ${preview.source_space_id} to ${target}`,
  };
}

export interface BulkDeleteInput {
  selection: ThreadSelection;
  cascade_delete_memories: boolean;
}

type DeleteDeps = Pick<Deps, 'store' | 'clock' | 'trashDays'> & Parameters<typeof deleteMemory>[0];

/**
 * Deletes the selected threads of one space. Each goes to the thread trash (a snapshot of it and its messages, in the
 * delete's transaction) unless the trash is off (CAIRN_TRASH_DAYS=0). With `cascade_delete_memories` the memories
 * distilled from each go first, through the memory delete (and so the memory trash).
 */
export async function bulkDeleteThreads(deps: DeleteDeps, input: BulkDeleteInput) {
  const selection = await resolveSelection(deps.store, input.selection);
  requireWithinBound(selection, 'deleted');
  const results: { thread_id: string; status: string; deleted_messages: number; deleted_memories: number; reason?: string }[] = [];
  const foundIds = new Set(selection.found.map(t => t.thread_id));
  for (const id of selection.selected.filter(id => !foundIds.has(id))) {
    results.push({ thread_id: id, status: 'not_found', deleted_messages: 0, deleted_memories: 0, reason: `Thread not found in space ${selection.source_space_id}` });
  }
  for (const found of selection.found) {
    let deletedMemories = 0;
    if (input.cascade_delete_memories) {
      for (const memoryId of await deps.store.threads.memoryIds(found.space_id, found.thread_id)) {
        await deleteMemory(deps, memoryId, { cascade_delete: true, space_id: found.space_id });
        deletedMemories++;
      }
    }
    const deletedMessages = await deps.store.transaction(async tx => {
      await tx.locks.hold([threadLock(found.space_id, found.thread_id)]);
      const thread = await tx.threads.get(found.space_id, found.thread_id);
      if (!thread) return null; // deleted meanwhile
      if (deps.trashDays > 0) {
        const at = deps.clock.now();
        const messages = await tx.threads.messages(thread.id, 0, null);
        await tx.threadTrash.insert([{
          thread_pk: thread.id, thread_id: thread.thread_id, space_id: thread.space_id, title: thread.title, message_count: messages.length,
          deleted_at: at, expires_at: expiresAt(at, deps.trashDays), snapshot: { thread, messages },
        }]);
      }
      if (!input.cascade_delete_memories) await tx.threads.clearProvenance(thread.space_id, thread.thread_id);
      return tx.threads.delete(thread.id);
    });
    if (deletedMessages === null) results.push({ thread_id: found.thread_id, status: 'not_found', deleted_messages: 0, deleted_memories: deletedMemories });
    else results.push({ thread_id: found.thread_id, status: 'deleted', deleted_messages: deletedMessages, deleted_memories: deletedMemories });
  }
  const deleted = results.filter(r => r.status === 'deleted');
  return {
    message: `Deleted ${deleted.length} threads from ${selection.source_space_id}` + (deps.trashDays > 0 ? ` (restorable for ${deps.trashDays} days)` : ' (permanently: the trash is off)'),
    deleted_count: deleted.length,
    failed_count: results.length - deleted.length,
    total_deleted_messages: deleted.reduce((sum, r) => sum + r.deleted_messages, 0),
    total_deleted_memories: results.reduce((sum, r) => sum + r.deleted_memories, 0),
    cascade_deletion: input.cascade_delete_memories,
    recoverable: deps.trashDays > 0,
    source_space_id: selection.source_space_id,
    results,
  };
}

/** The deleted threads, newest first (expired ones purged first). */
export async function listThreadTrash(deps: Pick<Deps, 'store' | 'clock' | 'trashDays'>, input: { limit: number; offset: number; space_id?: string }) {
  await deps.store.threadTrash.purgeExpired(deps.clock.now());
  const { items, total } = await deps.store.threadTrash.list(input);
  return { items, trash_days: deps.trashDays, pagination: { limit: input.limit, offset: input.offset, total, has_more: input.offset + items.length < total } };
}

/**
 * Puts deleted threads back, messages, ids and order as they were, each in its own transaction. A thread whose
 * thread_id the space has again meanwhile stays in the trash (`exists`). Memories whose provenance the delete cleared
 * do not name the thread again.
 */
export async function restoreThreads(deps: Pick<Deps, 'store' | 'clock'>, input: { thread_ids: string[]; space_id?: string | null }) {
  const spaceId = spaceOrDefault(input.space_id);
  await deps.store.threadTrash.purgeExpired(deps.clock.now());
  const results: { thread_id: string; status: 'restored' | 'exists' | 'not_in_trash'; message_count: number }[] = [];
  for (const threadId of [...new Set(input.thread_ids)]) {
    const status = await deps.store.transaction(async tx => {
      await tx.locks.hold([threadLock(spaceId, threadId)]);
      const [item] = await tx.threadTrash.byThreadIds(spaceId, [threadId]);
      if (!item) return { status: 'not_in_trash' as const, count: 0 };
      if (await tx.threads.get(spaceId, threadId)) return { status: 'exists' as const, count: 0 };
      await tx.threads.insert(item.snapshot.thread);
      await tx.threads.insertMessages(item.snapshot.messages);
      await tx.threadTrash.remove([item.thread_pk]);
      return { status: 'restored' as const, count: item.snapshot.messages.length };
    });
    results.push({ thread_id: threadId, status: status.status, message_count: status.count });
  }
  const restored = results.filter(r => r.status === 'restored').length;
  return { restored_count: restored, failed_count: results.length - restored, space_id: spaceId, results };
}
