import type { ExtractionLevel, Extractor } from '../../providers/ports.ts';
import { createDrainLoop } from '../drainLoop.ts';
import type { Store } from '../../storage/ports.ts';
import type { Clock, Ids } from '../deps.ts';
import type { LlmHealth } from './setup.ts';
import { writeMemoryGraph } from './write.ts';

const BATCH = 8;
/** A memory whose extraction failed this often is left out. */
const MAX_ATTEMPTS = 3;

/** Extracts entities of queued memories in the background, so no write waits for a language model. */
export interface ExtractionJobs {
  /** Asks for queued memories to be processed soon; returns at once. */
  kick(): void;
  /** Resolves once the queue is empty (or processing stopped); for tests, benchmarks and shutdown. */
  settle(): Promise<void>;
  stop(): void;
  /** How many memories wait. */
  pending(): Promise<number>;
}

export interface ExtractionJobDeps {
  store: Store;
  /** The slow extractor (a language model). */
  extractor: Extractor;
  /** The offline rules: used for a memory when the model fails or failed a moment ago. */
  fallback: Extractor;
  health: LlmHealth;
  clock: Clock;
  ids: Ids;
  level?: ExtractionLevel;
  log?: (message: string) => void;
  /** Called after a memory's graph was written (communities are recomputed from it). */
  onGraphChanged?: () => void;
}

/**
 * Works through the extraction queue: each memory is read, extracted (outside any transaction), then its graph is
 * replaced in one transaction, unless its content changed meanwhile (a newer request is queued then). When the
 * model cannot be reached the memory is extracted with the rules instead, and the model is left alone for a while.
 */
export function createExtractionJobs({ store, extractor, fallback, health, clock, ids, level, log = () => {}, onGraphChanged = () => {} }: ExtractionJobDeps): ExtractionJobs {

  // The content only: a stored title may be one derived from an older content.
  async function extract(memory: { content: string; created_at: string }, queuedLevel: string) {
    const input = { text: memory.content, reference_time: memory.created_at, level: (queuedLevel || level) as ExtractionLevel };
    if (health.usable()) {
      try {
        const extraction = await extractor.extract(input);
        health.markSuccess();
        return extraction;
      } catch (error) {
        health.markFailure(error);
        log(`language model extraction failed, falling back to rules: ${health.lastError}`);
      }
    }
    return fallback.extract(input);
  }

  async function processQueue(): Promise<void> {
    for (;;) {
      const batch = await store.extractionQueue.next(BATCH, MAX_ATTEMPTS);
      if (batch.length === 0 || loop.stopped) return;
      for (const item of batch) {
        if (loop.stopped) return;
        const memory = await store.memories.getById(item.memory_id);
        if (!memory || memory.version !== item.content_version) {
          await store.extractionQueue.complete(item.memory_id, item.content_version);
          continue;
        }
        try {
          const extraction = await extract(memory, item.level);
          await store.transaction(async tx => {
            const current = await tx.memories.getById(item.memory_id);
            if (current && current.version === item.content_version) await writeMemoryGraph(tx, { ids, clock }, current, extraction, { replace: true });
            await tx.extractionQueue.complete(item.memory_id, item.content_version);
          });
          onGraphChanged();
        } catch (error) {
          // Counted, so a memory that always fails is given up after a few attempts instead of blocking the queue.
          const message = error instanceof Error ? error.message : String(error);
          log(`background extraction of memory ${item.memory_id} failed: ${message}`);
          await store.extractionQueue.fail(item.memory_id, message);
        }
      }
    }
  }

  const loop = createDrainLoop(async () => {
    try {
      await processQueue();
    } catch (error) {
      log(`background extraction stopped on an error: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  });

  const jobs: ExtractionJobs = {
    kick: () => loop.kick(),
    settle: () => loop.settle(),
    stop: () => loop.stop(),
    pending: () => store.extractionQueue.count(MAX_ATTEMPTS),
  };
  return jobs;
}
