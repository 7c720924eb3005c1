import type { Deps } from '../deps.ts';
import { memoryLock, requireMemory } from '../memories/read.ts';
import { requireLabel } from './crud.ts';
import { presentLabel } from './present.ts';

/** The labels of a readable memory, with usage counts. */
export async function getMemoryLabels(deps: Pick<Deps, 'store'>, memoryId: string) {
  await requireMemory(deps.store, memoryId);
  const labels = (await deps.store.memoryLabels.labelsOf([memoryId])).get(memoryId) ?? [];
  const withUsage = await Promise.all(labels.map(l => requireLabel(deps.store, l.id)));
  return { memory_id: memoryId, labels: withUsage.map(presentLabel) };
}

/** Puts a label on a memory; doing it twice changes nothing. */
export async function assignLabel(deps: Pick<Deps, 'store' | 'clock'>, memoryId: string, labelId: string) {
  return deps.store.transaction(async tx => {
    await tx.locks.hold([memoryLock(memoryId)]);
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
    await tx.locks.hold([memoryLock(memoryId)]);
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
