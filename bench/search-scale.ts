/**
 * `npm run bench -- search-scale`: search latency as the corpus grows. A real `cairn serve` process on a fresh data
 * dir is filled over HTTP with synthetic memories (Zipf-distributed words, so some terms are everywhere and most are
 * rare, as in real notes) up to each size, then queried in fast and deep mode, one query at a time.
 *
 *   npm run bench -- search-scale [--sizes 10000,100000] [--concurrency 64] [--queries 300]
 *   CAIRN_EMBEDDER=hash npm run bench -- search-scale   (exercise the vector index too; embedding is deferred)
 */
import { join } from 'node:path';
import { Pool } from 'undici';
import { fileSize, formatTable, makeTempDir, mib, ms, percentile, removeDir, rssBytes, runPhase, seededRandom, startServer } from './lib.ts';

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
  const options = { sizes: [10_000, 100_000], concurrency: 64, queries: 300 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    if (flag === '--sizes') options.sizes = value.split(',').map(Number);
    else if (flag === '--concurrency') options.concurrency = Number(value);
    else if (flag === '--queries') options.queries = Number(value);
    else throw new Error(`unknown option ${flag}; known: --sizes, --concurrency, --queries`);
  }
  const numbers = [...options.sizes, options.concurrency, options.queries];
  if (numbers.some(n => !Number.isInteger(n) || n <= 0)) throw new Error('sizes, concurrency and queries must be positive integers');
  options.sizes.sort((a, b) => a - b);
  return options;
}

export default async function searchScale(argv: string[]) {
  const options = parseOptions(argv);
  const words = vocabulary();
  const random = seededRandom(42);
  const pick = zipfPicker(words.length, random);
  const sentence = (length: number) => Array.from({ length }, () => words[pick()]).join(' ');
  const contents: string[] = [];

  const dataDir = makeTempDir('cairn-scale-');
  const server = await startServer({ dataDir, timeoutMs: 60_000 });
  const pool = new Pool(server.url, { connections: options.concurrency, pipelining: 1 });
  const request = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const response = await pool.request({ method, path, headers: { 'content-type': 'application/json' }, body: payload });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };

  const rows = [['memories', 'ingest/s', 'index settle s', 'fast p50', 'fast p95', 'deep p50', 'deep p95', 'GET ?q= p50', 'RSS', 'db size']];
  try {
    const status = await request('GET', '/search-index/status');
    console.log(`embedding: ${status.embedding_mode} ${status.model_name}`.trimEnd());
    for (const size of options.sizes) {
      const from = contents.length;
      for (let i = from; i < size; i++) contents.push(`${TOPICS[i % TOPICS.length]} ${sentence(12 + Math.floor(random() * 28))}`);
      const ingest = await runPhase(`ingest to ${size}`, size - from, options.concurrency, async i => {
        await request('POST', '/memories', { content: contents[from + i], importance: 0.3 + (i % 7) / 10 });
      });

      // Embedding is deferred: time how long the background index takes to catch up before measuring search.
      const settleStarted = performance.now();
      while ((await request('GET', '/memories/reindex/status')).count_needing_reindex > 0) await new Promise(r => setTimeout(r, 200));
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

      rows.push([
        String(size),
        (ingest.requests / ingest.seconds).toFixed(0) + (ingest.errors ? ` (${ingest.errors} errors)` : ''),
        settle.toFixed(1),
        ms(percentile(fast, 50)),
        ms(percentile(fast, 95)),
        ms(percentile(deep, 50)),
        ms(percentile(deep, 95)),
        ms(percentile(getQuery.latencies, 50)),
        mib(rssBytes(server.pid)),
        mib(fileSize(join(dataDir, 'cairn.db')) + fileSize(join(dataDir, 'cairn.db-wal'))),
      ]);
      console.log(formatTable(rows));
      console.log();
    }
    console.log(`concurrency ${options.concurrency} for ingest; searches one at a time (${options.queries} queries per mode and size); latencies in ms`);
  } finally {
    await pool.close();
    await server.stop();
    removeDir(dataDir);
  }
}
