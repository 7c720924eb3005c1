/**
 * The retrieval sets, each as the units a client would post and the questions asked of them (bench/retrieval.ts runs
 * them). notes and docs: bench/fixtures/{notes,docs} (bench/notes.ts describes them); locomo: the LoCoMo conversations
 * in ../shared/bench/locomo; chats: real multi-day chats with a companion app, stored message by message; beir:
 * NFCorpus medical abstracts with the site's article titles as queries; cranfield: the Cranfield 1400 aeronautics
 * abstracts with their researchers' questions; chats-plain: the chats as a client that keeps no metadata posts them;
 * scifact: BEIR SciFact, PubMed abstracts with scientific claims as queries.
 * chats, beir, cranfield and scifact are public data the repository does not carry: they are read from $CAIRN_BENCH_DATA/<set> or ../shared/bench/<set> (docs/benchmark-sets.md says
 * where each comes from, its licence and how it was drawn).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locomoDir, REPO_ROOT } from './lib.ts';
import { locomoSet } from './locomo.ts';
import { DOCS_DIR, NOTES_DIR, noteSet } from './notes.ts';
import type { RetrievalSet, Unit } from './retrieval.ts';

export const SET_NAMES = ['notes', 'docs', 'locomo', 'chats', 'chats-plain', 'beir', 'cranfield', 'scifact'] as const;
/** The sets whose data is read from outside the repository. */
type PublicSet = 'chats' | 'beir' | 'cranfield' | 'scifact';
/** The long-document sets: one title-then-text document per memory, in the same files' shape. */
type LongDocumentSet = 'beir' | 'cranfield' | 'scifact';
export type SetName = (typeof SET_NAMES)[number];

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** Where a public set's files are: $CAIRN_BENCH_DATA/<set>, else beside the repository as LoCoMo is; null when absent. */
export function publicSetDir(name: PublicSet): string | null {
  const candidates = [process.env.CAIRN_BENCH_DATA && join(process.env.CAIRN_BENCH_DATA, name), join(REPO_ROOT, '..', 'shared', 'bench', name), join(REPO_ROOT, '..', '..', 'shared', 'bench', name)];
  return candidates.find((dir): dir is string => Boolean(dir) && existsSync(dir as string)) ?? null;
}

/** Whether a set's data is on this machine (notes and docs always are: they are in the repository). */
export function setAvailable(name: SetName): boolean {
  if (name === 'chats' || name === 'chats-plain') return publicSetDir('chats') !== null;
  if (name === 'beir' || name === 'cranfield' || name === 'scifact') return publicSetDir(name) !== null;
  if (name === 'locomo') return locomoDir() !== null;
  return true;
}

function requireSetDir(name: PublicSet): string {
  const dir = publicSetDir(name);
  if (!dir) throw new Error(`the ${name} set is not on this machine: put its files in $CAIRN_BENCH_DATA/${name} or ../shared/bench/${name} (docs/benchmark-sets.md)`);
  return dir;
}

export interface ChatMessage {
  conversation: string;
  /** Position in the conversation, from 1. */
  msg: number;
  /** The day of the session, YYYY-MM-DD. */
  date: string;
  author: string;
  text: string;
}
export interface ChatQuestion {
  conversation: string;
  question: string;
  /** The `msg` numbers of the messages that answer it. */
  evidence: number[];
}

/** "John Zhang" → "chat-john-zhang": one space per conversation, as one user's history with the app. */
export const chatSpace = (conversation: string) => `chat-${conversation.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/**
 * Each message is one memory, "Author: text", dated by its session (the day, a minute apart in posting order), with the
 * metadata a chat client keeps under its own names: never Cairn's speaker, dia_id, session_id or turn.
 */
export function chatUnits(messages: ChatMessage[]): Unit[] {
  const perDay = new Map<string, number>();
  return messages.map(m => {
    const day = `${m.conversation}|${m.date}`;
    const minute = perDay.get(day) ?? 0;
    perDay.set(day, minute + 1);
    const content = `${m.author}: ${m.text}`;
    const eventStart = new Date(Date.parse(`${m.date}T09:00:00Z`) + minute * 60_000).toISOString();
    return {
      key: String(m.msg),
      group: chatSpace(m.conversation),
      text: content,
      body: { content, event_start: eventStart, metadata: { conversation: m.conversation, msg: m.msg, author: m.author } },
    };
  });
}

/**
 * The chats; `plain`: as a client that keeps no metadata posts them, each message its "Author: text" and its date
 * alone, so the conversation is seen only in the texts' speakers and their posting order (the assistant is "AI
 * companion").
 */
function chatsSet(plain = false): RetrievalSet {
  const dir = requireSetDir('chats');
  const messages = readJson(join(dir, 'messages.json')) as ChatMessage[];
  const questions = readJson(join(dir, 'questions.json')) as ChatQuestion[];
  const units = chatUnits(messages);
  return {
    name: plain ? 'chats-plain' : 'chats',
    units: plain ? units.map(u => ({ ...u, body: { content: u.body.content, event_start: u.body.event_start } })) : units,
    questions: questions.map(q => ({ query: q.question, relevant: q.evidence.map(String), group: chatSpace(q.conversation) })),
  };
}

export interface BeirDocument {
  id: string;
  /** The title on the first line, then the abstract. */
  content: string;
}
export interface BeirQuestion {
  id: string;
  query: string;
  relevant: string[];
}

/** One memory per document, its content alone (title line, then text), as a client importing papers would. */
function longDocumentSet(name: LongDocumentSet): RetrievalSet {
  const dir = requireSetDir(name);
  const { documents } = readJson(join(dir, 'documents.json')) as { documents: BeirDocument[] };
  const questions = readJson(join(dir, 'questions.json')) as BeirQuestion[];
  return {
    name,
    units: documents.map(d => ({ key: d.id, text: d.content, body: { content: d.content } })),
    questions: questions.map(q => ({ query: q.query, relevant: q.relevant })),
  };
}

export function loadSet(name: SetName): RetrievalSet {
  switch (name) {
    case 'notes':
      return noteSet('notes', NOTES_DIR);
    case 'docs':
      return noteSet('docs', DOCS_DIR);
    case 'locomo':
      return locomoSet();
    case 'chats':
      return chatsSet();
    case 'chats-plain':
      return chatsSet(true);
    case 'beir':
    case 'cranfield':
    case 'scifact':
      return longDocumentSet(name);
  }
}
