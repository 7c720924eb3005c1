/**
 * CRUD benchmark: a real `cairn serve` process (what `npm start` runs) on a fresh data dir, driven over HTTP with undici.
 * Creates: `--runs` runs of `count` concurrent creates against Cairn alternate with as many against the minimal server
 * of the same stack (bench/minimal/crud.ts: Fastify + zod with Cairn's create schema, one prepared insert into Cairn's
 * memories table and FTS5 triggers, WAL, synchronous=NORMAL, group commit, ASCII titles), each on a fresh data dir, so
 * both see the same machine load. Reported: min/median creates/s of each, Cairn's ratio to the minimal server, and the
 * CPU time per create of the server (/proc/<pid>/stat, utime+stime: every thread, background work included) and of
 * this client process, and the server's cores busy (its CPU time over the run's wall time), by thread for one process.
 * After Cairn's last create run, on the same server: list them all (limit=100 pages, and the limit=20 first page),
 * read each back by id; throughput, latency percentiles, server RSS and database size.
 * Contents are LoCoMo turns (../shared/bench/locomo, cycled with a variation), or synthetic notes when it is absent.
 *
 *   npm run bench -- crud [--count 20000] [--runs 3] [--concurrency 64] [--gets 0 (= all)] [--first-pages 1000] [--serial-gets 1000]
 *   (or BENCH_COUNT, BENCH_CONCURRENCY, ... in the environment)
 * On PostgreSQL beside SQLite, in the same alternation (a fresh database per run, created and dropped on that server):
 *   npm run bench -- crud --storage sqlite,postgres --database-url postgres://postgres@127.0.0.1:5432/postgres [--processes 2]
 * `--processes 2` adds two Cairn processes sharing one PostgreSQL database, the creates split between them (see backends.ts).
 * BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { comparing, deploy, type Deployment, describePostgres, setupsOf, type Setup, takeBackendOptions } from './backends.ts';
import {
  cpuMs,
  formatThreadBusy,
  threadCpuMs,
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
  serverEntry,
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
  /** 'minimal', or the label of a Cairn setup ('sqlite', 'postgres', 'postgres ×2'). */
  side: string;
  perSecond: number;
  serverCpuUs: number | null;
  /** Server CPU time over the run's wall time: how many cores the server kept busy. */
  serverCores: number | null;
  clientCpuUs: number;
  phase: PhaseResult;
}

