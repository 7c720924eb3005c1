/**
 * `npm run bench -- search-scale`: search latency as the corpus grows. A real `cairn serve` process on a fresh data
 * dir is filled over HTTP with synthetic memories (Zipf-distributed words, so some terms are everywhere and most are
 * rare, as in real notes) up to each size, then queried in fast and deep mode, one query at a time.
 *
 *   npm run bench -- search-scale [--sizes 10000,100000] [--concurrency 64] [--queries 300]
 *   CAIRN_EMBEDDER=hash npm run bench -- search-scale   (exercise the vector index too; embedding is deferred)
 * On PostgreSQL beside SQLite in one run (the same memories and queries; a fresh database, created and dropped):
 *   npm run bench -- search-scale --storage sqlite,postgres --database-url postgres://postgres@127.0.0.1:5432/postgres [--processes 2]
 * Then each row names its backend, and a column gives fast searches/s with 16 in flight: with `--processes 2` the
 * memories are posted to and searched through two Cairn processes sharing the database (round robin).
 * `--bulk` writes the memories straight into the store from this process (memory rows and their full-text index, in
 * transactions of 2,000) instead of posting them: 100k load in a minute or two where HTTP with the whole write path
 * takes many on a busy machine, but without entities or a graph (deep mode then has no entity context).
 */
import { join } from 'node:path';
import type { Pool } from 'undici';
import { comparing, deploy, type Deployment, describePostgres, type Setup, setupsOf, takeBackendOptions, type BackendOptions } from './backends.ts';
import { fileSize, formatTable, mib, ms, percentile, type PhaseResult, runPhase, seededRandom } from './lib.ts';
import { v7 as uuidv7 } from 'uuid';
import { deriveTitle } from '../src/domain/memory.ts';

const VOCABULARY = 20_000;
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tor', 'sa', 'vel', 'un', 'di', 'pra', 'gos', 'hu', 'ne', 'zor', 'bi', 'ta', 'qua', 'el', 'sim', 'or'];
const TOPICS = ['meeting', 'deploy', 'invoice', 'birthday', 'recipe', 'doctor', 'flight', 'budget', 'garden', 'release', 'guitar', 'school'];

