import { Worker } from 'node:worker_threads';
import { v7 as uuidv7 } from 'uuid';
import type { Embedder } from './providers/ports.ts';
import type { ExtractionJobs } from './services/ports.ts';
import { MAX_ATTEMPTS } from './services/graph/jobs.ts';
import type { Store } from './storage/ports.ts';
import { SERVER_HOLDER, type WriteToken } from './storage/sqlite/writeToken.ts';
import type { BackgroundWorkerData, ToBackgroundWorker } from './mainBackgroundWorker.ts';
import { answerEmbed, type EmbedRequest, embedderShape } from './workerEmbedder.ts';

/**
 * The memory-write queue of a SQLite server worked by `size` background threads (mainBackgroundWorker.ts), each with
 * its own connection: extraction, graph writes and EVOLVES detection all leave the server's thread, which only
 * acknowledges writes. Every connection writes while it holds the shared write token (writeToken.ts), so the threads
 * take turns at SQLite's one write lock without sleeping in its busy handler.
 *
 * Protocol, server → worker: {kick}, {settle: n}, {stop}, {embedded, …}; worker → server: {ready}, {settled: n},
 * {claimed: count}, {graphChanged}, {log}, {embed, …}, {stopped}.
 *
 * The queue's rows are claimed with a lease, as between processes on PostgreSQL: a thread that stops has its claims
 * released here and is started again. Threads that stop before they were ever ready (a missing script, a broken
 * install) would not start next time either: the pool then hands the queue to `fallback`, the queue worked on the
 * server's thread as without background threads.
 */
export interface BackgroundPoolOptions {
  size: number;
  databasePath: string;
  synchronous: 'normal' | 'full';
  token: WriteToken;
  /** The server's store: the queue's counts, and claims released for a thread that stopped. */
  store: Store;
  /** The server's embedder (auto_label suggestions), asked by the threads. */
  embedder: Embedder | null;
  /** The queue on the server's thread: what runs should the threads not start. */
  fallback: ExtractionJobs;
  onGraphChanged?: () => void;
  log?: (message: string) => void;
  /** The worker's script (tests give a failing one); default mainBackgroundWorker, bundled or from the sources. */
  script?: URL;
}

interface Thread {
  worker: Worker;
  name: string;
  holder: number;
  ready: boolean;
  stopped: Promise<void>;
}

/** Threads that stop unasked this many times are not started again: the queue goes to the server's thread. */
const MAX_RESTARTS = 5;

/** A kick waits this long before it is passed on, so the commits of one burst make one message per thread. */
const KICK_DELAY_MS = 5;

type Reply = { ready: true } | { settled: number } | { claimed: number } | { graphChanged: true } | { log: string } | { stopped: true } | EmbedRequest;

