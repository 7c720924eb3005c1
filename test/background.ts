import type { App } from '../src/main.ts';
import type { Extractor } from '../src/providers/ports.ts';
import { createExtractionJobs, type ExtractionJobs } from '../src/services/graph/jobs.ts';

/**
 * Holding the background queue back, to test what an explicit write does against automatic work on the same memory.
 * The app's own worker is stopped; memories written meanwhile wait in the queue (a durable table), as they would under
 * a backlog. A new worker on the same store, built as main.ts builds it, then takes the queue over.
 */
export interface HeldBackground {
  /** Starts the worker and resolves once the queue is empty. */
  release(): Promise<void>;
}

/** A worker that has claimed a batch and extracted it, and is held before it writes the graphs. */
export interface HeldMidway {
  /** Resolves once the worker has claimed memories and is extracting them (nothing written yet). */
  extracting: Promise<void>;
  /** Lets the extraction finish and the graphs be written; resolves once the queue is empty. */
  release(): Promise<void>;
}

/** Stops the app's worker (after it finished what it had): nothing queued from now on is processed until `release`. */
export async function holdBackground(app: App): Promise<HeldBackground> {
  await app.deps.extraction.jobs!.settle();
  app.deps.extraction.jobs!.stop();
  return {
    async release() {
      await startWorker(app, app.deps.extraction.primary).settle();
    },
  };
}

/**
 * Starts a worker whose extraction waits: it claims the queued memories, computes their label suggestions, and waits
 * before writing anything, so an explicit write made meanwhile lands between the claim and the worker's write.
 * The app's worker must be held already (holdBackground).
 */
export function startWorkerHeldMidway(app: App): HeldMidway {
  const primary = app.deps.extraction.primary;
  if (!primary) throw new Error('no extractor to hold');
  let entered!: () => void;
  let open!: () => void;
  const extracting = new Promise<void>(resolve => (entered = resolve));
  const gate = new Promise<void>(resolve => (open = resolve));
  const gated: Extractor = {
    provider: primary.provider,
    model: primary.model,
    inline: primary.inline,
    offThread: primary.offThread,
    async extract(input) {
      entered();
      await gate;
      return primary.extract(input);
    },
  };
  // Started at once, not by kick(): its timer does not keep the process alive while the test awaits `extracting`.
  const running = startWorker(app, gated).settle();
  return {
    extracting,
    async release() {
      open();
      await running;
      await app.deps.extraction.jobs!.settle(); // whatever the explicit write queued meanwhile
    },
  };
}

function startWorker(app: App, extractor: Extractor | null): ExtractionJobs {
  const { store, clock, ids, embedder, extraction, communities } = app.deps;
  const worker = createExtractionJobs({
    store,
    extractor,
    fallback: extraction.rules,
    health: extraction.llm,
    clock,
    ids,
    embedder,
    onGraphChanged: () => communities?.graphChanged(),
    exclusive: store.backend === 'sqlite',
  });
  // The app's requests (and settleBackground) kick this worker from now on.
  (extraction as { jobs: ExtractionJobs | null }).jobs = worker;
  return worker;
}
