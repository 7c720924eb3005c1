/**
 * `npm run bench -- search-cpu`: what one search of the mixed load costs, in one process. Seeds `--seed` (5,000)
 * LoCoMo turns as `mixed` does (a store in a file, the background queue drained), then runs `--searches` (1,500)
 * of mixed's queries (three words of a seeded turn, limit 10, the default mode) after `--warm` (300), `--inflight`
 * (16) at a time, through `app.server.inject` (HTTP, zod, serialisation) and then straight through
 * `searchMemories`, and prints the CPU per search of each (process CPU time / searches). `--statements 1` sums each
 * SQL statement's time by its text (better-sqlite3's statements timed; run it apart, the timing costs a little).
 * `BENCH_KEEP=1` keeps the seeded store (its folder is printed); `BENCH_STORE=<folder>` runs on a copy of such a store.
 * `BENCH_PROFILE=<file>` writes a CPU profile of the searches through HTTP.
 * `BENCH_PERF=1` counts the searches through HTTP with `perf stat` (instructions and cycles per search, by thread).
 * `BENCH_DUMP=<file>` writes every answer's memories (by their turn's place in the seed) and scores, to compare two trees' ranking.
 *
 * `--workers N` sends the searches through HTTP to a read pool of N worker threads (`searchMemories` alone stays on
 * this thread): the process CPU then counts every thread, and `BENCH_DUMP` compares the pool's answers with the event loop's.
 *
 *   npm run bench -- search-cpu [--seed 5000] [--searches 1500] [--warm 300] [--inflight 16] [--statements 0|1] [--workers 0]
 */
import { cpSync, writeFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createApp } from '../src/main.ts';
import { searchMemories } from '../src/services/search/search.ts';
import { formatCounts, splitThreads, startPerfStat } from './perfStat.ts';
import { locomoTurns, makeTempDir, numericOptions, removeDir, seededRandom } from './lib.ts';

type Timed = Map<string, { ms: number; calls: number }>;

/** Times every better-sqlite3 statement's `all`/`run`/`get` by its text (every statement shares one prototype). */
function timeStatements(): Timed {
  const timed: Timed = new Map();
  const probe = new BetterSqlite3(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const method of ['all', 'run', 'get'] as const) {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const t0 = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const entry = timed.get(this.source) ?? timed.set(this.source, { ms: 0, calls: 0 }).get(this.source)!;
        entry.ms += performance.now() - t0;
        entry.calls++;
      }
    };
  }
  return timed;
}

