import type { App } from '../src/main.ts';
import type { Embedder, Extractor } from '../src/providers/ports.ts';
import { createExtractionJobs } from '../src/services/graph/jobs.ts';
import { createIndexer } from '../src/services/search/indexer.ts';
import type { ExtractionJobs, Indexer } from '../src/services/ports.ts';

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
  /** Resolves once the worker has claimed memories and holds their work (nothing written yet). */
  waiting: Promise<void>;
  /** Lets the work finish and be written; resolves once the queue is empty. */
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
  const waiting = new Promise<void>(resolve => (entered = resolve));
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
  // Started at once, not by kick(): its timer does not keep the process alive while the test awaits `waiting`.
  const running = startWorker(app, gated).settle();
  return {
    waiting,
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

/** Stops the app's embedding (after it finished what it had): memories written from now on wait for their vectors. */
export async function holdIndexing(app: App): Promise<void> {
  if (!app.deps.indexer) throw new Error('no indexer to hold: configure an embedder');
  await app.deps.indexer.settle();
  app.deps.indexer.stop();
}

/**
 * The same for the embedding queue: a new indexer on the same store embeds what is pending but waits, vectors
 * computed, before saving them. The app's indexer must be held already (holdIndexing).
 */
export function startIndexerHeldMidway(app: App): HeldMidway {
  const { indexer, store, clock, holder } = app.deps;
  if (!indexer) throw new Error('no indexer to hold: configure an embedder');
  let entered!: () => void;
  let open!: () => void;
  const waiting = new Promise<void>(resolve => (entered = resolve));
  const gate = new Promise<void>(resolve => (open = resolve));
  const embedder = indexer.embedder;
  const gated: Embedder = {
    provider: embedder.provider,
    model: embedder.model,
    dimensions: embedder.dimensions,
    unrelatedCosine: embedder.unrelatedCosine,
    async embed(texts) {
      const vectors = await embedder.embed(texts);
      entered();
      await gate;
      return vectors;
    },
  };
  const held = createIndexer({ store, embedder: gated, clock, holder });
  (app.deps as { indexer: Indexer | null }).indexer = held;
  const running = held.settle(); // started at once (see startWorkerHeldMidway)
  return {
    waiting,
    async release() {
      open();
      await running;
      await held.settle(); // whatever the explicit write left pending meanwhile
    },
  };
}
