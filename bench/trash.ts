/**
 * Trash benchmark: what keeping deleted memories restorable costs a delete. In-process (Fastify inject) on a file
 * database in a fresh data dir, once with the trash on (CAIRN_TRASH_DAYS=30) and once off (0):
 * single deletes one by one (latency percentiles), one bulk delete of a whole space, and (trash on) restoring it.
 * Memories carry labels, extracted entities (rules extractor) and a relation to their neighbour, as real ones do.
 *
 *   npm run bench -- trash [--singles 300] [--bulk 5000]
 */
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { type App, createApp } from '../src/main.ts';
import { fileSize, formatTable, makeTempDir, mib, ms, numericOptions, percentile, removeDir, seededRandom } from './lib.ts';

const PEOPLE = ['Alice Moreau', 'Bob Lindqvist', 'Mei Tanaka', 'Dr. Okafor', 'Priya Raman', 'Jonas Berg'];
const PLACES = ['Lisbon', 'Oslo', 'Nairobi', 'Osaka', 'Toronto', 'Berlin'];
const LABELS = ['work', 'family', 'travel', 'people', 'decisions', 'infra'];

async function call(app: App, method: 'POST' | 'DELETE', url: string, body?: unknown) {
  const response = await app.server.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function seed(app: App, space: string, count: number, random: () => number): Promise<string[]> {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const content = `${pick(PEOPLE)} met ${pick(PEOPLE)} in ${pick(PLACES)} about item ${i}; they agreed to follow up next week.`;
    const { id } = await call(app, 'POST', '/memories', { content, space_id: space, labels: [pick(LABELS), pick(LABELS)] });
    if (ids.length > 0 && i % 2 === 0) await call(app, 'POST', `/memories/${id}/relations`, { target_memory_id: ids.at(-1), relation_type: 'related_to' });
    ids.push(id);
  }
  return ids;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

async function run(trashDays: number, options: { singles: number; bulk: number }) {
  const dataDir = makeTempDir('cairn-bench-trash-');
  const app = await createApp({ ...loadConfig({ dataDir }, {}), logLevel: 'silent', trashDays });
  try {
    const random = seededRandom(7);
    const singles = await seed(app, 'singles', options.singles, random);
    const latencies: number[] = [];
    for (const id of singles) latencies.push((await timed(() => call(app, 'DELETE', `/memories/${id}`)))[1]);
    await seed(app, 'bulk', options.bulk, random);
    const [bulk, bulkMs] = await timed(() => call(app, 'POST', '/memories/bulk/delete', { selection: { mode: 'space', source_space_id: 'bulk' } }));
    if (bulk.deleted_count !== options.bulk) throw new Error(`bulk deleted ${bulk.deleted_count}`);
    let restoreMs = NaN;
    const databaseBytes = fileSize(join(dataDir, 'cairn.db')) + fileSize(join(dataDir, 'cairn.db-wal'));
    if (trashDays > 0) {
      const ids = (await app.deps.store.trash.list({ space_id: 'bulk', limit: options.bulk, offset: 0 })).items.map(i => i.memory_id);
      const [restored, took] = await timed(() => call(app, 'POST', '/trash/restore', { ids }));
      if (restored.restored_count !== options.bulk) throw new Error(`restored ${restored.restored_count}`);
      restoreMs = took;
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const mean = latencies.reduce((s, v) => s + v, 0) / latencies.length;
    return { mean, p50: percentile(sorted, 50), p95: percentile(sorted, 95), bulkMs, restoreMs, databaseBytes };
  } finally {
    await app.close();
    removeDir(dataDir);
  }
}

export default async function trashBenchmark(argv: string[]) {
  const options = numericOptions(argv, { singles: 300, bulk: 5000 });
  const off = await run(0, options);
  const on = await run(30, options);
  const rows = [
    ['trash', 'single delete mean ms', 'p50', 'p95', `bulk delete ${options.bulk} ms`, `restore ${options.bulk} ms`, 'db after bulk'],
    ...[['off (0 days)', off] as const, ['on (30 days)', on] as const].map(([name, r]) => [
      name, ms(r.mean), ms(r.p50), ms(r.p95), ms(r.bulkMs), ms(r.restoreMs), mib(r.databaseBytes),
    ]),
  ];
  console.log(formatTable(rows));
  console.log(`\ntrash cost: single delete +${ms(on.mean - off.mean)} ms mean (${((on.mean / off.mean - 1) * 100).toFixed(0)} %), ` +
    `bulk delete of ${options.bulk} +${ms(on.bulkMs - off.bulkMs)} ms (${((on.bulkMs / off.bulkMs - 1) * 100).toFixed(0)} %)`);
}
