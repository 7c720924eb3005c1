/** Search scoring rules: lexical overlap, an absolute similarity for display, priors, query cues. Pure. */
import { asksWhen, mentionsTime, speakerOf, words } from './text.ts';

export interface LexicalOverlap {
  /** Share of the query's terms found in the memory. */
  coverage: number;
  /** Dice overlap of the two term sets: high only when the memory says little beyond the query. */
  dice: number;
  matched: string[];
}

export function lexicalOverlap(queryTerms: string[], memoryTerms: string[]): LexicalOverlap {
  const query = new Set(queryTerms);
  const memory = new Set(memoryTerms);
  if (query.size === 0 || memory.size === 0) return { coverage: 0, dice: 0, matched: [] };
  const matched = [...query].filter(t => memory.has(t));
  return { coverage: matched.length / query.size, dice: (2 * matched.length) / (query.size + memory.size), matched };
}

/** Cosine rescaled so that unrelated texts (≈ the floor) score 0 and identical ones 1. */
export function semanticSimilarity(cosine: number, floor = 0.2): number {
  return Math.min(1, Math.max(0, (cosine - floor) / (1 - floor)));
}

/**
 * Similarity in 0..1, comparable across queries: ≥ 0.9 only when the memory says nearly what the query says
 * (capture clients skip saving a memory whose best match scores ≥ 0.9).
 */
export function absoluteSimilarity(overlap: LexicalOverlap, semantic: number | undefined): number {
  const lexical = 0.5 * overlap.coverage + 0.5 * overlap.dice;
  return semantic === undefined ? lexical : 0.5 * lexical + 0.5 * semantic;
}

/** Small multiplicative priors of deep mode: importance 0..1 and age in days. */
export function priorBoost(importance: number, ageDays: number): number {
  const importanceBoost = 0.9 + 0.2 * importance; // 0.9 .. 1.1
  const recencyBoost = 1 + 0.05 * Math.exp(-ageDays / 30); // up to +5 % for the last month
  return importanceBoost * recencyBoost;
}

/** A period a query names, as ISO instants: from inclusive, to exclusive; `anyYear` when the query gave no year. */
export interface QueryPeriod {
  from: string;
  to: string;
  anyYear?: boolean;
}

/** What a query says beside its words: the words that may name a speaker, the periods it names, whether it asks when. */
export interface QueryCues {
  words: ReadonlySet<string>;
  periods: QueryPeriod[];
  asksWhen: boolean;
}

export function queryCues(query: string, periods: QueryPeriod[]): QueryCues {
  return { words: new Set(words(query)), periods, asksWhen: asksWhen(query) };
}

/** Boost of a memory whose speaker the query names: questions about a person are mostly answered by that person. */
const SPEAKER_BOOST = 0.5;
/** Boost of a memory whose event falls in a period the query names, or up to DATE_LAG_DAYS after it (told later). */
const DATE_BOOST = 1;
const DATE_LAG_DAYS = 14;
/** Boost of a memory that places something in time, for a question asking when. */
const WHEN_BOOST = 0.5;
const DAY_MS = 86_400_000;

/** The instant moved by whole years, as milliseconds (29 February becomes 1 March in other years). */
function shiftYears(iso: string, years: number): number {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
}

/**
 * True when the time falls in one of the periods or within DATE_LAG_DAYS after its end (things are told after they
 * happen). A period without a year ("in June") is read in the time's own year or the year before.
 */
export function inPeriodOrJustAfter(periods: QueryPeriod[], at: string | null): boolean {
  const time = at ? Date.parse(at) : NaN;
  if (Number.isNaN(time)) return false;
  const holds = (from: number, to: number) => time >= from && time < to + DATE_LAG_DAYS * DAY_MS;
  return periods.some(p => {
    if (!p.anyYear) return holds(Date.parse(p.from), Date.parse(p.to));
    const offset = new Date(time).getUTCFullYear() - new Date(p.from).getUTCFullYear();
    return [offset, offset - 1].some(years => holds(shiftYears(p.from, years), shiftYears(p.to, years)));
  });
}

/** Multiplicative boost (≥ 1) of a memory for the cues of the query: its speaker named, its date named, a when-question. */
export function cueBoost(cues: QueryCues, memory: { content: string; event_start: string | null }): number {
  const speaker = speakerOf(memory.content);
  const named = speaker !== null && words(speaker).every(w => cues.words.has(w));
  const dated = inPeriodOrJustAfter(cues.periods, memory.event_start);
  const timed = cues.asksWhen && mentionsTime(memory.content);
  return (named ? 1 + SPEAKER_BOOST : 1) * (dated ? 1 + DATE_BOOST : 1) * (timed ? 1 + WHEN_BOOST : 1);
}
