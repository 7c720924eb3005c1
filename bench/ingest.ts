/**
 * `npm run bench -- ingest`: `--count` LoCoMo-like turns (default 50,000: the conversations cycled, a lap number
 * varying the repeats) posted at full speed (`--concurrency` 64) to a real server (what `npm start` runs) on a fresh
 * data dir. Reports the acknowledged creates/s, then the time until every memory is fully processed (entities, graph,
 * EVOLVES, embeddings when an embedder is on), sampling the background queue every `--sample-ms` from the start:
 * GET /health's `background_queue: { pending, lag_ms, failed }` where the server reports it; else the older signals
 * (memories waiting for embedding in /search-index/status, /memories/reindex/status), which cover less.
 * Ends with the server's CPU per memory and how busy the event loop and each other thread kept its core.
 *
 *   npm run bench -- ingest [--count 50000] [--concurrency 64] [--sample-ms 1000] [--timeout-s 1800]
 * The server's settings come from the environment, e.g. CAIRN_EMBEDDER=use-lite npm run bench -- ingest.
 * BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' (one profile per thread).
 */
import { loadavg } from 'node:os';
import { Pool } from 'undici';
import { cpuMs, formatTable, formatThreadBusy, threadCpuMs, locomoTurns, makeTempDir, numericOptions, percentile, removeDir, requestJson, runPhase, startServer, ms } from './lib.ts';

interface QueueSample {
  atS: number;
  acknowledged: number;
  pending: number | null;
  lagMs: number | null;
  failed: number | null;
  /** SQLite with background threads: the write lock held so far by the server's thread and by the background threads, ms. */
  lock: { server: number; background: number; serverWaited: number; backgroundWaited: number; serverTakes: number; backgroundTakes: number } | null;
  source: 'health' | 'fallback';
}

type LockUse = { held_ms: number; waited_ms: number; takes: number };
function lockOf(health: Record<string, unknown> | null | undefined): QueueSample['lock'] {
  const lock = (health?.workers as { write_lock?: { server: LockUse; background: LockUse } | null } | undefined)?.write_lock;
  if (!lock) return null;
  const { server, background } = lock;
  return { server: server.held_ms, background: background.held_ms, serverWaited: server.waited_ms, backgroundWaited: background.waited_ms, serverTakes: server.takes, backgroundTakes: background.takes };
}

/** The background queue as the server reports it, or what the older status endpoints say. */
async function sampleQueue(pool: Pool): Promise<Omit<QueueSample, 'atS' | 'acknowledged'>> {
  const health = await requestJson(pool, 'GET', '/health');
  const queue = health?.background_queue as { pending?: number; lag_ms?: number; failed?: number } | undefined;
  if (queue && typeof queue.pending === 'number') {
    return { pending: queue.pending, lagMs: queue.lag_ms ?? null, failed: queue.failed ?? null, lock: lockOf(health), source: 'health' };
  }
  const [index, reindex] = await Promise.all([
    requestJson(pool, 'GET', '/search-index/status').catch(() => null),
    requestJson(pool, 'GET', '/memories/reindex/status').catch(() => null),
  ]);
  const pending = Number(index?.pending_memories ?? 0) + Number(reindex?.count_needing_reindex ?? 0);
  return { pending, lagMs: null, failed: null, lock: null, source: 'fallback' };
}

