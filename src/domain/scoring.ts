/** Search scoring rules: term coverage, an absolute similarity for display, priors, dates, query cues. Pure. */
import type { DisplaySimilarity, Priors } from './searchProfile.ts';
import { asksWhen, mentionsTime, words } from './text.ts';

export interface LexicalOverlap {
  /** Share of the query's terms found in the text (a term found only as another form counts `formWeight`). */
  coverage: number;
  /** Dice overlap of the two term sets: high only when the text says little beyond the query. */
  dice: number;
  /** Query terms found as they are. */
  matched: string[];
  /** Query terms found only as another form or a typo: query term → the text's term. */
  forms: Map<string, string>;
}

export interface OverlapOptions {
  /** The last query term also matches a term it begins (a word still being typed). */
  prefixLast?: boolean;
  /** Whether a text term is another form of a query term (word forms, typos); such a match counts `formWeight`. */
  near?: (queryTerm: string, textTerm: string) => boolean;
  formWeight?: number;
  /** The text's distinct terms, when the caller keeps them (a set made once per memory, not once per query). */
  textSet?: ReadonlySet<string>;
}

/**
 * How much of the query a text holds, both as terms stemmed alike (`terms`): the one term-coverage rule of memory
 * and thread search.
 */
export function lexicalOverlap(queryTerms: readonly string[], textTerms: readonly string[], options: OverlapOptions = {}): LexicalOverlap {
  const query = [...new Set(queryTerms)];
  const text = options.textSet ?? new Set(textTerms);
  const forms = new Map<string, string>();
  if (query.length === 0 || text.size === 0) return { coverage: 0, dice: 0, matched: [], forms };
  const last = query.at(-1)!;
  const matched = query.filter(t => text.has(t) || (options.prefixLast && t === last && textTerms.some(w => w.startsWith(t))));
  if (options.near) {
    for (const q of query) {
      if (matched.includes(q)) continue;
      const form = textTerms.find(w => options.near!(q, w));
      if (form !== undefined) forms.set(q, form);
    }
  }
  const found = matched.length + (options.formWeight ?? 1) * forms.size;
  return { coverage: found / query.length, dice: (2 * found) / (query.length + text.size), matched, forms };
}

/**
 * The share of the query a text holds, each query term weighted by `weightOf` (its rarity): a title holding the
 * query's rare words scores near 1, one holding only its common words near 0. 0 for an empty query.
 */
