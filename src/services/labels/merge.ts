import { conflict, notFound } from '../../errors.ts';
import { labelIdLock } from '../locks.ts';
import type { LabelRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { requireLabel, requireNameFree } from './crud.ts';
import { presentLabel } from '../readModel/labels.ts';

export interface MergeResult {
  merge_id: string;
  source_id: string;
  target_id: string;
  /** Edges re-pointed from source to target. */
  moved: number;
  /** Source edges dropped because their memory already carried the target. */
  already_present: number;
}

/**
 * Inside the caller's transaction: records the merge (the source row and all its edges), re-points the source's
 * edges to the target where the memory lacks it, and deletes the source with its remaining edges.
 */
export async function mergeInto(tx: Repos, deps: Pick<Deps, 'clock' | 'ids'>, source: LabelRecord, target: LabelRecord): Promise<MergeResult> {
  const id = deps.ids.next();
  const { name, canonical_name, color, description, created_at, updated_at } = source;
  await tx.labelMerges.insert({
    id,
    source_id: source.id,
    target_id: target.id,
    source_label: { id: source.id, name, canonical_name, color, description, created_at, updated_at },
    merged_at: deps.clock.now(),
    undone_at: null,
  });
  await tx.labelMerges.recordEdges(id, source.id, target.id);
  const moved = await tx.memoryLabels.moveEdges(source.id, target.id);
  const alreadyPresent = await tx.labels.delete(source.id);
  return { merge_id: id, source_id: source.id, target_id: target.id, moved, already_present: alreadyPresent };
}

/** Re-points every HAS_LABEL edge from source to target (no duplicates), records the merge for undo, deletes the source; all or nothing. */
export async function mergeLabels(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, input: { source_id: string; target_id: string }) {
  return deps.store.transaction(async tx => {
    // A concurrent assignment of the source lands before the merge (and moves with it), or answers 404 after.
    await tx.locks.hold([labelIdLock(input.source_id), labelIdLock(input.target_id)]);
    const source = await requireLabel(tx, input.source_id);
    const target = await requireLabel(tx, input.target_id);
    if (source.id === target.id) throw conflict('same_label', 'A label cannot be merged into itself');
    return mergeInto(tx, deps, source, target);
  });
}

/**
 * Undoes a recorded merge, all or nothing: the source label comes back with its id, name, colour, description and
 * times and exactly the edges it had (minus memories deleted since), and the target loses the edges the merge added
 * unless another merge into it, not undone, brought the same memory. Refused (409) when already undone, when the
 * target has itself been merged away since (undo that first), or when the source's name has been taken.
 */
export async function undoLabelMerge(deps: Pick<Deps, 'store' | 'clock'>, mergeId: string) {
  return deps.store.transaction(async tx => {
    const merge = await tx.labelMerges.getById(mergeId);
    if (!merge) throw notFound('merge', mergeId);
    if (merge.undone_at !== null) {
      throw conflict('already_undone', `Merge ${mergeId} was already undone at ${merge.undone_at}`, { undone_at: merge.undone_at });
    }
    const later = await tx.labelMerges.findActiveFrom(merge.target_id);
    if (later) {
      throw conflict('undo_blocked', `The target label was merged into another label since (merge ${later.id}); undo that merge first`, {
        blocking_merge_id: later.id,
      });
    }
    await requireNameFree(tx, merge.source_label.name);
    await tx.labels.insert(merge.source_label);
    const restored = await tx.labelMerges.restoreEdges(merge);
    const removed = await tx.labelMerges.removeAddedEdges(merge);
    await tx.labelMerges.handOverAddedEdges(merge);
    const undoneAt = deps.clock.now();
    await tx.labelMerges.markUndone(merge.id, undoneAt);
    return {
      merge_id: merge.id,
      source_id: merge.source_id,
      target_id: merge.target_id,
      label: presentLabel(await requireLabel(tx, merge.source_id)),
      restored,
      removed_from_target: removed,
      undone_at: undoneAt,
    };
  });
}
