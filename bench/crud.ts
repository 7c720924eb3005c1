/**
 * CRUD benchmark: a real `cairn serve` process (what `npm start` runs) on a fresh data dir, driven over HTTP with undici.
 * Creates: `--runs` runs of `count` concurrent creates against Cairn alternate with as many against the minimal server
 * of the same stack (bench/minimal/crud.ts: Fastify + zod with Cairn's create schema, one prepared insert into Cairn's
 * memories table and FTS5 triggers, WAL, synchronous=NORMAL, group commit, ASCII titles), each on a fresh data dir, so
 * both see the same machine load. Reported: min/median creates/s of each, Cairn's ratio to the minimal server, and the
 * CPU time per create of the server (/proc/<pid>/stat, utime+stime) and of this client process.
 * After Cairn's last create run, on the same server: list them all (limit=100 pages, and the limit=20 first page),
 * read each back by id; throughput, latency percentiles, server RSS and database size.
 * Contents are LoCoMo turns (../shared/bench/locomo, cycled with a variation), or synthetic notes when it is absent.
 *
 *   npm run bench -- crud [--count 20000] [--runs 3] [--concurrency 64] [--gets 0 (= all)] [--first-pages 1000] [--serial-gets 1000]
 *   (or BENCH_COUNT, BENCH_CONCURRENCY, ... in the environment)
 * BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import {
  cpuMs,
  locomoTurns,
  fileSize,
  formatTable,
  makeTempDir,
  mib,
  ms,
  numericOptions,
  percentile,
  type PhaseResult,
  requestJson,
  removeDir,
  rssBytes,
  runPhase,
  seededRandom,
  startServer,
} from './lib.ts';

const SUBJECTS = ['Alice', 'Bob', 'The billing team', 'Our staging cluster', 'The Q3 roadmap', 'Mei', 'The mobile app', 'Grandma', 'The landlord', 'Dr. Okafor'];
const FACTS = [
  'prefers async updates over meetings and reads email only in the morning',
  'moved the weekly sync from Tuesday to Thursday at 10:30',
  'runs on Postgres 16 with nightly backups kept for 30 days',
  'is allergic to peanuts, so order from the Thai place without satay',
  'decided to drop support for Android 9 in the next release',
  'needs the invoice by the 5th of each month, in PDF, with the PO number',
  'said the flaky test comes from a race in the retry queue',
  'will be on parental leave from March until the end of June',
  'recommended "Designing Data-Intensive Applications" for the reading group',
  'keeps the spare key in the blue box behind the garage door',
];
const FOLLOW_UPS = [
  'Confirmed again in the last one-on-one.',
  'Double-check before the next planning session.',
  'This replaces what we noted in January.',
  'Mentioned it twice, so it seems important.',
  '',
];
const LABELS = ['work', 'family', 'health', 'infra', 'billing', 'reading', 'travel', 'decisions', 'people', 'home', 'release', 'urgent'];

/** A sentence or two, and for about 40 % of memories one to three labels. */
function makeMemory(random: () => number) {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const noted = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 500) * 86_400_000).toISOString().slice(0, 10);
  const content = `${pick(SUBJECTS)} ${pick(FACTS)} (noted ${noted}). ${pick(FOLLOW_UPS)}`.trim();
  if (random() >= 0.4) return { content };
  return { content, labels: [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(LABELS)))] };
}

interface CreateRun {
  side: 'cairn' | 'minimal';
  perSecond: number;
  serverCpuUs: number | null;
  clientCpuUs: number;
  phase: PhaseResult;
}

