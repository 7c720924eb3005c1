import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EvolvesEdge, MemoryRecord, QueuedExtraction, Store } from '../../storage/ports.ts';
import type { Clock, Ids } from '../ports.ts';
import { detectedEdgeLock, planEvolution, planEvolutions, recordDetectedEdge } from '../relations/detect.ts';

/** What the background queue's EVOLVES stage works with (services/graph/jobs.ts). */
export interface EvolvesStageDeps {
  store: Store;
  clock: Clock;
  ids: Ids;
  /** This worker's name in claims: only rows it still holds are completed. */
  worker: string;
  /** Counts a memory's failure (given up after a few attempts). */
  failed(item: QueuedExtraction, stage: string, error: unknown): Promise<void>;
}

/**
 * The background queue's last stage: finds the EVOLVES edges of created memories whose graph is written, and removes
 * their rows with the edges, in one transaction for the batch.
 */
export async function evolvesStage(deps: EvolvesStageDeps, ready: { item: QueuedExtraction; memory: MemoryRecord }[]): Promise<void> {
  const { store, clock, ids, worker } = deps;
  const planned: { item: QueuedExtraction; edge: EvolvesEdge | null }[] = [];
  const wanted = ready.filter(c => c.item.evolves);
  try {
    // The batch's reads shared: one query for all candidates, one for their entities.
    const edges = await planEvolutions({ store, clock, ids }, wanted.map(c => c.memory));
    wanted.forEach(({ item }, i) => planned.push({ item, edge: edges[i] }));
  } catch {
    // One memory's detection failed: each alone, so only that one is counted as failed.
    for (const { item, memory } of wanted) {
      try {
        planned.push({ item, edge: await planEvolution({ store, clock, ids }, memory) });
      } catch (error) {
        await deps.failed(item, 'EVOLVES detection', error);
      }
      await nextTurn();
    }
  }
  if (planned.length === 0) return;
  await store.transaction(async tx => {
    // Every edge's lock at once (ordered: no cycle with another process's batch); recordDetectedEdge takes it again.
    await tx.locks.hold(planned.flatMap(({ edge }) => (edge ? [detectedEdgeLock(edge)] : [])));
    const completed = await tx.extractionQueue.completeClaimed(planned.map(p => p.item), worker);
    for (const { item, edge } of planned) if (edge && completed.has(item.memory_id)) await recordDetectedEdge(tx, edge);
  });
}
