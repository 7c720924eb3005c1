import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { Extraction, ExtractionInput, Extractor } from '../ports.ts';
import { extractWithRules } from './rules.ts';

type Reply = { id: number; extractions?: (Extraction | { error: string })[]; error?: string };

interface Waiting {
  inputs: ExtractionInput[];
  settle: ((result: Extraction | Error) => void)[];
}

/** A worker that crashed this often is not started again: the rules run inline from then on. */
const MAX_STARTS = 3;

export interface WorkerRulesOptions {
  /** The worker's script (tests give a failing one); default the rules worker, bundled or from the sources. */
  script?: URL;
  log?: (message: string) => void;
  /** Worker threads (CAIRN_BACKGROUND_WORKERS; default 1): the memories gathered in one turn are split between them. */
  threads?: number;
}

/** One worker thread and what it has in hand; when it cannot start or dies, its memories are extracted inline. */
interface Lane {
  send(waiting: Waiting): void;
  close(): Promise<void>;
}

/**
 * The offline rules extractor run in a worker thread, so the NLP libraries (about a millisecond of CPU per memory)
 * use other cores and never hold up requests. Calls made in the same event-loop turn travel as one message. When the
 * worker cannot start or dies, what it was given and everything after runs inline (the same rules, same results).
 */
export function createWorkerRulesExtractor(options: WorkerRulesOptions = {}): Extractor & { close(): Promise<void> } {
  const lanes = Array.from({ length: Math.max(1, options.threads ?? 1) }, () => createLane(options));
  let gathering: Waiting | null = null;

  /** The memories gathered in this turn, split into one run of neighbours per thread. */
  function send() {
    const waiting = gathering!;
    gathering = null;
    const share = Math.ceil(waiting.inputs.length / lanes.length);
    lanes.forEach((lane, i) => {
      const part = { inputs: waiting.inputs.slice(i * share, (i + 1) * share), settle: waiting.settle.slice(i * share, (i + 1) * share) };
      if (part.inputs.length) lane.send(part);
    });
  }

  return {
    provider: 'rules',
    model: null,
    inline: true,
    offThread: true,
    threads: lanes.length,
    extract(input) {
      if (!gathering) {
        gathering = { inputs: [], settle: [] };
        queueMicrotask(send);
      }
      const waiting = gathering;
      return new Promise<Extraction>((resolve, reject) => {
        waiting.inputs.push(input);
        waiting.settle.push(result => (result instanceof Error ? reject(result) : resolve(result)));
      });
    },
    async close() {
      await Promise.all(lanes.map(lane => lane.close()));
    },
  };
}

function createLane(options: WorkerRulesOptions): Lane {
  const log = options.log ?? (() => {});
  let worker: Worker | null = null;
  let starts = 0;
  let nextId = 0;
  const inFlight = new Map<number, Waiting>();

  /** Runs the rules on this thread, one memory per event-loop turn. */
  async function inline(waiting: Waiting) {
    for (const [i, input] of waiting.inputs.entries()) {
      await nextTurn();
      try {
        waiting.settle[i](extractWithRules(input));
      } catch (error) {
        waiting.settle[i](error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  function lost(from: Worker, reason: string, answered: boolean) {
    if (worker !== from) return;
    worker = null;
    if (!answered) starts = MAX_STARTS; // it never got going (a missing script, a broken install): it would not next time
    log(`entity extraction worker stopped (${reason}); ${starts < MAX_STARTS ? 'it is started again' : 'the rules run inline from now on'}`);
    const orphans = [...inFlight.values()];
    inFlight.clear();
    for (const waiting of orphans) void inline(waiting);
  }

  function start(): Worker | null {
    if (starts >= MAX_STARTS) return null;
    starts++;
    const script = options.script ?? new URL('./rules.worker.ts', import.meta.url);
    let started: Worker;
    try {
      // From the sources the script is TypeScript: a small bootstrap registers tsx in the worker first.
      started = script.pathname.endsWith('.ts')
        ? new Worker(new URL('./typescript.worker.mjs', import.meta.url), { workerData: { script: script.href } })
        : new Worker(script);
    } catch (error) {
      starts = MAX_STARTS;
      log(`entity extraction worker did not start (${error instanceof Error ? error.message : String(error)}): the rules run inline`);
      return null;
    }
    started.unref(); // an idle worker must not keep the process alive
    let answered = false;
    started.on('message', (reply: Reply) => {
      answered = true;
      const waiting = inFlight.get(reply.id);
      inFlight.delete(reply.id);
      if (inFlight.size === 0) started.unref();
      if (!waiting) return;
      waiting.settle.forEach((settle, i) => {
        const result = reply.extractions?.[i];
        settle(result === undefined || 'error' in result ? new Error(result?.error ?? reply.error ?? 'no extraction') : result);
      });
    });
    started.on('error', error => lost(started, error.message, answered));
    started.on('exit', code => lost(started, `exit code ${code}`, answered));
    return started;
  }

  function send(waiting: Waiting) {
    worker ??= start();
    if (!worker) return void inline(waiting);
    const id = nextId++;
    inFlight.set(id, waiting);
    worker.ref(); // answers are awaited
    worker.postMessage({ id, inputs: waiting.inputs });
  }

  return {
    send,
    async close() {
      const running = worker;
      worker = null;
      starts = MAX_STARTS;
      const orphans = [...inFlight.values()];
      inFlight.clear();
      for (const waiting of orphans) void inline(waiting);
      await running?.terminate();
    },
  };
}
