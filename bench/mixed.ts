/**
 * `npm run bench -- mixed`: a mixed load on one real server (what `npm start` runs), after seeding `--seed` LoCoMo
 * turns: `--connections` (64) clients, each sending its next request as soon as the last one answered, for `--seconds`
 * (60); each request is a search (70 %: POST /memories/search with a few words of a turn), a create (20 %: POST
 * /memories with a turn) or a read (10 %: GET /memories/<id> of a seeded memory). Reports requests/s in all, and per
 * kind: count, p50/p99 latency and errors, and the server's CPU time per request (utime+stime from /proc, every thread),
 * with how busy the event loop and each other thread kept its core (/proc/<pid>/task).
 *
 * `--warm S` (0) runs the same mix for S seconds first, untimed: threads that never searched before the window (read
 * workers) pay their JIT and cache warm-up there instead of in it.
 *
 *   npm run bench -- mixed [--seconds 60] [--connections 64] [--seed 5000] [--warm 0]
 *
 * BENCH_PERF=1 counts the server's user-space instructions and cycles over the window with `perf stat`, per request
 * and by thread (event loop, read workers, the rest).
 * BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' (one profile per thread).
 */
import { loadavg } from 'node:os';
import { Pool } from 'undici';
import { formatCounts, splitThreads, startPerfStat } from './perfStat.ts';
import { cpuMs, formatTable, formatThreadBusy, threadCpuMs, locomoTurns, makeTempDir, ms, numericOptions, percentile, removeDir, requestJson, runPhase, seededRandom, startServer } from './lib.ts';

type Kind = 'search' | 'create' | 'read';

