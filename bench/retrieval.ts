/**
 * The one retrieval harness every quality benchmark shares (notes, docs, locomo, chats, beir, and `quality`, which runs
 * them all into one table): a set's units are posted through `POST /memories` of a real server as a client would, the
 * server is left to settle (embeddings, graph), and each question is searched in fast and deep mode; a hit is any of the
 * question's relevant units among the results. A plain BM25 baseline (bench/bm25.ts) runs on the same units and
 * questions, so every number has a lexical reference beside it.
 */
import { Bm25Baseline } from './bm25.ts';
import { formatTable, makeTempDir, ms, percentile, removeDir, startServer, waitForBackground } from './lib.ts';

/** One thing a client stores: the body it posts, and the text the BM25 baseline indexes for it. */
export interface Unit {
  /** The name questions use for it (a note id, a LoCoMo dia_id, a message number, a document id); unique in its group. */
  key: string;
  body: Record<string, unknown>;
  text: string;
  /** Units are posted to, and questions searched in, the space of their group (a conversation); none: the default space. */
  group?: string;
}

export interface Question {
  query: string;
  /** Keys of the units that answer it (any one found counts). */
  relevant: string[];
  group?: string;
  /** A label to break the results down by (the notes set's kinds of question). */
  kind?: string;
}

export interface RetrievalSet {
  name: string;
  units: Unit[];
  questions: Question[];
}

export const METHODS = ['fast', 'deep', 'bm25'] as const;
export type Method = (typeof METHODS)[number];

export interface MethodResult {
  /** 1-based rank of the first relevant unit per question (same order as the set's questions), null when not found. */
  ranks: (number | null)[];
  /** Per-question search time in ms (the BM25 one is in-process). */
  latencies: number[];
}

export interface SetRun {
  set: RetrievalSet;
  methods: Record<Method, MethodResult>;
  /** Acknowledged creates per second while posting. */
  createsPerSecond: number;
  /** Seconds from the last acknowledgement until embeddings and graph had caught up. */
  settleSeconds: number;
  postErrors: number;
  searchIndex: string;
}

export interface RunOptions {
  /** Results asked for per search; recall@limit is the headline number. */
  limit: number;
  /** Environment for the server beside this process's own (e.g. CAIRN_EMBEDDER). */
  env?: Record<string, string>;
  /** Units of one group posted this many at a time (a client writing concurrently); groups always run side by side. */
  concurrency?: number;
}

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json() as Promise<any>;
}

const firstRelevant = (keys: string[], relevant: Set<string>): number | null => {
  const at = keys.findIndex(key => relevant.has(key));
  return at < 0 ? null : at + 1;
};

/** Units grouped by space, each group in posting order. */
function byGroup<T extends { group?: string }>(items: T[]): Map<string | undefined, T[]> {
  const groups = new Map<string | undefined, T[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return groups;
}

/** Runs one set on a fresh server (its own temp data dir), and the BM25 baseline beside it. */
export async function runSet(set: RetrievalSet, options: RunOptions): Promise<SetRun> {
  const dataDir = makeTempDir(`cairn-${set.name}-`);
  // Three minutes to start: on a small shared machine under load a server can take more than the default 15 s.
  const server = await startServer({ dataDir, env: options.env, timeoutMs: 180_000 });
  try {
    // The server's id of each created memory → the unit's key, so results map back without any metadata of ours.
    const keyOfId = new Map<string, string>();
    let postErrors = 0;
    const width = Math.max(1, Math.floor(options.concurrency ?? 1));
    const postStarted = performance.now();
    await Promise.all(
      [...byGroup(set.units)].map(async ([group, units]) => {
        for (let i = 0; i < units.length; i += width) {
          await Promise.all(
            units.slice(i, i + width).map(async unit => {
              try {
                const body = group === undefined ? unit.body : { ...unit.body, space_id: group };
                const created = await json(`${server.url}/memories`, { method: 'POST', body: JSON.stringify(body) });
                keyOfId.set(created.id, unit.key);
              } catch (error) {
                if (++postErrors <= 3) console.error(`${set.name}: ${error instanceof Error ? error.message : String(error)}`);
              }
            }),
          );
        }
      }),
    );
    const createsPerSecond = set.units.length / ((performance.now() - postStarted) / 1000);
    const settleStarted = performance.now();
    await waitForBackground(server.url);
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const searchIndex = (await json(`${server.url}/search-index/status`)).message as string;

    const methods = {} as Record<Method, MethodResult>;
    for (const mode of ['fast', 'deep'] as const) {
      const result: MethodResult = { ranks: [], latencies: [] };
      for (const q of set.questions) {
        const started = performance.now();
        const body = { query: q.query, limit: options.limit, mode, ...(q.group === undefined ? {} : { space_id: q.group }) };
        const results = await json(`${server.url}/memories/search`, { method: 'POST', body: JSON.stringify(body) });
        result.latencies.push(performance.now() - started);
        const keys = results.map((r: any) => keyOfId.get(r.memory.id) ?? '');
        result.ranks.push(firstRelevant(keys, new Set(q.relevant)));
      }
      methods[mode] = result;
    }
    methods.bm25 = bm25Run(set, options.limit);
    return { set, methods, createsPerSecond, settleSeconds, postErrors, searchIndex };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

function bm25Run(set: RetrievalSet, limit: number): MethodResult {
  const bm25 = new Bm25Baseline(set.units.map(u => ({ id: u.key, text: u.text, group: u.group })));
  const result: MethodResult = { ranks: [], latencies: [] };
  for (const q of set.questions) {
    const started = performance.now();
    const keys = bm25.search(q.query, limit, q.group);
    result.latencies.push(performance.now() - started);
    result.ranks.push(firstRelevant(keys, new Set(q.relevant)));
  }
  bm25.close();
  return result;
}

export interface Summary {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  recallAt10: number;
  mrr: number;
  p50Ms: number;
}

/** Recall@k: the share of questions with a relevant unit in the first k; MRR: the mean of 1/rank (0 when not found). */
export function summarize(result: MethodResult, only?: (index: number) => boolean): Summary {
  const ranks = only ? result.ranks.filter((_, i) => only(i)) : result.ranks;
  const n = ranks.length;
  const at = (k: number) => (n ? ranks.filter(r => r !== null && r <= k).length / n : NaN);
  const mrr = n ? ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0) / n : NaN;
  return { questions: n, recallAt1: at(1), recallAt5: at(5), recallAt10: at(10), mrr, p50Ms: percentile(result.latencies, 50) };
}

const f3 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(3));

/** The per-method table one set's benchmark prints: questions, recall@1/5/10, MRR, latency. */
export function methodTable(run: SetRun, only?: (index: number) => boolean): string {
  const rows = [['method', 'questions', 'recall@1', 'recall@5', 'recall@10', 'MRR', 'p50 ms', 'p95 ms']];
  for (const method of METHODS) {
    const s = summarize(run.methods[method], only);
    rows.push([method, String(s.questions), f3(s.recallAt1), f3(s.recallAt5), f3(s.recallAt10), f3(s.mrr), ms(s.p50Ms), ms(percentile(run.methods[method].latencies, 95))]);
  }
  return formatTable(rows);
}

/** How the set was stored, for the line above its numbers. */
export function ingestLine(run: SetRun): string {
  const errors = run.postErrors ? ` (${run.postErrors} errors)` : '';
  return `ingest: ${run.createsPerSecond.toFixed(0)} memories/s${errors}; embedding and graph settled ${run.settleSeconds.toFixed(1)} s later; search index: ${run.searchIndex}`;
}