export default async function crud(argv: string[]): Promise<void> {
  const { backends, rest } = takeBackendOptions(argv);
  const options = numericOptions(rest, { count: 20_000, runs: 3, concurrency: 64, gets: 0, firstPages: 1_000, serialGets: 1_000 });
  const count = Math.floor(options.count);
  const runs = Math.max(1, Math.floor(options.runs));
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const gets = Math.min(count, Math.floor(options.gets) || count);
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean);
  const setups = setupsOf(backends);
  const several = comparing(backends);
  const name = (setup: Setup) => (several ? `Cairn (${setup.label})` : 'Cairn');

  const random = seededRandom(42);
  const locomo = locomoTurns(count);
  const inputs: { content: string; labels?: string[] }[] = locomo ?? Array.from({ length: count }, () => makeMemory(random));
  const load = loadavg().map(l => l.toFixed(2)).join(' ');
  console.log(`${count} creates per run (${locomo ? 'LoCoMo turns' : 'synthetic notes'}), ${runs} runs per side alternated, concurrency ${concurrency}`);
  console.log(`${cpus().length} CPU cores (${cpus()[0]?.model}), load average ${load}, node ${process.version}`);
  console.log(`Cairn's server entry: ${await serverEntry()}`);
  if (backends.databaseUrl && several) console.log(await describePostgres(backends.databaseUrl));
  console.log();

  const sides: (Setup | null)[] = [...setups, null]; // null: the minimal server
  const creates: CreateRun[] = [];
  const phases: (PhaseResult & { side: string })[] = [];
  const rss = new Map<string, number | null>();
  const dbBytes = new Map<string, number>();
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? sides : [...sides].reverse();
    for (const setup of order) {
      const side = setup ? setup.label : 'minimal';
      const last = setup !== null && run === runs - 1;
      let deployment: Deployment | null = null;
      let minimal: { server: Awaited<ReturnType<typeof startServer>>; pool: Pool; dataDir: string } | null = null;
      if (setup) {
        deployment = await deploy(setup, backends, {
          connections: concurrency,
          start: { nodeArgs, entry: 'launcher' },
          // After a clean shutdown the write-ahead log is checkpointed into cairn.db; count both in case it was not.
          fileBytes: dir => fileSize(join(dir, 'cairn.db')) + fileSize(join(dir, 'cairn.db-wal')),
        });
      } else {
        const dataDir = makeTempDir('cairn-bench-');
        const server = await startServer({ dataDir, nodeArgs, program: ['--import', 'tsx', 'bench/minimal/crud.ts'] });
        minimal = { server, dataDir, pool: new Pool(server.url, { connections: concurrency, pipelining: 1 }) };
      }
      const poolOf = (i: number) => (deployment ? deployment.pool(i) : minimal!.pool);
      const serverCpu = () => (deployment ? deployment.cpuMs() : cpuMs(minimal!.server.pid));
      try {
        const ids: string[] = new Array(count);
        const serverBefore = serverCpu();
        const mainPid = deployment ? (deployment.servers.length === 1 ? deployment.servers[0]!.pid : null) : minimal!.server.pid;
        const threadsBefore = mainPid === null ? null : threadCpuMs(mainPid);
        const clientBefore = process.cpuUsage();
        const phase = await runPhase(`create (${side}, run ${run + 1})`, count, concurrency, async i => {
          ids[i] = (await requestJson(poolOf(i), 'POST', '/memories', inputs[i])).id;
        });
        const serverAfter = serverCpu();
        const threads = threadsBefore && formatThreadBusy(mainPid!, threadsBefore, threadCpuMs(mainPid!), phase.seconds);
        const client = process.cpuUsage(clientBefore);
        const done = count - phase.errors;
        creates.push({
          side,
          perSecond: done / phase.seconds,
          serverCpuUs: serverBefore === null || serverAfter === null ? null : ((serverAfter - serverBefore) * 1000) / Math.max(1, done),
          serverCores: serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / 1000 / phase.seconds,
          clientCpuUs: (client.user + client.system) / Math.max(1, done),
          phase,
        });
        const busy = creates.at(-1)!;
        const cpu = busy.serverCpuUs === null ? '' : `, server ${busy.serverCpuUs.toFixed(0)} µs CPU per create, ${busy.serverCores!.toFixed(2)} cores busy`;
        console.log(`${side.padEnd(7)} run ${run + 1}: ${(done / phase.seconds).toFixed(0)} creates/s${cpu}, ${phase.errors} errors`);
        if (threads) console.log(`        by thread: ${threads}`);
        if (last) {
          const mine: PhaseResult[] = [phase];
          await readPhases(poolOf, ids, inputs, { count, concurrency, gets, firstPages: options.firstPages, serialGets: options.serialGets, random }, mine);
          phases.push(...mine.map(p => ({ ...p, side: name(setup) })));
          rss.set(side, deployment!.rssBytes());
        }
      } finally {
        if (deployment) {
          const bytes = await deployment.stop();
          if (last) dbBytes.set(side, bytes);
        } else {
          await minimal!.pool.close();
          const exit = await minimal!.server.stop('SIGTERM');
          if (exit.code !== 0) console.error(`minimal server exited with code ${exit.code}, signal ${exit.signal}`);
          removeDir(minimal!.dataDir);
        }
      }
    }
  }

  const summary = [['creates', 'runs', 'min/s', 'median/s', 'server CPU µs/create', 'server cores busy', 'client CPU µs/create', 'p50 ms', 'p99 ms']];
  const medians: Record<string, number> = {};
  for (const setup of sides) {
    const side = setup ? setup.label : 'minimal';
    const mine = creates.filter(c => c.side === side);
    const rates = mine.map(c => c.perSecond);
    medians[side] = percentile(rates, 50);
    const serverCpu = mine.map(c => c.serverCpuUs).filter((v): v is number => v !== null);
    const serverCores = mine.map(c => c.serverCores).filter((v): v is number => v !== null);
    const latencies = mine.flatMap(c => c.phase.latencies);
    summary.push([
      setup ? name(setup) : 'minimal server (group commit, ASCII titles)',
      String(mine.length),
      Math.min(...rates).toFixed(0),
      medians[side].toFixed(0),
      serverCpu.length ? percentile(serverCpu, 50).toFixed(0) : 'n/a',
      serverCores.length ? percentile(serverCores, 50).toFixed(2) : 'n/a',
      percentile(mine.map(c => c.clientCpuUs), 50).toFixed(0),
      ms(percentile(latencies, 50)),
      ms(percentile(latencies, 99)),
    ]);
  }
  console.log(`\n${formatTable(summary)}`);
  console.log();
  for (const setup of setups) console.log(`${name(setup)} / minimal server (medians): ${(medians[setup.label] / medians.minimal).toFixed(2)}`);
  if (several && medians.sqlite !== undefined && medians.postgres !== undefined) console.log(`PostgreSQL / SQLite, one process (medians): ${(medians.postgres / medians.sqlite).toFixed(2)}`);
  for (const setup of setups.filter(s => s.processes > 1)) {
    console.log(`${setup.processes} processes / 1 process on PostgreSQL (medians): ${(medians[setup.label] / medians[setup.storage]).toFixed(2)}`);
  }
  if (several) console.log('(server CPU counts the Cairn processes only, not PostgreSQL\'s own)');
  console.log();

  const rows = [[several ? 'last run of each' : 'Cairn, last run', 'requests', 'conc.', 'errors', 'req/s', 'p50 ms', 'p99 ms']];
  for (const p of phases) {
    rows.push([several ? `${p.side}: ${p.name}` : p.name, String(p.requests), String(p.concurrency), String(p.errors), (p.requests / p.seconds).toFixed(0), ms(percentile(p.latencies, 50)), ms(percentile(p.latencies, 99))]);
  }
  console.log(formatTable(rows));
  for (const setup of setups) {
    const label = several ? ` (${setup.label})` : '';
    const bytes = dbBytes.get(setup.label) ?? 0;
    console.log(`\nserver RSS at end${label}           ${mib(rss.get(setup.label) ?? null)}`);
    console.log(`database ${setup.storage === 'sqlite' ? 'file (after close)' : 'size (pg_database_size)'}${label} ${mib(bytes)} (${(bytes / Math.max(1, count)).toFixed(0)} bytes per memory)`);
  }
  console.log(`load average at the end     ${loadavg().map(l => l.toFixed(2)).join(' ')}`);
  if (creates.some(c => c.phase.errors > 0) || phases.some(p => p.errors > 0)) process.exitCode = 1;
}

/** Lists every memory, reads the first page many times, and reads each memory back by id (checking its content). */
async function readPhases(
  poolOf: (i: number) => Pool,
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
      const { memories } = await requestJson(poolOf(page), 'GET', `/memories?limit=100&offset=${page * 100}`);
      listed += memories.length;
    }),
  );
  if (listed !== count) console.error(`list returned ${listed} memories in all, expected ${count}`);

  phases.push(
    await runPhase('list limit=20 (first page)', options.firstPages, concurrency, async n => {
      await requestJson(poolOf(n), 'GET', '/memories?limit=20');
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
    const memory = await requestJson(poolOf(n), 'GET', `/memories/${ids[i]}`);
    if (memory.content !== inputs[i].content) throw new Error(`memory ${ids[i]} came back with other content`);
  };
  phases.push(await runPhase('get by id', Math.min(options.gets, order.length), concurrency, getOne));
  phases.push(await runPhase('get by id, one at a time', Math.min(options.serialGets, order.length), 1, getOne));
}
