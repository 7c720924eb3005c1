import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';
import type { QueryPeriod } from '../../domain/scoring.ts';

/** chrono-node, loaded on first use rather than when the server starts. */
let chronoModule: typeof Chrono | null = null;
const chrono = () => (chronoModule ??= createRequire(import.meta.url)('chrono-node') as typeof Chrono);

/**
 * A time span named in a search query, as ISO instants (from inclusive, to exclusive). `anyYear`: the text gave no
 * year ("in June"): from/to hold the last such time before now, but any year may be meant.
 */
export interface QueryDateRange extends QueryPeriod {
  text: string;
}

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/** The span a parsed date covers: a day, a week around it, a month or a year, by what the text pinned down. */
function spanOf(result: Chrono.ParsedResult, now: Date): { from: number; to: number } | null {
  const start = result.start;
  if (!start.isCertain('year') && !start.isCertain('month') && !start.isCertain('day')) return null; // "at 5": a time, no date
  let date = start.date();
  // "May 8" without a year: people searching memories mean the last one, not the next.
  if (!start.isCertain('year') && date.getTime() > now.getTime() + DAY_MS) date = new Date(Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate()));
  if (result.end) return { from: utcDay(date), to: utcDay(result.end.date()) + DAY_MS };
  if (/\bweeks?\b/i.test(result.text)) return { from: utcDay(date) - 3 * DAY_MS, to: utcDay(date) + 4 * DAY_MS };
  if (start.isCertain('day')) return { from: utcDay(date), to: utcDay(date) + DAY_MS };
  if (start.isCertain('month')) return { from: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1), to: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) };
  return { from: Date.UTC(date.getUTCFullYear(), 0, 1), to: Date.UTC(date.getUTCFullYear() + 1, 0, 1) };
}

/** A query's words ending in "before", right ahead of a date. */
const BEFORE = /\bbefore\s*$/i;
/** "the morning of", "the late evening of": a part of a day before the date it belongs to. */
const PART_OF_DAY_OF = /\b(?:the\s+)?(?:(?:early|late)\s+)?(?:morning|afternoon|evening|night)\s+of\s+/gi;

/**
 * Dates a query names ("last week", "in March 2024", "yesterday", "2023"), resolved against `now`, so search can
 * favour memories from that time. Bare years are read here too, which chrono leaves out.
 */
export function datesInQuery(text: string, now: Date): QueryDateRange[] {
  // chrono reads "the evening of 7 July, 2023" as a time of day and drops the date: the part of the day goes.
  const query = text.replace(PART_OF_DAY_OF, '');
  const ranges: QueryDateRange[] = [];
  const results = chrono().parse(query, now);
  for (const result of results) {
    const span = spanOf(result, now);
    if (!span) continue;
    // "the Sunday before October 25", "last weekend before April 10": the week up to the date, and the date itself.
    if (BEFORE.test(query.slice(0, result.index))) span.from -= 7 * DAY_MS;
    const range: QueryDateRange = { text: result.text, from: new Date(span.from).toISOString(), to: new Date(span.to).toISOString() };
    if (!result.start.isCertain('year')) range.anyYear = true;
    ranges.push(range);
  }
  const covered = (at: number) => results.some(r => at >= r.index && at < r.index + r.text.length);
  for (const match of query.matchAll(/\b(19\d\d|20\d\d)\b/g)) {
    if (covered(match.index)) continue;
    const year = Number(match[1]);
    ranges.push({ text: match[0], from: new Date(Date.UTC(year, 0, 1)).toISOString(), to: new Date(Date.UTC(year + 1, 0, 1)).toISOString() });
  }
  return ranges;
}

/** Words that place what a text tells relative to when it was said ("last month", "two weeks ago", "yesterday"). */
const TOLD_RELATIVE =
  /\b(?:yesterday|last (?:week|weekend|month|year|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|fall|winter)|\w+ (?:days|weeks|months|years) ago|a (?:week|month|year) ago)\b/i;

/**
 * The period of `periods` that a memory's own words place what it tells in: "we went to a convention last month",
 * said on 20 April, tells of March. Things are often told well after they happened, beyond the date rule's lag; the
 * text says when. Only texts with such words are parsed (chrono is slow beside a regular expression), and only dates
 * with a year (a relative date always has one).
 */
export function toldPeriod<P extends QueryPeriod>(periods: P[], content: string, saidAt: string | null): P | undefined {
  const said = saidAt ? new Date(saidAt) : null;
  if (!periods.length || !said || Number.isNaN(said.getTime()) || !TOLD_RELATIVE.test(content)) return undefined;
  const told = datesInQuery(content, said).filter(t => !t.anyYear);
  return periods.find(p => told.some(t => Date.parse(t.from) < Date.parse(p.to) && Date.parse(t.to) > Date.parse(p.from)));
}
