// A background worker thread: the memory-write queue (services/graph/jobs.ts: entities, graph, EVOLVES detection)
// worked from this thread, on its own SQLite connection, with the offline rules run here. The server's thread only
// acknowledges writes; this one claims, extracts and writes, taking the write token (storage/sqlite/writeToken.ts)
// for each of its transactions. Protocol in mainBackgroundPool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { v7 as uuidv7 } from 'uuid';
import { createRulesExtractor } from './providers/extractor/rules.ts';
import { createExtractionJobs } from './services/graph/jobs.ts';
import { createLlmHealth } from './services/graph/setup.ts';
import { openSqliteStore } from './storage/sqlite/store.ts';
import { createWriteToken } from './storage/sqlite/writeToken.ts';
import { type EmbedAnswer, type EmbedderShape, embedderThroughPort } from './workerEmbedder.ts';

export interface BackgroundWorkerData {
  databasePath: string;
  synchronous: 'normal' | 'full';
  /** The write token's shared cell, and this thread's number in it. */
  token: SharedArrayBuffer;
  holder: number;
  /** This thread's name in the queue's claims (the server releases them should the thread stop). */
  worker: string;
  /** The server's embedder, for memories queued with auto_label (null: none); its `embed` is a call to the server. */
  embedder: EmbedderShape | null;
}

export type ToBackgroundWorker = { kick: true } | { settle: number } | { stop: true } | EmbedAnswer;

/**
 * A claim's batch on this thread. Its graph transaction holds the one write lock, and so much of that time is the
 * transaction's own (BEGIN, COMMIT, the claim, a statement per table for the whole batch) that 64 memories hold it
 * about a third less per memory than 16 (measured in one process, LoCoMo turns: 165 → 105 µs; 128 gained little more).
 * The event loop, where a batch also holds up requests, keeps the default.
 */
const BATCH = 64;

const port = parentPort!;
const data = workerData as BackgroundWorkerData;
const { embedder, answered } = embedderThroughPort(port, data.embedder);
const rules = createRulesExtractor();
const store = await openSqliteStore({
  path: data.databasePath,
  synchronous: data.synchronous,
  // Read workers keep the log busy: SQLite's own checkpoint waits for ~40 MB of log, as on the server's connection.
  readWorkers: true,
  ownsFile: false,
  writeToken: createWriteToken(data.token, data.holder),
});
const jobs = createExtractionJobs({
  store,
  extractor: rules,
  fallback: rules,
  health: createLlmHealth(),
  clock: { now: () => new Date().toISOString() },
  ids: { next: () => uuidv7() },
  log: message => port.postMessage({ log: message }),
  onGraphChanged: () => port.postMessage({ graphChanged: true }),
  ...(embedder ? { embedder } : {}),
  // Several threads share the queue: claims are released by the server, not on start.
  exclusive: false,
  giveWayMaxMs: 0,
  worker: data.worker,
  onClaimed: count => port.postMessage({ claimed: count }),
  rulesBatch: BATCH,
});

port.on('message', async (message: ToBackgroundWorker) => {
  if ('embedded' in message) return answered(message);
  if ('kick' in message) return jobs.kick();
  if ('settle' in message) {
    await jobs.settle();
    return port.postMessage({ settled: message.settle });
  }
  jobs.stop();
  await jobs.settle();
  await store.close();
  port.postMessage({ stopped: true });
  port.close();
});
port.postMessage({ ready: true });
jobs.kick(); // what was queued before this thread started
