/**
 * CRUD benchmark: a real `cairn serve` process on a fresh data dir, driven over HTTP with undici.
 * Creates `count` memories concurrently, lists them all (limit=100 pages, and the limit=20 first page),
 * reads each back by id, then reports throughput, latency percentiles, server RSS and database size.
 *
 *   npm run bench -- crud [--count 20000] [--concurrency 64] [--gets 0 (= all)] [--first-pages 1000] [--serial-gets 1000]
 *   (or BENCH_COUNT, BENCH_CONCURRENCY, ... in the environment)
 * BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import {
  fileSize,
  formatTable,
  makeTempDir,
  mib,
  ms,
  numericOptions,
  percentile,
  type PhaseResult,
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

async function requestJson(pool: Pool, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const response = await pool.request({
    method,
    path,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${method} ${path} → ${response.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

export default async function crud(argv: string[]): Promise<void> {
  const options = numericOptions(argv, { count: 20_000, concurrency: 64, gets: 0, firstPages: 1_000, serialGets: 1_000 });
  const count = Math.floor(options.count);
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const gets = Math.min(count, Math.floor(options.gets) || count);

  const dataDir = makeTempDir('cairn-bench-');
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean);
  const server = await startServer({ dataDir, nodeArgs });
  const pool = new Pool(server.url, { connections: concurrency, pipelining: 1 });
  console.log(`server pid ${server.pid} on ${server.url}, data in ${dataDir}`);
  const load = loadavg().map(l => l.toFixed(2)).join(' ');
  console.log(`${count} memories, concurrency ${concurrency}, ${cpus().length} CPU cores (${cpus()[0]?.model}), load average ${load}, node ${process.version}\n`);

  const phases: PhaseResult[] = [];
  let rss: number | null = null;
  let dbBytes = 0;
  try {
    const random = seededRandom(42);
    const inputs = Array.from({ length: count }, () => makeMemory(random));
    const ids: string[] = new Array(count);

    phases.push(
      await runPhase('create', count, concurrency, async i => {
        ids[i] = (await requestJson(pool, 'POST', '/memories', inputs[i])).id;
      }),
    );

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
    phases.push(await runPhase('get by id', Math.min(gets, order.length), concurrency, getOne));
    phases.push(await runPhase('get by id, one at a time', Math.min(options.serialGets, order.length), 1, getOne));

    rss = rssBytes(server.pid);
  } finally {
    await pool.close();
    const exit = await server.stop('SIGTERM');
    if (exit.code !== 0) console.error(`server exited with code ${exit.code}, signal ${exit.signal}`);
    // After a clean shutdown the write-ahead log is checkpointed into cairn.db; count both in case it was not.
    dbBytes = fileSize(join(dataDir, 'cairn.db')) + fileSize(join(dataDir, 'cairn.db-wal'));
    removeDir(dataDir);
  }

  const rows = [['phase', 'requests', 'conc.', 'errors', 'req/s', 'p50 ms', 'p99 ms']];
  for (const p of phases) {
    rows.push([p.name, String(p.requests), String(p.concurrency), String(p.errors), (p.requests / p.seconds).toFixed(0), ms(percentile(p.latencies, 50)), ms(percentile(p.latencies, 99))]);
  }
  console.log(formatTable(rows));
  console.log(`\nserver RSS at end           ${mib(rss)}`);
  console.log(`database file (after close) ${mib(dbBytes)} (${(dbBytes / Math.max(1, count)).toFixed(0)} bytes per memory)`);
  if (phases.some(p => p.errors > 0)) process.exitCode = 1;
}
