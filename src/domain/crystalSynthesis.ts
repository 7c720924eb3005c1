/**
 * Extractive crystal synthesis: pure rules, no I/O. A crystal is made of the sources' most central sentences, each
 * kept verbatim and traceable to the source it came from, near-repeats dropped, in source order.
 */
import { MAX_CONTENT_CHARS, deriveTitle } from './memory.ts';
import { terms, words } from './text.ts';

export interface SynthesisSource {
  memory_id: string;
  content: string;
}

/** One sentence of the crystal and the source it was taken from. */
export interface TracedSentence {
  sentence: string;
  memory_id: string;
}

export interface ExtractiveCrystal {
  content: string;
  /** The chosen sentences in the order the content has them. */
  sentences: TracedSentence[];
  /** One weight per source, in source order; they sum to 1 (see `contributionWeights`). */
  weights: { memory_id: string; contribution_weight: number }[];
  /** The most central sentence: a title when there is nothing better. */
  lead: string;
}

/** Two sentences whose content-word sets overlap this much (Jaccard) say the same thing: only the first is kept. */
export const NEAR_REPEAT_JACCARD = 0.6;
/** At most this many sentences make a crystal, however many sources it has. */
export const MAX_CRYSTAL_SENTENCES = 40;
/** Weights are rounded to this many decimals (and still sum to exactly 1). */
const WEIGHT_DECIMALS = 4;

const TERMINATOR = /[.!?。！？]/u;
const ABBREVIATION = /\b(?:mr|mrs|ms|dr|prof|st|sr|jr|vs|etc|e\.g|i\.e|no|fig|approx|inc|ltd|co)\.$/iu;

/**
 * The sentences of a text, trimmed, as written (each a substring of the text): lines are split first, then after
 * `.`, `!` or `?` (and any closing quotes or brackets) followed by a space and a non-lowercase letter, or after a
 * CJK full stop. Common abbreviations (`Dr.`, `e.g.`) and decimals (`3.5`) do not end a sentence.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (!TERMINATOR.test(ch)) continue;
      let end = i + 1;
      while (end < line.length && /[.!?。！？"'”’)\]]/u.test(line[end]!)) end++;
      const cjk = /[。！？]/u.test(ch);
      const next = line.slice(end).match(/^\s+(\S)/u);
      const breaks = cjk || (next !== null && !/\p{Ll}/u.test(next[1]!));
      if (!breaks || (!cjk && ABBREVIATION.test(line.slice(start, i + 1)))) {
        i = end - 1;
        continue;
      }
      push(sentences, line.slice(start, end));
      start = end;
      i = end - 1;
    }
    push(sentences, line.slice(start));
  }
  return sentences;
}

function push(sentences: string[], piece: string) {
  const trimmed = piece.trim();
  if (trimmed) sentences.push(trimmed);
}

/** Jaccard similarity of two sets (two empty sets are identical). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Weights that sum to exactly 1 from raw shares (characters, say), in the same order: each rounded to 4 decimals in
 * integer units, the rounding error given to the largest so none turns negative. All-zero shares weigh equally.
 */
export function contributionWeights(shares: readonly number[]): number[] {
  if (shares.length === 0) return [];
  const total = shares.reduce((sum, s) => sum + Math.max(0, s), 0);
  const scale = 10 ** WEIGHT_DECIMALS;
  const units = shares.map(s => (total > 0 ? Math.round((Math.max(0, s) / total) * scale) : Math.floor(scale / shares.length)));
  const largest = units.indexOf(Math.max(...units));
  units[largest]! += scale - units.reduce((sum, u) => sum + u, 0);
  return units.map(u => u / scale);
}

interface Candidate {
  sentence: string;
  source: number;
  position: number;
  terms: Map<string, number>;
  set: Set<string>;
  score: number;
}

function counts(list: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const t of list) map.set(t, (map.get(t) ?? 0) + 1);
  return map;
}

function norm(vector: Map<string, number>): number {
  let sum = 0;
  for (const v of vector.values()) sum += v * v;
  return Math.sqrt(sum);
}

function addScaled(into: Map<string, number>, vector: Map<string, number>, factor: number) {
  for (const [t, v] of vector) into.set(t, (into.get(t) ?? 0) + v * factor);
}

/**
 * Scores each sentence by the cosine of its TF-IDF vector (IDF over all sentences) to the centroid of the sources'
 * unit vectors: every source counts the same however long it is, so words the sources share weigh most.
 */
function scoreCandidates(candidates: Candidate[], sourceCount: number) {
  const df = new Map<string, number>();
  for (const c of candidates) for (const t of c.set) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log((candidates.length + 1) / ((df.get(t) ?? 0) + 1)) + 1;
  const vectors = candidates.map(c => new Map([...c.terms].map(([t, tf]) => [t, tf * idf(t)])));
  const perSource = Array.from({ length: sourceCount }, () => new Map<string, number>());
  candidates.forEach((c, i) => addScaled(perSource[c.source]!, vectors[i]!, 1));
  const centroid = new Map<string, number>();
  for (const vector of perSource) {
    const length = norm(vector);
    if (length > 0) addScaled(centroid, vector, 1 / (length * sourceCount));
  }
  const centroidNorm = norm(centroid);
  candidates.forEach((c, i) => {
    const vector = vectors[i]!;
    const length = norm(vector);
    let dot = 0;
    for (const [t, v] of vector) dot += v * (centroid.get(t) ?? 0);
    c.score = length > 0 && centroidNorm > 0 ? dot / (length * centroidNorm) : 0;
  });
}