export function createBackgroundPool(options: BackgroundPoolOptions): ExtractionJobs {
  const log = options.log ?? (() => {});
  const threads: Thread[] = [];
  const settling = new Map<number, { waiting: Set<Thread>; resolve: () => void }>();
  let nextSettle = 0;
  let nextHolder = SERVER_HOLDER + 1;
  let started: Promise<void> | null = null;
  let broken = false;
  let stopping = false;
  let claimedHere = 0;
  /** Threads that stopped unasked: a settle they interrupted settles again (their claims went to the others). */
  let lostThreads = 0;
  /** The release of a stopped thread's claims and the start of its replacement, while under way. */
  let replacing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  function spawn(): Thread {
    const data: BackgroundWorkerData = {
      databasePath: options.databasePath,
      synchronous: options.synchronous,
      token: options.token.buffer,
      holder: nextHolder++,
      worker: uuidv7(),
      embedder: embedderShape(options.embedder),
    };
    const script = options.script ?? new URL('./mainBackgroundWorker.ts', import.meta.url);
    // From the sources the script is TypeScript: a small bootstrap registers tsx in the worker first.
    const worker = script.pathname.endsWith('.ts')
      ? new Worker(new URL('./providers/extractor/typescript.worker.mjs', import.meta.url), { workerData: { script: script.href, ...data } })
      : new Worker(script, { workerData: data });
    let exited: () => void;
    const thread: Thread = { worker, name: data.worker, holder: data.holder, ready: false, stopped: new Promise(resolve => (exited = resolve)) };
    worker.unref(); // the queue is durable: an idle thread must not keep the process alive
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return void (thread.ready = true);
      if ('embed' in reply) return answerEmbed(worker, options.embedder, reply);
      if ('claimed' in reply) return void (claimedHere += reply.claimed);
      if ('graphChanged' in reply) return options.onGraphChanged?.();
      if ('log' in reply) return log(reply.log);
      if ('settled' in reply) return settledBy(thread, reply.settled);
      if ('stopped' in reply) return void worker.terminate();
    });
    worker.on('error', error => log(`background worker failed: ${error.message}`));
    worker.on('exit', code => {
      // Stopped mid-transaction (a crash, or terminated): SQLite rolled it back, and the token it held is free again.
      options.token.releaseIfHeldBy(thread.holder);
      exited();
      void lost(thread, code);
    });
    return thread;
  }

  function settledBy(thread: Thread, id: number) {
    const wait = settling.get(id);
    if (!wait) return;
    wait.waiting.delete(thread);
    if (wait.waiting.size === 0) {
      settling.delete(id);
      wait.resolve();
    }
  }

  async function lost(thread: Thread, code: number) {
    for (const id of [...settling.keys()]) settledBy(thread, id); // a settle does not wait for a thread that is gone
    const at = threads.indexOf(thread);
    if (at < 0) return; // terminated here (the pool fell back, or closed)
    threads.splice(at, 1);
    if (stopping) return;
    lostThreads++;
    if (!thread.ready || lostThreads > MAX_RESTARTS) {
      // It never got going (another would not either), or they keep stopping: the server's thread works the queue.
      broken = true;
      log(`background worker ${thread.ready ? 'stopped again' : 'did not start'} (exit code ${code}): the queue is worked on the server's thread`);
      await Promise.all(threads.splice(0).map(other => other.worker.terminate()));
      await options.store.extractionQueue.releaseClaims().catch(() => 0);
      return options.fallback.kick();
    }
    log(`background worker stopped (exit code ${code}); it is started again`);
    // Its claims are released now rather than when their lease runs out (this process is the file's only one). A
    // settle meanwhile waits for the replacement: the other threads may have finished everything else already.
    replacing = (async () => {
      await options.store.extractionQueue.releaseClaims(thread.name).catch(error => log(`claims of a stopped background worker not released: ${String(error)}`));
      threads.push(spawn());
    })();
    await replacing;
  }

  /** Starts the threads once, after releasing the claims a process that stopped left (the file is this process's alone). */
  function start(): Promise<void> {
    started ??= (async () => {
      const claims = await options.store.extractionQueue.releaseClaims();
      if (claims > 0) log(`background queue: ${claims} memories claimed by a process that stopped are queued again`);
      if (stopping) return;
      for (let i = 0; i < options.size; i++) threads.push(spawn());
    })();
    return started;
  }

  function post(message: ToBackgroundWorker) {
    for (const thread of threads) thread.worker.postMessage(message);
  }

  const jobs: ExtractionJobs = {
    kick() {
      if (broken) return options.fallback.kick();
      if (stopping || timer) return;
      timer = setTimeout(() => {
        timer = null;
        // The threads start with the first memory to process, not with the server: each loads the extraction's
        // language models (about a second of CPU and 100 MB), which a server nobody writes to never needs.
        const ready = started ? Promise.resolve(true) : options.store.extractionQueue.count(MAX_ATTEMPTS).then(pending => pending > 0);
        ready.then(
          go => (go ? start().then(() => post({ kick: true })) : undefined),
          error => log(`background workers not started: ${String(error)}`),
        );
      }, KICK_DELAY_MS);
      timer.unref();
    },
    writeArriving() {
      if (broken) options.fallback.writeArriving();
    },
    async settle() {
      if (broken) return options.fallback.settle();
      if (stopping) {
        // Each thread finishes its batch, closes its connection and says so: the process stays up until then.
        for (const thread of threads) thread.worker.ref();
        await Promise.all(threads.map(thread => thread.stopped));
        return;
      }
      await start();
      if (broken) return options.fallback.settle();
      const live = threads.filter(thread => thread.worker.threadId >= 0);
      if (live.length === 0) return;
      const lostBefore = lostThreads;
      const id = nextSettle++;
      const done = new Promise<void>(resolve => settling.set(id, { waiting: new Set(live), resolve }));
      for (const thread of live) {
        thread.worker.ref(); // an answer is awaited: the process stays up for it
        thread.worker.postMessage({ settle: id } satisfies ToBackgroundWorker);
      }
      await done;
      for (const thread of live) thread.worker.unref();
      if (lostThreads !== lostBefore) {
        await replacing; // the lost thread's claims released and its replacement started: it settles with the rest
        await jobs.settle();
      }
    },
    stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      options.fallback.stop();
      post({ stop: true });
    },
    pending: () => options.store.extractionQueue.count(MAX_ATTEMPTS),
    async status() {
      if (broken) return options.fallback.status();
      const { pending, failed, oldest_queued_at } = await options.store.extractionQueue.stats(MAX_ATTEMPTS);
      const lag = oldest_queued_at === null ? null : Math.max(0, Date.now() - Date.parse(oldest_queued_at));
      return { pending, lag_ms: lag, failed, claimed_here: claimedHere };
    },
  };
  return jobs;
}