/** A deterministic word list: pseudo-words built from syllables, so stemming and tokenising behave like real text. */
function vocabulary(): string[] {
  const random = seededRandom(7);
  const words = new Set<string>(TOPICS);
  while (words.size < VOCABULARY) {
    const length = 2 + Math.floor(random() * 3);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** Picks word indexes with a Zipf (s ≈ 1) distribution by inverting the harmonic cumulative weight. */
function zipfPicker(size: number, random: () => number): () => number {
  const harmonic = Math.log(size) + 0.5772;
  return () => Math.min(size - 1, Math.floor(Math.exp(random() * harmonic - 0.5772)));
}

function parseOptions(argv: string[]) {
  const options = { sizes: [10_000, 100_000], concurrency: 64, queries: 300, bulk: false };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    if (flag === '--bulk') {
      options.bulk = true;
      i--;
    } else if (flag === '--sizes') options.sizes = value.split(',').map(Number);
    else if (flag === '--concurrency') options.concurrency = Number(value);
    else if (flag === '--queries') options.queries = Number(value);
    else throw new Error(`unknown option ${flag}; known: --sizes, --concurrency, --queries, --bulk`);
  }
  const numbers = [...options.sizes, options.concurrency, options.queries];
  if (numbers.some(n => !Number.isInteger(n) || n <= 0)) throw new Error('sizes, concurrency and queries must be positive integers');
  options.sizes.sort((a, b) => a - b);
  return options;
}

/** Searches in flight for the throughput column of a comparison. */
const THROUGHPUT_CONCURRENCY = 16;

export default async function searchScale(argv: string[]) {
  const { backends, rest } = takeBackendOptions(argv);
  const options = parseOptions(rest);
  const several = comparing(backends);
  if (several && backends.databaseUrl) console.log(await describePostgres(backends.databaseUrl));
  const header = ['memories', 'ingest/s', 'index settle s', 'fast p50', 'fast p95', 'deep p50', 'deep p95', 'GET ?q= p50', 'RSS', 'db size'];
  const rows = [several ? ['backend', ...header, 'load s', `fast q/s @${THROUGHPUT_CONCURRENCY}`] : header];
  for (const setup of setupsOf(backends)) await measure(setup, backends, options, several, rows);
  console.log(`concurrency ${options.concurrency} for ingest; searches one at a time (${options.queries} queries per mode and size); latencies in ms`);
  if (several) console.log('load s: seconds to post the memories added for that size over HTTP (creates at the ingest concurrency, as on SQLite)');
}

/** Fills one setup's store up to each size and measures it; every setup gets the same memories and queries (same seeds). */
async function measure(setup: Setup, backends: BackendOptions, options: ReturnType<typeof parseOptions>, several: boolean, rows: string[][]) {
  const words = vocabulary();
  const random = seededRandom(42);
  const pick = zipfPicker(words.length, random);
  const sentence = (length: number) => Array.from({ length }, () => words[pick()]).join(' ');
  const contents: string[] = [];

  const deployment = await deploy(setup, backends, {
    connections: options.concurrency,
    fileBytes: dir => fileSize(join(dir, 'cairn.db')) + fileSize(join(dir, 'cairn.db-wal')),
  });
  let turn = 0;
  const request = async (method: 'GET' | 'POST', path: string, body?: unknown, pool: Pool = deployment.pool(turn++)) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const response = await pool.request({ method, path, headers: { 'content-type': 'application/json' }, body: payload });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
  if (several) console.log(`${setup.label}: ${deployment.describe}`);

  try {
    const status = await request('GET', '/search-index/status');
    console.log(`embedding: ${status.embedding_mode} ${status.model_name}`.trimEnd());
    const reindexPending = async () => {
      // Every process's view of the queue is the same store's, but ask each: a process's own indexer may lag.
      const counts = await Promise.all(deployment.servers.map((_, i) => request('GET', '/memories/reindex/status', undefined, deployment.pool(i))));
      return counts.some(c => c.count_needing_reindex > 0);
    };
    for (const size of options.sizes) {
      const from = contents.length;
      for (let i = from; i < size; i++) contents.push(`${TOPICS[i % TOPICS.length]} ${sentence(12 + Math.floor(random() * 28))}`);
      const ingest = options.bulk
        ? await bulkLoad(deployment, contents, from, size)
        : await runPhase(`ingest to ${size}`, size - from, options.concurrency, async i => {
            await request('POST', '/memories', { content: contents[from + i], importance: 0.3 + (i % 7) / 10 });
          });

      // Embedding is deferred: time how long the background index takes to catch up before measuring search.
      const settleStarted = performance.now();
      while (await reindexPending()) await new Promise(r => setTimeout(r, 200));
      const settle = (performance.now() - settleStarted) / 1000;

      // Queries: 2–4 words of a stored memory, so every query has real matches among common and rare terms.
      const queries = Array.from({ length: options.queries }, () => {
        const tokens = contents[Math.floor(random() * contents.length)].split(' ');
        const start = Math.floor(random() * (tokens.length - 4));
        return tokens.slice(start, start + 2 + Math.floor(random() * 3)).join(' ');
      });
      const timed = async (mode: 'fast' | 'deep') =>
        (await runPhase(`search ${mode}`, queries.length, 1, async i => void (await request('POST', '/memories/search', { query: queries[i], mode, limit: 10 })))).latencies;
      await timed('fast'); // warm caches (vector index load, prepared statements) once per size
      const [fast, deep] = [await timed('fast'), await timed('deep')];
      const getQuery = await runPhase('GET search', queries.length, 1, async i => void (await request('GET', `/memories/search?q=${encodeURIComponent(queries[i])}&limit=10`)));
      const throughput = several
        ? await runPhase('search fast, in flight', queries.length, THROUGHPUT_CONCURRENCY, async i => void (await request('POST', '/memories/search', { query: queries[i], mode: 'fast', limit: 10 })))
        : null;

      rows.push([
        ...(several ? [setup.label] : []),
        String(size),
        (ingest.requests / ingest.seconds).toFixed(0) + (ingest.errors ? ` (${ingest.errors} errors)` : ''),
        settle.toFixed(1),
        ms(percentile(fast, 50)),
        ms(percentile(fast, 95)),
        ms(percentile(deep, 50)),
        ms(percentile(deep, 95)),
        ms(percentile(getQuery.latencies, 50)),
        mib(deployment.rssBytes()),
        mib(await deployment.databaseBytes()),
        ...(several ? [ingest.seconds.toFixed(0)] : []),
        ...(throughput ? [(throughput.requests / throughput.seconds).toFixed(0) + (throughput.errors ? ` (${throughput.errors} errors)` : '')] : []),
      ]);
      console.log(formatTable(rows));
      console.log();
    }
  } finally {
    await deployment.stop();
  }
}

/** Writes contents[from..size) straight into the store (see --bulk), as an ingest phase of one request per chunk. */
async function bulkLoad(deployment: Deployment, contents: string[], from: number, size: number): Promise<PhaseResult> {
  const store = await deployment.openStore();
  const chunk = 2_000;
  try {
    return await runPhase(`bulk load to ${size}`, Math.ceil((size - from) / chunk), 1, async n => {
      const start = from + n * chunk;
      await store.transaction(async tx => {
        for (let i = start; i < Math.min(size, start + chunk); i++) {
          const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
          await tx.memories.insert({
            id: uuidv7(), space_id: 'default', title: deriveTitle(contents[i]!), title_derived: true, content: contents[i]!, source: 'api',
            importance: 0.3 + (i % 7) / 10, confidence: 0.5, unit_type: 'fact', lifecycle_state: 'active', is_latest: true, is_crystal: false,
            is_favorite: false, favorited_at: null, reindex_needed: false, metadata: {}, event_start: null, event_end: null, temporal_context: null,
            source_thread_id: null, source_message_id: null, state_reason: null, state_changed_at: null, version: 1, created_at: at, updated_at: at,
          });
        }
      });
    }).then(phase => ({ ...phase, requests: size - from }));
  } finally {
    await store.close();
    // The server keeps its term counts for a minute (PostgreSQL): the last size's must not rank this one's queries.
    if (from > 0) await new Promise(resolve => setTimeout(resolve, 61_000));
  }
}
