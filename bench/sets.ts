/**
 * The retrieval sets, each as the units a client would post and the questions asked of them (bench/retrieval.ts runs
 * them). notes and docs: bench/fixtures/{notes,docs} (bench/notes.ts describes them); locomo: the LoCoMo conversations
 * in ../shared/bench/locomo; chats: real multi-day chats with a companion app, stored message by message
 * (bench/fixtures/chats); beir: NFCorpus medical abstracts with the site's article titles as queries (bench/fixtures/beir).
 * Where each public set comes from, its licence and how it was drawn: bench/fixtures/<set>/SOURCE.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lib.ts';
import { locomoSet } from './locomo.ts';
import { DOCS_DIR, NOTES_DIR, noteSet } from './notes.ts';
import type { RetrievalSet, Unit } from './retrieval.ts';

export const SET_NAMES = ['notes', 'docs', 'locomo', 'chats', 'beir'] as const;
export type SetName = (typeof SET_NAMES)[number];

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

export const CHATS_DIR = join(REPO_ROOT, 'bench', 'fixtures', 'chats');
export const BEIR_DIR = join(REPO_ROOT, 'bench', 'fixtures', 'beir');

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

function chatsSet(): RetrievalSet {
  const messages = readJson(join(CHATS_DIR, 'messages.json')) as ChatMessage[];
  const questions = readJson(join(CHATS_DIR, 'questions.json')) as ChatQuestion[];
  return {
    name: 'chats',
    units: chatUnits(messages),
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
function beirSet(): RetrievalSet {
  const { documents } = readJson(join(BEIR_DIR, 'documents.json')) as { documents: BeirDocument[] };
  const questions = readJson(join(BEIR_DIR, 'questions.json')) as BeirQuestion[];
  return {
    name: 'beir',
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
    case 'beir':
      return beirSet();
  }
}
