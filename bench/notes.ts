/**
 * `npm run bench -- notes`: retrieval quality on ordinary memories (bench/fixtures/notes/): decisions, preferences,
 * procedures, facts about people and projects, plans, learnings, config snippets, over work and personal topics,
 * with near-duplicates and superseded versions. Every note is created through `POST /memories` of a real server (with
 * its id, title, labels, importance, unit type, event date), and each question is searched in fast and deep mode;
 * a hit is any of the question's relevant notes among the results. A plain BM25 baseline (bench/bm25.ts) runs on the
 * same notes and questions. `npm run bench -- docs` runs the same on long non-chat documents (bench/fixtures/docs/).
 * Options: --limit 10 (results per search), --misses 1 (list the questions each method missed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bm25Baseline } from './bm25.ts';
import { formatTable, makeTempDir, ms, numericOptions, percentile, removeDir, REPO_ROOT, startServer, waitForBackground } from './lib.ts';

export interface Note {
  id: string;
  title?: string;
  content: string;
  labels?: string[];
  unit_type?: string;
  importance?: number;
  /** When the thing the note is about happened (or is planned), ISO date. */
  event_start?: string;
  /** When the note was written, ISO date; notes are created in this order. */
  recorded: string;
  /** The id of an older note this one replaces. */
  supersedes?: string;
}

export const QUESTION_KINDS = ['keyword', 'paraphrase', 'word-form', 'typo', 'temporal', 'superseded', 'entity', 'question'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface Question {
  query: string;
  relevant: string[];
  kind: QuestionKind;
}

export interface Fixture {
  notes: Note[];
  questions: Question[];
}

export const NOTES_DIR = join(REPO_ROOT, 'bench', 'fixtures', 'notes');
export const DOCS_DIR = join(REPO_ROOT, 'bench', 'fixtures', 'docs');

/** Every `*.json` file of the directory but `questions.json` is an array of notes; `questions.json` holds the questions. */
export function loadFixture(dir: string): Fixture {
  const files = readdirSync(dir).filter(f => f.endsWith('.json')).sort();
  const notes = files.filter(f => f !== 'questions.json').flatMap(f => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Note[]);
  const questions = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')) as Question[];
  return { notes, questions };
}

/** What the baseline indexes and what the server gets as content: the title (when there is one) and the content. */
export const noteText = (n: Note) => (n.title ? `${n.title}\n${n.content}` : n.content);

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<any>;
}

/** 1-based rank of the first relevant id among the results, or null when none is there. */
function firstRelevant(ids: string[], relevant: Set<string>): number | null {
  const at = ids.findIndex(id => relevant.has(id));
  return at < 0 ? null : at + 1;
}

interface Scores {
  ranks: (number | null)[];
  latencies: number[];
}

function summary(ranks: (number | null)[]): string[] {
  const n = ranks.length;
  const at = (k: number) => (n ? ranks.filter(r => r !== null && r <= k).length / n : NaN).toFixed(3);
  const mrr = n ? ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0) / n : NaN;
  return [String(n), at(1), at(5), at(10), mrr.toFixed(3)];
}

export async function runRetrievalBench(label: string, dir: string, argv: string[]) {
  const options = numericOptions(argv, { limit: 10, misses: 0 });
  const { notes, questions } = loadFixture(dir);
  const ordered = [...notes].sort((a, b) => a.recorded.localeCompare(b.recorded) || a.id.localeCompare(b.id));
  const dataDir = makeTempDir(`cairn-${label}-`);
  const server = await startServer({ dataDir });
  try {
    // One writer, in the order the notes were written, as a person keeping notes over two years would.
    const ingestStarted = performance.now();
    for (const n of ordered) {
      const body = {
        id: n.id,
        title: n.title ?? null,
        content: n.content,
        labels: n.labels ?? [],
        unit_type: n.unit_type ?? null,
        event_start: n.event_start ?? null,
        ...(n.importance === undefined ? {} : { importance: n.importance }),
        metadata: { recorded: n.recorded, ...(n.supersedes ? { supersedes: n.supersedes } : {}) },
      };
      await json(`${server.url}/memories`, { method: 'POST', body: JSON.stringify(body) });
    }
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    const waitStarted = performance.now();
    await waitForBackground(server.url);
    const indexSeconds = (performance.now() - waitStarted) / 1000;
    const status = await json(`${server.url}/search-index/status`);

    const scores = new Map<string, Scores>();
    for (const mode of ['fast', 'deep']) {
      const s: Scores = { ranks: [], latencies: [] };
      for (const q of questions) {
        const started = performance.now();
        const results = await json(`${server.url}/memories/search`, {
          method: 'POST',
          body: JSON.stringify({ query: q.query, limit: options.limit, mode }),
        });
        s.latencies.push(performance.now() - started);
        s.ranks.push(firstRelevant(results.map((r: any) => r.memory.id), new Set(q.relevant)));
      }
      scores.set(mode, s);
    }
    const bm25 = new Bm25Baseline(notes.map(n => ({ id: n.id, text: noteText(n) })));
    const b: Scores = { ranks: [], latencies: [] };
    for (const q of questions) {
      const started = performance.now();
      const ids = bm25.search(q.query, options.limit);
      b.latencies.push(performance.now() - started);
      b.ranks.push(firstRelevant(ids, new Set(q.relevant)));
    }
    bm25.close();
    scores.set('bm25', b);

    console.log(`${label} retrieval: ${notes.length} notes, ${questions.length} questions, limit ${options.limit}`);
    console.log(`search index: ${status.message}`);
    console.log(`ingest: ${(notes.length / ingestSeconds).toFixed(0)} memories/s; embedding and graph settled ${indexSeconds.toFixed(1)} s later\n`);
    const overall = [['method', 'questions', 'recall@1', 'recall@5', 'recall@10', 'MRR', 'p50 ms', 'p95 ms']];
    for (const [method, s] of scores) overall.push([method, ...summary(s.ranks), ms(percentile(s.latencies, 50)), ms(percentile(s.latencies, 95))]);
    console.log(formatTable(overall));

    const kinds = QUESTION_KINDS.filter(k => questions.some(q => q.kind === k));
    const perKind = [['kind', 'method', 'questions', 'recall@1', 'recall@5', 'recall@10', 'MRR']];
    for (const kind of kinds) {
      for (const [method, s] of scores) perKind.push([kind, method, ...summary(s.ranks.filter((_, i) => questions[i].kind === kind))]);
    }
    console.log(`\nper kind of question\n${formatTable(perKind)}`);
    if (options.misses) {
      // --misses 1: every question a method did not answer within the limit, to see what a ranking change fixed or broke.
      const missed = [['method', 'kind', 'question', 'relevant']];
      for (const [method, s] of scores) {
        s.ranks.forEach((rank, i) => rank === null && missed.push([method, questions[i].kind, questions[i].query, questions[i].relevant.join(' ')]));
      }
      console.log(`\nnot found within ${options.limit}\n${formatTable(missed)}`);
    }
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

export default (argv: string[]) => runRetrievalBench('notes', NOTES_DIR, argv);