export default async function mixed(argv: string[]): Promise<void> {
  const options = numericOptions(argv, { seconds: 60, connections: 64, seed: 5_000, warm: 0 });
  const seed = Math.floor(options.seed);
  const turns = locomoTurns(seed + 200_000);
  if (!turns) throw new Error('the LoCoMo conversations were not found (../shared/bench/locomo, or set BENCH_LOCOMO_DIR)');
  const dataDir = makeTempDir('cairn-bench-mixed-');
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean);
  const server = await startServer({ dataDir, entry: 'launcher', timeoutMs: 60_000, nodeArgs });
  const pool = new Pool(server.url, { connections: options.connections, pipelining: 1 });
  try {
    const ids: string[] = [];
    const seeded = await runPhase('seed', seed, 32, async i => void ids.push((await requestJson(pool, 'POST', '/memories', turns[i])).id));
    if (seeded.errors) throw new Error(`${seeded.errors} seed writes failed`);
    // The seed's background work (graph, EVOLVES, embeddings) is done before the window: left queued, it would run
    // during the window as far as the event loop had time for it (little with searches on the event loop, all of it
    // with a read worker), and the CPU per request would measure that instead of the requests.
    const drainStart = performance.now();
    while ((await requestJson(pool, 'GET', '/health')).background_queue?.pending > 0 && performance.now() - drainStart < 300_000) {
      await new Promise(resolve => setTimeout(resolve, 250));
    }
    console.log(`background queue drained in ${((performance.now() - drainStart) / 1000).toFixed(1)} s`);
    // Where the server runs its work (CAIRN_READ_WORKERS, CAIRN_BACKGROUND_WORKERS; sized from its cores by default).
    const { workers } = await requestJson(pool, 'GET', '/health');
    console.log(`server: ${workers.cores} cores, ${workers.read_workers} read workers (reads on ${workers.reads}), ${workers.background_workers} background workers`);
    console.log(`seeded ${ids.length} memories in ${seeded.seconds.toFixed(1)} s; ${options.connections} connections for ${options.seconds} s; load average ${loadavg().map(l => l.toFixed(2)).join(' ')}\n`);

    const random = seededRandom(7);
    const latencies: Record<Kind, number[]> = { search: [], create: [], read: [] };
    const errors: Record<Kind, number> = { search: 0, create: 0, read: 0 };
    let nextTurn = seed;
    const queryOf = () => {
      const words = turns[Math.floor(random() * seed)].content.replace(/^[^:]*:\s*/, '').split(/\s+/).filter(w => w.length > 3);
      const start = Math.floor(random() * Math.max(1, words.length - 3));
      return words.slice(start, start + 3).join(' ') || 'support group';
    };
    const send: Record<Kind, () => Promise<unknown>> = {
      search: () => requestJson(pool, 'POST', '/memories/search', { query: queryOf(), limit: 10 }),
      create: () => requestJson(pool, 'POST', '/memories', turns[nextTurn++]),
      read: () => requestJson(pool, 'GET', `/memories/${ids[Math.floor(random() * ids.length)]}`),
    };
    /** The mix for `seconds` on every connection; what it answered is timed into `latencies` when `timed`. */
    const runMix = async (seconds: number, timed: boolean) => {
      const until = performance.now() + seconds * 1000;
      const client = async () => {
        while (performance.now() < until) {
          const draw = random();
          const kind: Kind = draw < 0.7 ? 'search' : draw < 0.9 ? 'create' : 'read';
          const t0 = performance.now();
          try {
            await send[kind]();
            if (timed) latencies[kind].push(performance.now() - t0);
          } catch (error) {
            if (!timed) throw error;
            if (++errors[kind] <= 3) console.error(`${kind} failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: options.connections }, client));
    };
    if (options.warm > 0) {
      await runMix(options.warm, false);
      console.log(`warmed up with ${options.warm} s of the same mix (untimed)`);
    }
    // The window's own creates queue background work too: how much of it was done is part of the CPU measured.
    const queueBefore = (await requestJson(pool, 'GET', '/health')).background_queue;
    // BENCH_PERF=1: the server's user-space instructions and cycles over the window, by thread (bench/perfStat.ts).
    const perf = process.env.BENCH_PERF ? await startPerfStat(server.pid) : null;
    const cpuBefore = cpuMs(server.pid);
    const threadsBefore = threadCpuMs(server.pid);
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    await runMix(options.seconds, true);
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuMs(server.pid);
    const threadsAfter = threadCpuMs(server.pid);
    const perThread = perf && splitThreads(server.pid, await perf.stop(), workers.read_workers);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const queueAfter = (await requestJson(pool, 'GET', '/health')).background_queue;

    const kinds: Kind[] = ['search', 'create', 'read'];
    const total = kinds.reduce((sum, k) => sum + latencies[k].length + errors[k], 0);
    const rows = [['kind', 'requests', 'req/s', 'errors', 'p50 ms', 'p99 ms']];
    for (const k of kinds) {
      rows.push([k, String(latencies[k].length), (latencies[k].length / seconds).toFixed(0), String(errors[k]), ms(percentile(latencies[k], 50)), ms(percentile(latencies[k], 99))]);
    }
    const all = kinds.flatMap(k => latencies[k]);
    rows.push(['all', String(all.length), (all.length / seconds).toFixed(0), String(kinds.reduce((s, k) => s + errors[k], 0)), ms(percentile(all, 50)), ms(percentile(all, 99))]);
    console.log(formatTable(rows));
    console.log(`\n${total} requests in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(0)} requests/s`);
    if (cpuBefore !== null && cpuAfter !== null) {
      // CPU time per request holds when the machine is shared (the wall-clock numbers follow the scheduler's share).
      console.log(`server cores busy: ${((cpuAfter - cpuBefore) / 1000 / seconds).toFixed(2)} (process CPU time / wall, every thread)`);
      console.log(`server CPU per request: ${((cpuAfter - cpuBefore) / total).toFixed(2)} ms (every thread, ${total} requests)`);
      console.log(`server cores busy by thread: ${formatThreadBusy(server.pid, threadsBefore, threadsAfter, seconds)}`);
    }
    {
      // The load generator shares the machine: what it spends is CPU the server did not get.
      const clientMs = (clientCpu.user + clientCpu.system) / 1000;
      console.log(`client cores busy: ${(clientMs / 1000 / seconds).toFixed(2)}; client CPU per request: ${(clientMs / total).toFixed(2)} ms`);
    }
    if (perThread) {
      console.log(`server per request: ${formatCounts(perThread.all, total)} (every thread)`);
      console.log(`  event loop ${formatCounts(perThread.main, total)}; read workers ${formatCounts(perThread.workers, total)}; other threads ${formatCounts(perThread.helpers, total)}`);
    }
    if (queueBefore && queueAfter) {
      const processed = queueAfter.claimed_here - queueBefore.claimed_here;
      console.log(`background queue: ${processed} memories processed in the window; ${queueBefore.pending} pending at its start, ${queueAfter.pending} at its end`);
    }
    console.log(`load average at the end ${loadavg().map(l => l.toFixed(2)).join(' ')}`);
    if (kinds.some(k => errors[k] > 0)) process.exitCode = 1;
  } finally {
    await pool.close();
    await server.stop('SIGTERM');
    removeDir(dataDir);
  }
}