function candidatesOf(sources: readonly SynthesisSource[]): Candidate[] {
  const candidates: Candidate[] = [];
  sources.forEach((source, index) => {
    let sentences = splitSentences(source.content).filter(s => words(s).length > 0);
    // A source of punctuation alone still has something to show.
    if (sentences.length === 0 && source.content.trim()) sentences = [source.content.trim()];
    sentences.forEach((sentence, position) => {
      const list = terms(sentence);
      candidates.push({ sentence, source: index, position, terms: counts(list), set: new Set(list), score: 0 });
    });
  });
  return candidates;
}

/** Most central first; ties by source order, then by place in the source. */
const byCentrality = (a: Candidate, b: Candidate) => b.score - a.score || a.source - b.source || a.position - b.position;
const inReadingOrder = (a: Candidate, b: Candidate) => a.source - b.source || a.position - b.position;

/** The same words as an already chosen sentence (or, for sentences with no content word, the same text). */
function repeats(candidate: Candidate, chosen: Candidate[]) {
  return chosen.some(c =>
    candidate.set.size === 0 && c.set.size === 0
      ? c.sentence.toLowerCase() === candidate.sentence.toLowerCase()
      : jaccard(candidate.set, c.set) >= NEAR_REPEAT_JACCARD,
  );
}

/** Whether two sentences written on one line still split into these two. */
function joinsOnOneLine(first: string, second: string) {
  const split = splitSentences(`${first} ${second}`);
  return split.length === 2 && split[0] === first && split[1] === second;
}

/**
 * Joins the chosen sentences in reading order, one paragraph per source; a sentence that does not end in a full stop
 * keeps its own line, so splitting the crystal again gives back exactly the chosen sentences.
 */
function compose(chosen: Candidate[]): string {
  const paragraphs: string[] = [];
  let current = '';
  let source = -1;
  let previous = '';
  for (const c of chosen) {
    if (c.source !== source) {
      if (current) paragraphs.push(current);
      current = c.sentence;
      source = c.source;
    } else {
      current += (joinsOnOneLine(previous, c.sentence) ? ' ' : '\n') + c.sentence;
    }
    previous = c.sentence;
  }
  if (current) paragraphs.push(current);
  return paragraphs.join('\n\n');
}

/**
 * The extractive crystal of these sources: the most central half of their distinct sentences (at least 3, or all
 * there are; at most 40; within the memory content bound), near-repeats dropped (the more central kept), in source
 * order. A source's weight is its share of the crystal's characters: a source none of whose sentences was chosen
 * (all repeated elsewhere, or peripheral) weighs 0 — it stays a source, and still makes the crystal stale.
 */
export function synthesizeExtractive(sources: readonly SynthesisSource[], maxChars = MAX_CONTENT_CHARS): ExtractiveCrystal {
  const candidates = candidatesOf(sources);
  scoreCandidates(candidates, sources.length);
  const distinct: Candidate[] = [];
  for (const c of [...candidates].sort(byCentrality)) if (!repeats(c, distinct)) distinct.push(c);
  const wanted = Math.min(MAX_CRYSTAL_SENTENCES, Math.max(Math.min(3, distinct.length), Math.ceil(distinct.length / 2)));

  const chosen: Candidate[] = [];
  let length = 0;
  for (const c of distinct) {
    if (chosen.length >= wanted) break;
    // Two characters of separator per sentence bound what compose() adds.
    if (length + c.sentence.length + 2 > maxChars + 2) continue;
    chosen.push(c);
    length += c.sentence.length + 2;
  }
  const lead = chosen[0]?.sentence ?? '';
  chosen.sort(inReadingOrder);
  const shares = sources.map((_, index) => chosen.filter(c => c.source === index).reduce((sum, c) => sum + c.sentence.length, 0));
  const weights = contributionWeights(shares);
  return {
    content: compose(chosen),
    sentences: chosen.map(c => ({ sentence: c.sentence, memory_id: sources[c.source]!.memory_id })),
    weights: sources.map((s, i) => ({ memory_id: s.memory_id, contribution_weight: weights[i]! })),
    lead,
  };
}

/** Entities that say what a text is about (a date, an amount or an address does not). */
const TITLE_ENTITY_TYPES = new Set(['person', 'organization', 'location', 'product', 'technology', 'event', 'other']);

/**
 * A crystal's title when the caller gives none: its top entities ("A, B and C", most shared first, dates, amounts and
 * addresses left out), else its most central sentence.
 */
export function defaultCrystalTitle(entities: readonly { name: string; entity_type: string }[], lead: string): string {
  const names = entities.filter(e => TITLE_ENTITY_TYPES.has(e.entity_type)).slice(0, 3).map(e => e.name);
  if (names.length > 0) {
    const joined = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    return deriveTitle(joined);
  }
  return deriveTitle(lead) || 'Crystal';
}
