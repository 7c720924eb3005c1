import { InputError } from '../../errors.ts';
import { memoryLock } from '../locks.ts';
import { BULK_LIMIT } from '../../domain/memory.ts';
import type { Deps } from '../deps.ts';
import { captureForTrash, moveToTrash } from '../trash/capture.ts';
import { spaceOrDefault } from '../../domain/space.ts';

export interface BulkSelection {
  mode: 'ids' | 'space';
  memory_ids: string[];
  source_space_id?: string | null;
  exclude_memory_ids: string[];
}

interface ResolvedSelection {
  mode: 'ids' | 'space';
  source_space_id: string;
  /** Ids the caller selected, after exclusions: what the bound counts. */
  selected: string[];
  /** Selected ids that exist in the source space. */
  found: string[];
  excluded_count: number;
}

/** Turns a selection into concrete ids inside one source space. Reads only. */
async function resolveSelection(deps: Pick<Deps, 'store'>, selection: BulkSelection): Promise<ResolvedSelection> {
  if (selection.mode === 'space' && !selection.source_space_id) {
    throw new InputError(['body', 'selection', 'source_space_id'], 'source_space_id is required when mode is "space"', 'missing');
  }
  const sourceSpace = spaceOrDefault(selection.source_space_id);
  const excluded = new Set(selection.exclude_memory_ids);
  const candidates =
    selection.mode === 'space' ? await deps.store.memories.idsInSpace(sourceSpace) : [...new Set(selection.memory_ids)];
  const selected = candidates.filter(id => !excluded.has(id));
  const found = selection.mode === 'space' ? selected : await foundInSpace(deps, selected, sourceSpace);
  return { mode: selection.mode, source_space_id: sourceSpace, selected, found, excluded_count: candidates.length - selected.length };
}

async function foundInSpace(deps: Pick<Deps, 'store'>, ids: string[], space: string) {
  if (ids.length > BULK_LIMIT) return []; // over the bound nothing is touched, so there is no need to look
  const present = new Set(await deps.store.memories.idsAmong(ids, space));
  return ids.filter(id => present.has(id));
}

function requireWithinBound(selection: ResolvedSelection) {
  if (selection.selected.length > BULK_LIMIT) {
    throw new InputError(
      ['body', 'selection'],
      `Selection has ${selection.selected.length} memories; at most ${BULK_LIMIT} may be changed at once`,
      'value_error.limit_exceeded',
    );
  }
}

function requireOtherSpace(source: string, target: string) {
  if (source === target) throw new InputError(['body', 'target_space_id'], 'target_space_id must differ from the source space');
}

/** Says how many memories a move would touch; mutates nothing. */
export async function previewBulkMove(deps: Pick<Deps, 'store'>, input: { selection: BulkSelection; target_space_id: string }) {
  const selection = await resolveSelection(deps, input.selection);
  const count = selection.selected.length;
  const limitExceeded = count > BULK_LIMIT;
  return {
    count,
    found_count: selection.found.length,
    max_allowed: BULK_LIMIT,
    limit_exceeded: limitExceeded,
    source_space_id: selection.source_space_id,
    target_space_id: input.target_space_id,
    selection_mode: selection.mode,
    excluded_count: selection.excluded_count,
    message: limitExceeded
      ? `Selection has ${count} memories; at most ${BULK_LIMIT} may be moved at once`
      : `${selection.found.length} memories would move from ${selection.source_space_id} to ${input.target_space_id}`,
  };
}

/** Moves the selected memories into another space in one transaction; ids not in the source space count as failed. */
export async function bulkMove(deps: Pick<Deps, 'store' | 'clock' | 'indexer'>, input: { selection: BulkSelection; target_space_id: string }) {
  const selection = await resolveSelection(deps, input.selection);
  requireWithinBound(selection);
  requireOtherSpace(selection.source_space_id, input.target_space_id);
  const moved = await deps.store.transaction(tx => tx.memories.moveToSpace(selection.found, input.target_space_id, deps.clock.now()));
  return {
    moved_count: moved,
    failed_count: selection.selected.length - moved,
    source_space_id: selection.source_space_id,
    target_space_id: input.target_space_id,
    index_updated_count: deps.indexer ? moved : 0,
    index_repair_needed: false,
    message: `Moved ${moved} memories from ${selection.source_space_id} to ${input.target_space_id}`,
  };
}

/** How many ids a delete preview lists. */
const PREVIEW_SAMPLE = 10;

/** Says what a bulk delete would remove and whether it could be restored from the trash; mutates nothing. */
export async function previewBulkDelete(deps: Pick<Deps, 'store' | 'trashDays'>, input: { selection: BulkSelection; cascade_delete: boolean }) {
  const selection = await resolveSelection(deps, input.selection);
  const count = selection.selected.length;
  const limitExceeded = count > BULK_LIMIT;
  const recoverable = deps.trashDays > 0;
  return {
    dry_run: true,
    count,
    found_count: selection.found.length,
    max_allowed: BULK_LIMIT,
    limit_exceeded: limitExceeded,
    source_space_id: selection.source_space_id,
    selection_mode: selection.mode,
    excluded_count: selection.excluded_count,
    cascade_delete: input.cascade_delete,
    sample_ids: selection.found.slice(0, PREVIEW_SAMPLE),
    recoverable,
    trash_days: deps.trashDays,
    message: limitExceeded
      ? `Selection has ${count} memories; at most ${BULK_LIMIT} may be deleted at once`
      : `${selection.found.length} memories would be deleted from ${selection.source_space_id}` +
        (recoverable ? ` (restorable from the trash for ${deps.trashDays} days)` : ' (permanently: the trash is off)'),
  };
}

/**
 * Deletes the selected memories of one source space (and their edges) in one transaction; unless the trash is off,
 * they and their edges go to the trash in that same transaction. With `dry_run` it only previews.
 */
export async function bulkDelete(
  deps: Pick<Deps, 'store' | 'trashDays' | 'clock' | 'communities'>,
  input: { selection: BulkSelection; cascade_delete: boolean; dry_run?: boolean },
) {
  if (input.dry_run) return previewBulkDelete(deps, input);
  const selection = await resolveSelection(deps, input.selection);
  requireWithinBound(selection);
  const { memories, found } = await deps.store.transaction(async tx => {
    await tx.locks.hold(selection.found.map(memoryLock));
    // Looked at again once locked: one deleted meanwhile (a concurrent delete) is not_found here, not trashed twice.
    const present = new Set(await tx.memories.idsAmong(selection.found, selection.source_space_id));
    const ids = selection.found.filter(id => present.has(id));
    const snapshots = await captureForTrash(tx, deps, ids);
    const deleted = await tx.memories.deleteMany(ids);
    if (snapshots) await moveToTrash(tx, deps, snapshots);
    return { ...deleted, found: present };
  });
  deps.communities?.graphChanged();
  return {
    deleted_count: memories,
    failed_count: selection.selected.length - memories,
    source_space_id: selection.source_space_id,
    cascade_delete: input.cascade_delete,
    results: selection.selected.map(id =>
      found.has(id) ? { id, status: 'deleted' } : { id, status: 'failed', reason: 'not_found' },
    ),
    message: `Deleted ${memories} memories from ${selection.source_space_id}`,
  };
}
