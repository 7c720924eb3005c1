import { randomUUID } from 'node:crypto';
import type { Embedder } from '../../providers/ports.ts';
import type { Store } from '../../storage/ports.ts';
import type { Backfill, Clock, Indexer } from '../ports.ts';
import { createDrainLoop } from '../drainLoop.ts';
import { counted } from '../../domain/text.ts';

const BATCH = 32;
const RETRY_MS = 5_000;
/** How long a claimed batch stays this process's: past it (the process died mid-batch), another may embed it. */
const CLAIM_MS = 120_000;

export interface IndexerDeps {
  store: Store;
  embedder: Embedder;
  clock: Clock;
  log?: (message: string) => void;
  /** This process, as claims on the embedding queue name it (several processes may share a PostgreSQL store). */
  holder?: string;
}

export function createIndexer({ store, embedder, clock, log = () => {}, holder = randomUUID() }: IndexerDeps): Indexer {
  let prepared: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let lastError: string | null = null;
  let backfill: Backfill | null = null;

  /**
   * Vectors of another model are dropped, and every memory without a vector of this model for its current content
   * (written with no embedder, under another model, or edited meanwhile) is queued: the backfill.
   */
  async function prepare(): Promise<void> {
    const dropped = await store.search.dropVectorsNotOf(embedder.model);
    if (dropped > 0) log(`embedding model is now ${embedder.model}: ${dropped} vectors of another model dropped`);
    await store.search.markMissingVectors(embedder.model);
    const queued = await store.search.countNeedingReindex();
    if (queued > 0) {
      log(`embedding ${counted(queued, 'memory', 'memories')} with ${embedder.model} in the background`);
      backfill = { model: embedder.model, queued, embedded: 0, started_at: clock.now(), finished_at: null };
    }
  }

  async function embedPending(): Promise<void> {
    await indexer.prepare();
    for (;;) {
      const now = clock.now();
      const pending = await store.search.pendingEmbeddings(BATCH, { holder, now, lease_until: new Date(Date.parse(now) + CLAIM_MS).toISOString() });
      if (pending.length === 0 && backfill && backfill.finished_at === null) backfill.finished_at = clock.now();
      if (pending.length === 0 || loop.stopped) return;
      const vectors = await embedder.embed(pending.map(p => `${p.title}\n${p.content}`));
      const items = pending.map((p, i) => ({ memory_id: p.id, version: p.version, vector: vectors[i]! }));
      const saved = await store.search.saveEmbeddings(items, embedder.model, clock.now());
      if (backfill && backfill.finished_at === null) backfill.embedded = Math.min(backfill.queued, backfill.embedded + saved);
    }
  }

  const loop = createDrainLoop(async () => {
    try {
      await embedPending();
      lastError = null;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      log(`embedding failed, retrying in ${RETRY_MS / 1000} s: ${lastError}`);
      if (!loop.stopped) retryTimer = setTimeout(() => loop.kick(), RETRY_MS).unref();
      return false;
    }
  });

  const indexer: Indexer = {
    embedder,
    get lastError() {
      return lastError;
    },
    get backfill() {
      return backfill && { ...backfill };
    },
    prepare() {
      // A failed attempt (the database busy at start) is tried again by the next caller.
      prepared ??= prepare().catch(error => {
        prepared = null;
        throw error;
      });
      return prepared;
    },
    kick: () => loop.kick(),
    settle: () => loop.settle(),
    stop() {
      loop.stop();
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
  return indexer;
}
