import { forkGroups } from '../../domain/label.ts';
import { labelIdLock } from '../locks.ts';
import type { Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { mergeInto } from './merge.ts';
import { labelRef } from '../readModel/labels.ts';

/**
 * Merges each group of exact-canonical forks into its most used (then oldest) label, the largest groups first, at
 * most `max_groups` of them. A dry run returns the plan and changes nothing; otherwise every merge is recorded and
 * undoable, and they all land in one transaction or none does.
 */
export async function consolidateLabels(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, input: { dry_run: boolean; max_groups: number }) {
  const run = async (repos: Repos) => {
    const all = forkGroups(await repos.labels.listAllWithUsage());
    const groups = all.slice(0, input.max_groups);
    const mergeIds: string[] = [];
    if (!input.dry_run) {
      // As in mergeLabels: assignments of these labels running meanwhile land before the merges or answer 404 after.
      await repos.locks.hold(groups.flatMap(g => g.labels.map(l => labelIdLock(l.id))));
      for (const [keep, ...merged] of groups.map(g => g.labels)) {
        for (const label of merged) mergeIds.push((await mergeInto(repos, deps, label, keep)).merge_id);
      }
    }
    return {
      dry_run: input.dry_run,
      groups: groups.map(({ canonical, labels: [keep, ...merged] }) => ({ canonical, keep: labelRef(keep), merge: merged.map(labelRef) })),
      merged_labels: mergeIds.length,
      merge_ids: mergeIds,
      total_groups: all.length,
    };
  };
  return input.dry_run ? run(deps.store) : deps.store.transaction(run);
}