export default async function crud(argv: string[]): Promise<void> {
  const options = numericOptions(argv, { count: 20_000, runs: 3, concurrency: 64, gets: 0, firstPages: 1_000, serialGets: 1_000 });
  const count = Math.floor(options.count);
  const runs = Math.max(1, Math.floor(options.runs));
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const gets = Math.min(count, Math.floor(options.gets) || count);
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean);

  const random = seededRandom(42);
  const locomo = locomoTurns(count);
  const inputs: { content: string; labels?: string[] }[] = locomo ?? Array.from({ length: count }, () => makeMemory(random));
  const load = loadavg().map(l => l.toFixed(2)).join(' ');
  console.log(`${count} creates per run (${locomo ? 'LoCoMo turns' : 'synthetic notes'}), ${runs} runs per side alternated, concurrency ${concurrency}`);
  console.log(`${cpus().length} CPU cores (${cpus()[0]?.model}), load average ${load}, node ${process.version}\n`);

  const creates: CreateRun[] = [];
  const phases: PhaseResult[] = [];
  let rss: number | null = null;
  let dbBytes = 0;
  for (let run = 0; run < runs; run++) {
    const sides = run % 2 === 0 ? (['cairn', 'minimal'] as const) : (['minimal', 'cairn'] as const);
    for (const side of sides) {
      const dataDir = makeTempDir('cairn-bench-');
      const server = await startServer(
        side === 'cairn' ? { dataDir, nodeArgs, entry: 'launcher' } : { dataDir, nodeArgs, program: ['--import', 'tsx', 'bench/minimal/crud.ts'] },
      );
      const pool = new Pool(server.url, { connections: concurrency, pipelining: 1 });
      const last = side === 'cairn' && run === runs - 1;
      try {
        const ids: string[] = new Array(count);
        const serverBefore = cpuMs(server.pid);
        const clientBefore = process.cpuUsage();
        const phase = await runPhase(`create (${side}, run ${run + 1})`, count, concurrency, async i => {
          ids[i] = (await requestJson(pool, 'POST', '/memories', inputs[i])).id;
        });
        const serverAfter = cpuMs(server.pid);
        const client = process.cpuUsage(clientBefore);
        const done = count - phase.errors;
        creates.push({
          side,
          perSecond: done / phase.seconds,
          serverCpuUs: serverBefore === null || serverAfter === null ? null : ((serverAfter - serverBefore) * 1000) / Math.max(1, done),
          clientCpuUs: (client.user + client.system) / Math.max(1, done),
          phase,
        });
        console.log(`${side.padEnd(7)} run ${run + 1}: ${(done / phase.seconds).toFixed(0)} creates/s, ${phase.errors} errors`);
        if (last) {
          phases.push(phase);
          await readPhases(pool, ids, inputs, { count, concurrency, gets, firstPages: options.firstPages, serialGets: options.serialGets, random }, phases);
          rss = rssBytes(server.pid);
        }
      } finally {
        await pool.close();
        const exit = await server.stop('SIGTERM');
        if (exit.code !== 0) console.error(`${side} server exited with code ${exit.code}, signal ${exit.signal}`);
        // After a clean shutdown the write-ahead log is checkpointed into cairn.db; count both in case it was not.
        if (last) dbBytes = fileSize(join(dataDir, 'cairn.db')) + fileSize(join(dataDir, 'cairn.db-wal'));
        removeDir(dataDir);
      }
    }
  }

  const summary = [['creates', 'runs', 'min/s', 'median/s', 'server CPU µs/create', 'client CPU µs/create', 'p50 ms', 'p99 ms']];
  const medians: Record<string, number> = {};
  for (const side of ['cairn', 'minimal'] as const) {
    const mine = creates.filter(c => c.side === side);
    const rates = mine.map(c => c.perSecond);
    medians[side] = percentile(rates, 50);
    const serverCpu = mine.map(c => c.serverCpuUs).filter((v): v is number => v !== null);
    const latencies = mine.flatMap(c => c.phase.latencies);
    summary.push([
      side === 'cairn' ? 'Cairn' : 'minimal server (group commit, ASCII titles)',
      String(mine.length),
      Math.min(...rates).toFixed(0),
      medians[side].toFixed(0),
      serverCpu.length ? percentile(serverCpu, 50).toFixed(0) : 'n/a',
      percentile(mine.map(c => c.clientCpuUs), 50).toFixed(0),
      ms(percentile(latencies, 50)),
      ms(percentile(latencies, 99)),
    ]);
  }
  console.log(`\n${formatTable(summary)}`);
  console.log(`\nCairn / minimal server (medians): ${(medians.cairn / medians.minimal).toFixed(2)}\n`);

  const rows = [['Cairn, last run', 'requests', 'conc.', 'errors', 'req/s', 'p50 ms', 'p99 ms']];
  for (const p of phases) {
    rows.push([p.name, String(p.requests), String(p.concurrency), String(p.errors), (p.requests / p.seconds).toFixed(0), ms(percentile(p.latencies, 50)), ms(percentile(p.latencies, 99))]);
  }
  console.log(formatTable(rows));
  console.log(`\nserver RSS at end           ${mib(rss)}`);
  console.log(`database file (after close) ${mib(dbBytes)} (${(dbBytes / Math.max(1, count)).toFixed(0)} bytes per memory)`);
  console.log(`load average at the end     ${loadavg().map(l => l.toFixed(2)).join(' ')}`);
  if (creates.some(c => c.phase.errors > 0) || phases.some(p => p.errors > 0)) process.exitCode = 1;
}

/** Lists every memory, reads the first page many times, and reads each memory back by id (checking its content). */
async function readPhases(
  pool: Pool,
  ids: string[],
  inputs: { content: string }[],
  options: { count: number; concurrency: number; gets: number; firstPages: number; serialGets: number; random: () => number },
  phases: PhaseResult[],
): Promise<void> {
  const { count, concurrency, random } = options;
  const pages = Math.ceil(count / 100);
  let listed = 0;
  phases.push(
    await runPhase('list limit=100 (every page)', pages, concurrency, async page => {
      const { memories } = await requestJson(pool, 'GET', `/memories?limit=100&offset=${page * 100}`);
      listed += memories.length;
    }),
  );
  if (listed !== count) console.error(`list returned ${listed} memories in all, expected ${count}`);

  phases.push(
    await runPhase('list limit=20 (first page)', options.firstPages, concurrency, async () => {
      await requestJson(pool, 'GET', '/memories?limit=20');
    }),
  );

  // Every id (or a random sample of `gets` of them), in shuffled order, checking the content came back.
  const order = ids.map((_, i) => i).filter(i => ids[i] !== undefined);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const getOne = async (n: number) => {
    const i = order[n % order.length];
    const memory = await requestJson(pool, 'GET', `/memories/${ids[i]}`);
    if (memory.content !== inputs[i].content) throw new Error(`memory ${ids[i]} came back with other content`);
  };
  phases.push(await runPhase('get by id', Math.min(options.gets, order.length), concurrency, getOne));
  phases.push(await runPhase('get by id, one at a time', Math.min(options.serialGets, order.length), 1, getOne));
}
