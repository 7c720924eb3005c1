/** The offline (extractive) summary of a community: its most central sentences, quoted as written. Pure, no I/O. */
import { terms } from './text.ts';

export interface SummarySource {
  /** A memory's text; sources come most relevant first (the memories mentioning most of the community). */
  content: string;
}

const MAX_SENTENCES = 3;
const MIN_WORDS = 5;
const MAX_SENTENCE_CHARS = 300;
const MAX_CANDIDATES = 80;
/** Two sentences sharing this share of their content words say the same thing: only one is kept. */
const NEAR_DUPLICATE = 0.6;

interface Sentence {
  text: string;
  source: number;
  position: number;
  terms: Set<string>;
  score: number;
}

/** Sentences of a text: split at line breaks and at sentence ends followed by a capital, digit or quote. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap(line => line.split(/(?<=[.!?…])\s+(?=["'“‘(\p{Lu}\p{N}])/u))
    .map(s => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether `name` (lower case) occurs in `text` (lower case) as a whole word or words. */
function namesIn(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = at > 0 ? text[at - 1] : ' ';
    const after = at + name.length < text.length ? text[at + name.length] : ' ';
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return true;
  }
  return false;
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common;
}

function cut(text: string): string {
  if (text.length <= MAX_SENTENCE_CHARS) return text;
  const head = text.slice(0, MAX_SENTENCE_CHARS - 1);
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), MAX_SENTENCE_CHARS / 2)).trimEnd()}…`;
}

/**
 * Two or three sentences that best say what a community is about. A sentence is central when it names many of the
 * community's entities and shares many content words with the other candidate sentences; earlier (more relevant)
 * sources break ties. Near-repeats are dropped, and the chosen sentences are given in reading order (source, then
 * position), each as written. Empty when the sources have no usable sentence.
 */
export function extractiveSummary(sources: readonly SummarySource[], entityNames: readonly string[], maxSentences = MAX_SENTENCES): string {
  const names = [...new Set(entityNames.map(n => n.trim().toLowerCase()).filter(n => n.length >= 2))];
  const candidates: Sentence[] = [];
  sources.forEach((source, s) =>
    splitSentences(source.content).forEach((text, position) => {
      if (candidates.length >= MAX_CANDIDATES || text.split(' ').length < MIN_WORDS) return;
      candidates.push({ text: cut(text), source: s, position, terms: new Set(terms(text)), score: 0 });
    }),
  );
  for (const sentence of candidates) {
    const lower = sentence.text.toLowerCase();
    const hits = names.filter(name => namesIn(lower, name)).length;
    let shared = 0;
    for (const other of candidates) {
      if (other !== sentence) shared += overlap(sentence.terms, other.terms) / Math.sqrt(sentence.terms.size * other.terms.size || 1);
    }
    sentence.score = 1.5 * hits + shared + 0.3 / (1 + sentence.source);
  }
  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.source - b.source || a.position - b.position);
  const chosen: Sentence[] = [];
  for (const sentence of ranked) {
    if (chosen.length >= maxSentences) break;
    const repeat = chosen.some(c => {
      const common = overlap(c.terms, sentence.terms);
      const union = c.terms.size + sentence.terms.size - common;
      return c.text.toLowerCase() === sentence.text.toLowerCase() || (union > 0 && common / union >= NEAR_DUPLICATE);
    });
    if (!repeat) chosen.push(sentence);
  }
  chosen.sort((a, b) => a.source - b.source || a.position - b.position);
  return chosen.map(s => (/[.!?…"')\]]$/.test(s.text) ? s.text : `${s.text}.`)).join(' ');
}

/** What a community is said to be when no memory offers a sentence: its entities and how many memories mention them. */
export function describeCommunity(topNames: readonly string[], memoryCount: number): string {
  const names = topNames.slice(0, 5);
  const list = names.length <= 1 ? (names[0] ?? 'a few entities') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const memories = memoryCount === 1 ? '1 memory' : `${memoryCount} memories`;
  return `A topic around ${list}, mentioned in ${memories}.`;
}