export default async function ingest(argv: string[]): Promise<void> {
  const options = numericOptions(argv, { count: 50_000, concurrency: 64, sampleMs: 1_000, timeoutS: 1_800 });
  const count = Math.floor(options.count);
  const turns = locomoTurns(count);
  if (!turns) throw new Error('the LoCoMo conversations were not found (../shared/bench/locomo, or set BENCH_LOCOMO_DIR)');
  const dataDir = makeTempDir('cairn-bench-ingest-');
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean);
  const server = await startServer({ dataDir, entry: 'launcher', timeoutMs: 60_000, nodeArgs });
  const pool = new Pool(server.url, { connections: options.concurrency + 2, pipelining: 1 });
  console.log(`${count} LoCoMo turns at concurrency ${options.concurrency}; server pid ${server.pid}; load average ${loadavg().map(l => l.toFixed(2)).join(' ')}\n`);

  const samples: QueueSample[] = [];
  const started = performance.now();
  let acknowledged = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        samples.push({ atS: (performance.now() - started) / 1000, acknowledged, ...(await sampleQueue(pool)) });
      } catch (error) {
        console.error(`queue sample failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await new Promise(resolve => setTimeout(resolve, options.sampleMs));
    }
  })();

  try {
    const cpuBefore = cpuMs(server.pid);
    const threadsBefore = threadCpuMs(server.pid);
    const posted = await runPhase('create', count, options.concurrency, async i => {
      await requestJson(pool, 'POST', '/memories', turns[i]);
      acknowledged++;
    });
    const ackSeconds = posted.seconds;
    // Then wait until the queue is empty (the sampler keeps sampling).
    const deadline = performance.now() + options.timeoutS * 1000;
    let drained = false;
    while (performance.now() < deadline) {
      const now = await sampleQueue(pool);
      if (now.pending === 0) {
        drained = true;
        break;
      }
      await new Promise(resolve => setTimeout(resolve, 200));
    }
    const totalSeconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuMs(server.pid);
    const threads = formatThreadBusy(server.pid, threadsBefore, threadCpuMs(server.pid), totalSeconds);
    sampling = false;
    await sampler;

    const source = samples.at(-1)?.source ?? 'fallback';
    console.log(`queue lag over time (${source === 'health' ? 'GET /health background_queue' : 'no background_queue in /health: embedding/reindex backlog only'}):`);
    // The write lock's share of each interval: held by the server's thread (acknowledging) and the background threads.
    const withLock = samples.some(s => s.lock);
    const rows = [['t s', 'acknowledged', 'pending', 'lag ms', 'failed', ...(withLock ? ['lock server %', 'lock background %'] : [])]];
    const every = Math.max(1, Math.ceil(samples.length / 30)); // at most ~30 lines
    let shown: QueueSample | null = null;
    samples.forEach((s, i) => {
      if (i % every === 0 || i === samples.length - 1) {
        const share = (side: 'server' | 'background') => (s.lock && shown?.lock ? (((s.lock[side] - shown.lock[side]) / ((s.atS - shown.atS) * 1000)) * 100).toFixed(0) : '-');
        rows.push([s.atS.toFixed(1), String(s.acknowledged), String(s.pending ?? '-'), s.lagMs === null ? '-' : s.lagMs.toFixed(0), String(s.failed ?? '-'), ...(withLock ? [share('server'), share('background')] : [])]);
        shown = s;
      }
    });
    console.log(formatTable(rows));

    const done = count - posted.errors;
    const lags = samples.map(s => s.lagMs).filter((v): v is number => v !== null);
    console.log(`\nacknowledged: ${done} creates in ${ackSeconds.toFixed(1)} s = ${(done / ackSeconds).toFixed(0)} creates/s (p50 ${ms(percentile(posted.latencies, 50))} ms, p99 ${ms(percentile(posted.latencies, 99))} ms, ${posted.errors} errors)`);
    console.log(
      drained
        ? `fully processed: all ${done} after ${totalSeconds.toFixed(1)} s = ${(done / totalSeconds).toFixed(0)} memories/s (${(totalSeconds - ackSeconds).toFixed(1)} s after the last acknowledgement)`
        : `NOT fully processed within ${options.timeoutS} s: ${samples.at(-1)?.pending} still pending`,
    );
    if (lags.length) console.log(`queue lag: max ${Math.max(...lags).toFixed(0)} ms, p50 of samples ${percentile(lags, 50).toFixed(0)} ms`);
    const lock = lockOf(await requestJson(pool, 'GET', '/health'));
    if (lock && done > 0) {
      const perMemory = (msTotal: number) => ((msTotal * 1000) / done).toFixed(0);
      console.log(
        `write lock per memory: held ${perMemory(lock.server)} µs acknowledging, ${perMemory(lock.background)} µs processing; waited ${perMemory(lock.serverWaited)} µs and ${perMemory(lock.backgroundWaited)} µs (background threads together)`,
      );
      const each = (heldMs: number, takes: number) => `${takes} (${takes ? ((heldMs * 1000) / takes).toFixed(0) : '-'} µs each)`;
      console.log(`write lock taken: by the server's thread ${each(lock.server, lock.serverTakes)}, by the background threads ${each(lock.background, lock.backgroundTakes)}`);
    }
    if (cpuBefore !== null && cpuAfter !== null) {
      console.log(`server CPU per memory (ack + processing): ${(((cpuAfter - cpuBefore) * 1000) / Math.max(1, done)).toFixed(0)} µs; cores busy ${((cpuAfter - cpuBefore) / 1000 / totalSeconds).toFixed(2)}`);
      console.log(`server cores busy by thread: ${threads}`);
    }
    console.log(`load average at the end ${loadavg().map(l => l.toFixed(2)).join(' ')}`);
    if (posted.errors > 0 || !drained) process.exitCode = 1;
  } finally {
    sampling = false;
    await sampler;
    await pool.close();
    await server.stop('SIGTERM');
    removeDir(dataDir);
  }
}
