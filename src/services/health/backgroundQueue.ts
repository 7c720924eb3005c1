import type { Deps } from '../deps.ts';

/** What the background still owes the acknowledged writes: `background_queue` in /health and /search-index/status. */
export interface BackgroundQueueStatus {
  /** Memories waiting for their graph, EVOLVES detection or (semantic search on) embedding. */
  pending: number;
  /** How long the oldest of them has waited, in ms; null when none waits. */
  lag_ms: number | null;
  /** Memories given up after repeated failures. */
  failed: number;
  /** Memories this process claimed from the queue since it started (processes sharing a database split the queue). */
  claimed_here: number;
}

/** The background queue's backlog and lag: graph stages from the queue table, embeddings from `reindex_needed`. */
export async function backgroundQueueStatus(deps: Pick<Deps, 'store' | 'indexer' | 'extraction' | 'clock'>): Promise<BackgroundQueueStatus> {
  const graph = deps.extraction.jobs ? await deps.extraction.jobs.status() : { pending: 0, lag_ms: null, failed: 0, claimed_here: 0 };
  if (!deps.indexer) return graph;
  const [embeddings, oldest] = await Promise.all([deps.store.search.countNeedingReindex(), deps.store.search.oldestNeedingReindex()]);
  const embeddingLag = oldest === null ? null : Math.max(0, Date.parse(deps.clock.now()) - Date.parse(oldest));
  const lags = [graph.lag_ms, embeddingLag].filter((lag): lag is number => lag !== null);
  return { ...graph, pending: graph.pending + embeddings, lag_ms: lags.length ? Math.max(...lags) : null };
}
