import { vocabularyHealth } from '../../domain/label.ts';
import type { Deps } from '../deps.ts';

/** Vocabulary health over every label and every memory that is not forgotten (all spaces); reads only. */
export async function labelHealth(deps: Pick<Deps, 'store'>) {
  return deps.store.transaction(async tx => {
    const [labels, counts] = [await tx.labels.listAllWithUsage(), await tx.memoryLabels.counts()];
    return vocabularyHealth(labels, counts);
  });
}
