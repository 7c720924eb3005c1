import { Worker } from 'node:worker_threads';
import { readWorkerLost } from './errors.ts';
import type { Embedder } from './providers/ports.ts';
import { errorFromWire, type ReadRequest, type WireError } from './services/reads/reads.ts';
import type { ReadPool } from './services/ports.ts';
import type { ReadWorkerData } from './mainReadWorker.ts';
import { answerEmbed, type EmbedRequest, embedderShape } from './workerEmbedder.ts';

/**
 * The read pool of a SQLite server: `size` worker threads (mainReadWorker.ts), each with its own read-only
 * connection, serving search, get and list. Protocol, server → worker: {id, request} and {embedded, vectors | error};
 * worker → server: {ready}, {id, value | error} and {embed, texts} (a query embedding, made by the server's embedder).
 *
 * A worker that stops (a crash) is replaced; the reads it held run again on another worker, once: a read that loses
 * its worker twice is answered 503. A worker that stops before it was ever ready (a missing script, a broken install)
 * would not start next time either: the pool then stops, and reads run in process (`size` 0), as without a pool.
 */
export interface ReadPoolOptions {
  size: number;
  databasePath: string;
  /** The server's embedder: the workers' query embeddings are made here (null: search is lexical). */
  embedder: Embedder | null;
  /** The worker's script (tests give a crashing one); default mainReadWorker, bundled or from the sources. */
  script?: URL;
  /** Runs a read in process: what a pool whose workers could not start does with the reads it was given. */
  fallback?: (request: ReadRequest) => Promise<unknown>;
  log?: (message: string) => void;
}

interface Task {
  request: ReadRequest;
  tries: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  tasks: Map<number, Task>;
}

type Reply = { ready: true } | { id: number; value?: unknown; error?: WireError } | EmbedRequest;

/** A read is tried on this many workers before it is answered 503. */
const MAX_TRIES = 2;

export function createReadPool(options: ReadPoolOptions): ReadPool {
  const log = options.log ?? (() => {});
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;
  let broken = false;
  const data: ReadWorkerData = {
    databasePath: options.databasePath,
    embedder: embedderShape(options.embedder),
  };

  function spawn(): Worker {
    const script = options.script ?? new URL('./mainReadWorker.ts', import.meta.url);
    // From the sources the script is TypeScript: a small bootstrap registers tsx in the worker first.
    return script.pathname.endsWith('.ts')
      ? new Worker(new URL('./providers/extractor/typescript.worker.mjs', import.meta.url), { workerData: { script: script.href, ...data } })
      : new Worker(script, { workerData: data });
  }

  function start(): Slot {
    const slot: Slot = { worker: spawn(), ready: false, tasks: new Map() };
    slot.worker.unref(); // an idle pool must not keep the process alive
    slot.worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return void (slot.ready = true);
      if ('embed' in reply) return answerEmbed(slot.worker, options.embedder, reply);
      const task = slot.tasks.get(reply.id);
      slot.tasks.delete(reply.id);
      if (slot.tasks.size === 0) slot.worker.unref();
      if (!task) return;
      if (reply.error) task.reject(errorFromWire(reply.error));
      else task.resolve(reply.value);
    });
    slot.worker.on('error', error => lost(slot, error.message));
    slot.worker.on('exit', code => lost(slot, `exit code ${code}`));
    return slot;
  }

  function lost(slot: Slot, reason: string) {
    const at = slots.indexOf(slot);
    if (at < 0) return; // already replaced (an error is followed by an exit)
    slots.splice(at, 1);
    const orphans = [...slot.tasks.values()];
    slot.tasks.clear();
    if (closed) return orphans.forEach(task => task.reject(readWorkerLost()));
    if (!slot.ready) {
      // It never got going: another would not either. Reads run in process from now on.
      broken = true;
      log(`read worker did not start (${reason}): reads run in process`);
      for (const other of slots.splice(0)) {
        orphans.push(...other.tasks.values());
        void other.worker.terminate();
      }
      return orphans.forEach(task => (options.fallback ? options.fallback(task.request).then(task.resolve, task.reject) : task.reject(readWorkerLost())));
    }
    log(`read worker stopped (${reason}); it is started again`);
    slots.push(start());
    for (const task of orphans) {
      if (task.tries >= MAX_TRIES) task.reject(readWorkerLost());
      else dispatch(task);
    }
  }

  /** The worker with the fewest reads in hand takes the next one. */
  function dispatch(task: Task) {
    if (slots.length === 0) return task.reject(readWorkerLost());
    const slot = slots.reduce((least, s) => (s.tasks.size < least.tasks.size ? s : least));
    const id = nextId++;
    task.tries++;
    slot.tasks.set(id, task);
    slot.worker.ref(); // an answer is awaited
    slot.worker.postMessage({ id, request: task.request });
  }

  // The threads start when the server listens (serve) or with the first read, not when the pool is made: each
  // loads the server's code (a few hundred milliseconds of CPU), which would otherwise delay the first answer.
  let started = false;
  function startAll() {
    if (started || closed) return;
    started = true;
    for (let i = 0; i < options.size; i++) slots.push(start());
  }

  return {
    get size() {
      if (closed || broken) return 0;
      return started ? slots.length : options.size;
    },
    start: startAll,
    run(request) {
      startAll();
      // The pool's callers are services/reads (`read`), whose requests are ReadRequests.
      return new Promise((resolve, reject) => dispatch({ request: request as ReadRequest, tries: 0, resolve, reject }));
    },
    async close() {
      closed = true;
      await Promise.all(slots.splice(0).map(slot => {
        for (const task of slot.tasks.values()) task.reject(readWorkerLost());
        return slot.worker.terminate();
      }));
    },
  };
}
