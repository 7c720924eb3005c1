/**
 * `npm run bench -- notes`: retrieval quality on ordinary memories (bench/fixtures/notes/): decisions, preferences,
 * procedures, facts about people and projects, plans, learnings, config snippets, over work and personal topics,
 * with near-duplicates and superseded versions. Every note is created through `POST /memories` of a real server (with
 * its id, title, labels, importance, unit type, event date) by the shared harness (bench/retrieval.ts), which searches
 * each question in fast and deep mode beside a plain BM25 baseline; this bench adds the breakdown by kind of question.
 * `npm run bench -- docs` runs the same on long non-chat documents (bench/fixtures/docs/).
 * Options: --limit 10 (results per search), --misses 1 (list the questions each method missed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTable, numericOptions, REPO_ROOT } from './lib.ts';
import { ingestLine, METHODS, methodTable, type RetrievalSet, runSet, summarize } from './retrieval.ts';

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

/** Notes are created with their own id, title, labels, importance, unit type and event date, in the order written. */
export function noteSet(name: string, dir: string): RetrievalSet {
  const { notes, questions } = loadFixture(dir);
  const ordered = [...notes].sort((a, b) => a.recorded.localeCompare(b.recorded) || a.id.localeCompare(b.id));
  const body = (n: Note) => ({
    id: n.id,
    title: n.title ?? null,
    content: n.content,
    labels: n.labels ?? [],
    unit_type: n.unit_type ?? null,
    event_start: n.event_start ?? null,
    ...(n.importance === undefined ? {} : { importance: n.importance }),
    metadata: { recorded: n.recorded, ...(n.supersedes ? { supersedes: n.supersedes } : {}) },
  });
  return {
    name,
    units: ordered.map(n => ({ key: n.id, body: body(n), text: noteText(n) })),
    questions: questions.map(q => ({ query: q.query, relevant: q.relevant, kind: q.kind })),
  };
}

export async function runRetrievalBench(label: string, dir: string, argv: string[]) {
  const options = numericOptions(argv, { limit: 10, misses: 0 });
  const set = noteSet(label, dir);
  const run = await runSet(set, { limit: options.limit });
  const { questions } = set;
  console.log(`${label} retrieval: ${set.units.length} notes, ${questions.length} questions, limit ${options.limit}`);
  console.log(`${ingestLine(run)}\n`);
  console.log(methodTable(run));

  const kinds = QUESTION_KINDS.filter(k => questions.some(q => q.kind === k));
  const perKind = [['kind', 'method', 'questions', 'recall@1', 'recall@5', 'recall@10', 'MRR']];
  for (const kind of kinds) {
    for (const method of METHODS) {
      const s = summarize(run.methods[method], i => questions[i].kind === kind);
      perKind.push([kind, method, String(s.questions), ...[s.recallAt1, s.recallAt5, s.recallAt10, s.mrr].map(x => x.toFixed(3))]);
    }
  }
  console.log(`\nper kind of question\n${formatTable(perKind)}`);
  if (options.misses) {
    // --misses 1: every question a method did not answer within the limit, to see what a ranking change fixed or broke.
    const missed = [['method', 'kind', 'question', 'relevant']];
    for (const method of METHODS) {
      run.methods[method].ranks.forEach((rank, i) => rank === null && missed.push([method, questions[i].kind ?? '', questions[i].query, questions[i].relevant.join(' ')]));
    }
    console.log(`\nnot found within ${options.limit}\n${formatTable(missed)}`);
  }
}

export default (argv: string[]) => runRetrievalBench('notes', NOTES_DIR, argv);
