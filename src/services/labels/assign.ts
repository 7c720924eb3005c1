import type { Deps } from '../deps.ts';
import { labelIdLock, memoryLock } from '../locks.ts';
import { requireMemory } from '../readModel/memories.ts';
import { requireLabel } from './crud.ts';
import { presentLabel } from '../readModel/labels.ts';

/** The labels of a readable memory, with usage counts. */
export async function getMemoryLabels(deps: Pick<Deps, 'store'>, memoryId: string) {
  // One snapshot: a label deleted meanwhile is either listed with its usage or not listed, never a 404.
  return deps.store.readSnapshot(async repos => {
    await requireMemory(repos, memoryId);
    const labels = (await repos.memoryLabels.labelsOf([memoryId])).get(memoryId) ?? [];
    const withUsage = await Promise.all(labels.map(l => requireLabel(repos, l.id)));
    return { memory_id: memoryId, labels: withUsage.map(presentLabel) };
  });
}

/** Puts a label on a memory; doing it twice changes nothing. */
export async function assignLabel(deps: Pick<Deps, 'store' | 'clock'>, memoryId: string, labelId: string) {
  return deps.store.transaction(async tx => {
    // A concurrent merge, delete of the label or delete of the memory waits, or this waits for it and answers 404.
    await tx.locks.hold([memoryLock(memoryId), labelIdLock(labelId)]);
    await requireMemory(tx, memoryId);
    const label = await requireLabel(tx, labelId);
    const added = await tx.memoryLabels.assign(memoryId, labelId, deps.clock.now());
    await tx.extractionQueue.forgoAutoLabel(memoryId); // a person labels it: no automatic suggestion lands later
    return {
      message: added ? `Label "${label.name}" assigned to memory` : `Label "${label.name}" was already assigned`,
      memory_id: memoryId,
      label_id: labelId,
    };
  });
}

/** Takes a label off a memory; removing one that is not there changes nothing. */
export async function removeLabel(deps: Pick<Deps, 'store'>, memoryId: string, labelId: string) {
  return deps.store.transaction(async tx => {
    await tx.locks.hold([memoryLock(memoryId), labelIdLock(labelId)]);
    await requireMemory(tx, memoryId);
    const label = await requireLabel(tx, labelId);
    const removed = await tx.memoryLabels.remove(memoryId, labelId);
    await tx.extractionQueue.forgoAutoLabel(memoryId); // a person unlabels it: no automatic suggestion puts labels back
    return {
      message: removed ? `Label "${label.name}" removed from memory` : `Label "${label.name}" was not assigned`,
      memory_id: memoryId,
      label_id: labelId,
    };
  });
}