export function weightedCoverage(queryTerms: readonly string[], textTerms: readonly string[], weightOf: (term: string) => number): number {
  const text = new Set(textTerms);
  let found = 0;
  let total = 0;
  for (const term of new Set(queryTerms)) {
    const weight = weightOf(term);
    total += weight;
    if (text.has(term)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/** A word's rarity as bm25 weighs it, held by `held` of `documents` memories: ln(1 + (N − n + 0.5) / (n + 0.5)). */
export function bm25Idf(documents: number, held: number): number {
  return Math.log(1 + (documents - held + 0.5) / (held + 0.5));
}

/**
 * A term's rarity as SQLite's FTS5 bm25 weighs it (PostgreSQL's ranking computes the same): ln((N − n + 0.5) /
 * (n + 0.5)), and at least 1e-6, so a word in half the memories or more still counts a little.
 */
export function fts5Idf(documents: number, held: number): number {
  return Math.max(Math.log((Math.max(documents, held) - held + 0.5) / (held + 0.5)), 1e-6);
}

/** Cosine rescaled so that unrelated texts (≈ the floor) score 0 and identical ones 1. */
export function semanticSimilarity(cosine: number, floor = 0.2): number {
  return Math.min(1, Math.max(0, (cosine - floor) / (1 - floor)));
}

/**
 * Similarity in 0..1, comparable across queries: ≥ 0.9 only when the memory says nearly what the query says
 * (capture clients skip saving a memory whose best match scores ≥ 0.9). The shares come from the search profile.
 */
export function absoluteSimilarity(overlap: LexicalOverlap, semantic: number | undefined, shares: DisplaySimilarity): number {
  const lexical = shares.coverageShare * overlap.coverage + (1 - shares.coverageShare) * overlap.dice;
  return semantic === undefined ? lexical : (1 - shares.semanticShare) * lexical + shares.semanticShare * semantic;
}

/** Small multiplicative priors (the profile's): importance 0..1 and age in days. */
export function priorBoost(importance: number, ageDays: number, priors: Priors): number {
  const importanceBoost = priors.importanceFloor + priors.importanceSpan * importance;
  const recencyBoost = 1 + priors.recencyBoost * Math.exp(-ageDays / priors.recencyDays);
  return importanceBoost * recencyBoost;
}

/** A period a query names, as ISO instants: from inclusive, to exclusive; `anyYear` when the query gave no year. */
export interface QueryPeriod {
  from: string;
  to: string;
  anyYear?: boolean;
  /** The query's words that name it ("last week"). */
  text?: string;
}

/** What a query says beside its words: the words that may name a speaker, in the query's order, whether it asks when. */
export interface QueryCues {
  words: ReadonlySet<string>;
  sequence: readonly string[];
  asksWhen: boolean;
}

export function queryCues(query: string): QueryCues {
  const sequence = words(query);
  return { words: new Set(sequence), sequence, asksWhen: asksWhen(query) };
}

/** Whether every word of a speaker's name is a word of the query. */
function names(cues: QueryCues, speaker: string | null): speaker is string {
  return speaker !== null && words(speaker).length > 0 && words(speaker).every(w => cues.words.has(w));
}

/**
 * Of the speakers a query names, the one it names first: whom the question is about ("What did Jon say about Gina's
 * store?", "What advice does Gina give Jon?"); null when it names none. An English question puts its subject before
 * anyone else it mentions.
 */
export function firstNamedSpeaker(cues: QueryCues, speakers: Iterable<string>): string | null {
  let first: { speaker: string; at: number } | null = null;
  for (const speaker of new Set(speakers)) {
    if (!names(cues, speaker)) continue;
    const at = cues.sequence.indexOf(words(speaker)[0]!);
    if (first === null || at < first.at) first = { speaker, at };
  }
  return first?.speaker ?? null;
}

const DAY_MS = 86_400_000;

/** The instant moved by whole years, as milliseconds (29 February becomes 1 March in other years). */
function shiftYears(iso: string, years: number): number {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
}

/**
 * The one date rule of search: the first period holding the time, or ending at most `lagDays` before it (things
 * are told after they happen). A period without a year ("in June") is read in the time's own year or the year before.
 */
export function periodHolding<P extends QueryPeriod>(periods: P[], at: string | null, lagDays: number): P | undefined {
  const time = at ? Date.parse(at) : NaN;
  if (Number.isNaN(time)) return undefined;
  const holds = (from: number, to: number) => time >= from && time < to + lagDays * DAY_MS;
  return periods.find(p => {
    if (!p.anyYear) return holds(Date.parse(p.from), Date.parse(p.to));
    const offset = new Date(time).getUTCFullYear() - new Date(p.from).getUTCFullYear();
    return [offset, offset - 1].some(years => holds(shiftYears(p.from, years), shiftYears(p.to, years)));
  });
}

/** How much a named speaker counts: all of `speakerBoost` for the query's subject, `otherSpeakerShare` of it for anyone it names after. */
export interface CueRules {
  speakerBoost: number;
  otherSpeakerShare: number;
  whenBoost: number;
}

/**
 * Multiplicative boost (≥ 1) of a memory for the cues of the query: its speaker named (`speaker` is given only for
 * conversation turns; `subject`, the speaker the query names first, gains the full boost and any other named speaker
 * its share), a when-question answered by a memory that places something in time.
 */
export function cueBoost(cues: QueryCues, memory: { content: string; speaker: string | null }, rules: CueRules, subject: string | null = null): number {
  const speaker = names(cues, memory.speaker) ? rules.speakerBoost * (subject === null || memory.speaker === subject ? 1 : rules.otherSpeakerShare) : 0;
  const timed = cues.asksWhen && mentionsTime(memory.content);
  return (1 + speaker) * (timed ? 1 + rules.whenBoost : 1);
}
