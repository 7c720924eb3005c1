/**
 * `npm run bench -- <name> [options]`: runs one benchmark from bench/.
 * To add one, write bench/<name>.ts whose default export is `(argv: string[]) => Promise<void>` and list it below.
 */
type Benchmark = (argv: string[]) => Promise<void>;

const benchmarks: Record<string, { about: string; load: () => Promise<{ default: Benchmark }> }> = {
  startup: { about: 'spawn → first 200 on /livez: cairn (bundle and sources) beside a minimal Fastify server', load: () => import('./startup.ts') },
  crud: { about: 'creates against Cairn and a minimal server of its stack (alternated), then list and get, over HTTP', load: () => import('./crud.ts') },
  ingest: { about: 'LoCoMo turns posted at full speed: acknowledged creates/s, then time until fully processed, queue lag over time', load: () => import('./ingest.ts') },
  mixed: { about: '70/20/10 search/create/read at 64 connections for 60 s: throughput, p50/p99 per kind, errors', load: () => import('./mixed.ts') },
  'search-cpu': { about: "mixed's searches in one process: CPU per search through HTTP and through searchMemories, SQL by statement (--statements 1), answers to compare (--dump)", load: () => import('./searchCpu.ts') },
  distill: { about: 'offline distillation on LoCoMo as nmem-bench drives it: evidence coverage, recall@10 fast/deep of the distilled memories, turns/s', load: () => import('./distill.ts') },
  quality: { about: 'every retrieval set (notes, docs, locomo, chats, chats-plain, beir, cranfield, scifact) on a fresh server each, in one table: fast, deep and BM25 recall; --sets, --json, --embedder', load: () => import('./quality.ts') },
  locomo: { about: 'retrieval recall@1/5/10 and latency on the LoCoMo conversations', load: () => import('./locomo.ts') },
  notes: { about: 'retrieval recall@1/5/10 and MRR on 300+ ordinary notes (fast, deep, plain BM25), by kind of question', load: () => import('./notes.ts') },
  docs: { about: 'the notes benchmark on 80 abstract-length technical and science documents (fast, deep, plain BM25)', load: () => import('./docs.ts') },
  labels: { about: 'label care (health, merge candidates, consolidation) with 2,000 labels over 50,000 memories', load: () => import('./labels.ts') },
  extract: { about: 'offline entity extraction: memories/s on LoCoMo turns, precision/recall on labelled sentences', load: () => import('./extract.ts') },
  'search-scale': { about: 'search latency, ingest rate and RSS at 10k and 100k synthetic memories', load: () => import('./search-scale.ts') },
  trash: { about: 'what the trash costs a single delete and a 5,000-memory bulk delete, and restoring them', load: () => import('./trash.ts') },
  'graph-analysis': { about: 'graph analysis, health, orphans, shortest path and views on a synthetic 5k-entity / 20k-memory graph', load: () => import('./graphAnalysis.ts') },
  'library-reads': { about: 'Library wiki-index, topic page and both ZIP exports on a synthetic 10k-entity / 50k-memory graph', load: () => import('./libraryReads.ts') },
  'sync-cost': { about: 'what recording sync changes costs a memory insert and a two-column update: no log, sync off, sync on (and an older database)', load: () => import('./syncCost.ts') },
  export: { about: 'sync ZIP export and import of 50,000 memories, 1,000 threads / 20,000 messages and their graph: time and peak RSS', load: () => import('./export.ts') },
  threads: { about: 'thread append throughput and thread search latency on the LoCoMo conversations', load: () => import('./threads.ts') },
  mcp: { about: 'MCP tool-call latency (memory_search, memory_add) against the same calls over REST, on one server process', load: () => import('./mcp.ts') },
  app: { about: 'the web app in headless Chromium: time to interactive on 10,000 memories, search-as-you-type latency, graph frame rate at 5,000 entities', load: () => import('./app.ts') },
  library: { about: 'community detection (and the Library) on 10,000 entities / 50,000 memories: seconds and peak RSS', load: () => import('./library.ts') },
};

const [name, ...argv] = process.argv.slice(2);
const benchmark = name === undefined ? undefined : benchmarks[name];
if (!benchmark) {
  if (name !== undefined) console.error(`Unknown benchmark: ${name}\n`);
  console.error('Usage: npm run bench -- <name> [options]\n\nBenchmarks:');
  for (const [key, { about }] of Object.entries(benchmarks)) console.error(`  ${key.padEnd(14)} ${about}`);
  process.exit(1);
}

try {
  await (await benchmark.load()).default(argv);
} catch (error) {
  console.error(`bench ${name}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