export default async function searchCpu(argv: string[]): Promise<void> {
  const options = numericOptions(argv, { seed: 5_000, searches: 1_500, warm: 300, inflight: 16, statements: 0, workers: 0 });
  const dump = process.env.BENCH_DUMP;
  const seed = Math.floor(options.seed);
  const turns = locomoTurns(seed);
  if (!turns) throw new Error('the LoCoMo conversations were not found (../shared/bench/locomo, or set BENCH_LOCOMO_DIR)');
  const dataDir = makeTempDir('cairn-bench-search-cpu-');
  // BENCH_STORE=<folder>: a store seeded by an earlier run (BENCH_KEEP=1) is copied and used as it is.
  const store = process.env.BENCH_STORE;
  if (store) cpSync(store, dataDir, { recursive: true });
  // --workers N: the searches through HTTP go to a read pool of N worker threads (CPU counted on every thread).
  const config = { ...loadConfig({ dataDir }, { CAIRN_READ_WORKERS: String(Math.floor(options.workers)) }), databasePath: join(dataDir, 'cairn.db'), logLevel: 'silent' as const, validateResponses: false };
  const app = await createApp(config);
  try {
    // ids differ from run to run (made at creation): answers name each memory by its turn's place in the seed.
    const position = new Map<string, number>();
    if (store) {
      const place = new Map(turns.map((t, i) => [t.content, i]));
      for (const m of (await app.deps.store.memories.getMany(await seededIds(app))) ?? []) position.set(m.id, place.get(m.content) ?? -1);
    } else {
      for (let i = 0; i < seed; i += 32) {
        await Promise.all(turns.slice(i, i + 32).map(async (t, k) => position.set((await app.server.inject({ method: 'POST', url: '/memories', payload: t })).json().id, i + k)));
      }
      while ((await app.server.inject({ method: 'GET', url: '/health' })).json().background_queue?.pending > 0) await new Promise(r => setTimeout(r, 250));
    }
    // mixed's queries: three words (of more than three letters) of a seeded turn's text, after its speaker.
    const random = seededRandom(7);
    const queries = Array.from({ length: options.warm + options.searches }, () => {
      const words = turns[Math.floor(random() * seed)]!.content.replace(/^[^:]*:\s*/, '').split(/\s+/).filter(w => w.length > 3);
      const start = Math.floor(random() * Math.max(1, words.length - 3));
      return words.slice(start, start + 3).join(' ') || 'support group';
    });
    const viaHttp = async (query: string) => {
      const response = await app.server.inject({ method: 'POST', url: '/memories/search', payload: { query, limit: 10 } });
      if (response.statusCode !== 200) throw new Error(`search → ${response.statusCode} ${response.body.slice(0, 200)}`);
      return response.json() as { memory: { id: string }; similarity_score: number; score_breakdown: unknown }[];
    };
    const direct = (query: string) =>
      searchMemories(app.deps, { query, limit: 10, mode: 'fast', include_states: ['active'], include_entities: true }).then(r => r.results);
    const run = async (list: string[], one: (q: string) => Promise<unknown>) => {
      let next = 0;
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      await Promise.all(Array.from({ length: options.inflight }, async () => {
        while (next < list.length) await one(list[next++]!);
      }));
      const used = process.cpuUsage(cpu);
      return { cpuMs: (used.user + used.system) / 1000 / list.length, wallMs: (performance.now() - t0) / list.length };
    };
    const warm = queries.slice(0, options.warm);
    const timedQueries = queries.slice(options.warm);
    await run(warm, viaHttp);
    const timed = options.statements ? timeStatements() : null;
    // BENCH_PROFILE=<file>: a CPU profile of the searches through HTTP (node:inspector), for a breakdown by function.
    const profiler = process.env.BENCH_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    // BENCH_PERF=1: user-space instructions and cycles per search through HTTP, split by thread (bench/perfStat.ts).
    const perf = process.env.BENCH_PERF ? await startPerfStat(process.pid) : null;
    const http = await run(timedQueries, viaHttp);
    const perThread = perf && splitThreads(process.pid, await perf.stop(), Math.floor(options.workers));
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    const perfPlain = process.env.BENCH_PERF ? await startPerfStat(process.pid) : null;
    const plain = await run(timedQueries, direct);
    const plainThreads = perfPlain && splitThreads(process.pid, await perfPlain.stop(), 0);
    console.log(`${timedQueries.length} searches (after ${warm.length}), ${options.inflight} in flight, ${seed} turns seeded`);
    console.log(`through HTTP (inject): ${http.cpuMs.toFixed(3)} ms CPU per search (${http.wallMs.toFixed(3)} ms wall)`);
    console.log(`searchMemories alone:  ${plain.cpuMs.toFixed(3)} ms CPU per search (${plain.wallMs.toFixed(3)} ms wall)`);
    if (perThread) {
      const n = timedQueries.length;
      console.log(`through HTTP, per search: ${formatCounts(perThread.all, n)} (every thread)`);
      console.log(`  event loop ${formatCounts(perThread.main, n)}; read workers ${formatCounts(perThread.workers, n)}; other threads ${formatCounts(perThread.helpers, n)}`);
    }
    if (plainThreads) {
      const n = timedQueries.length;
      console.log(`searchMemories alone, per search: event loop ${formatCounts(plainThreads.main, n)}; other threads ${formatCounts(plainThreads.helpers, n)}`);
    }
    if (timed) {
      const searches = timedQueries.length * 2;
      const rows = [...timed].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
      const total = [...timed.values()].reduce((s, e) => s + e.ms, 0);
      console.log(`\nSQL: ${(total / searches).toFixed(3)} ms per search (wall, statements timed)`);
      for (const [text, e] of rows) console.log(`${(e.ms / searches).toFixed(3).padStart(7)} ms  ${(e.calls / searches).toFixed(2).padStart(5)}×  ${text.replace(/\s+/g, ' ').slice(0, 150)}`);
    }
    if (dump) {
      const answers = [];
      for (const q of timedQueries) answers.push({ q, results: (await viaHttp(q)).map(r => [r.memory.id, r.similarity_score, r.score_breakdown]) });
      writeFileSync(dump, JSON.stringify(answers.map(a => ({ ...a, results: a.results.map(([id, ...rest]) => [position.get(id as string), ...rest]) }))));
      console.log(`answers written to ${dump}`);
    }
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP) console.log(`store kept in ${dataDir}`);
    else removeDir(dataDir);
  }
}

/** Every memory's id (a seeded store holds only the seed). */
async function seededIds(app: Awaited<ReturnType<typeof createApp>>): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await app.server.inject({ method: 'GET', url: `/memories?limit=100&offset=${offset}` })).json().memories as { id: string }[];
    ids.push(...page.map(m => m.id));
    if (page.length < 100) return ids;
  }
}
