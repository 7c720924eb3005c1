import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';
import { foreignDatePhrases } from './foreignDates.ts';

/** chrono-node, loaded on first use rather than when the server starts. */
let chronoModule: typeof Chrono | null = null;
const chrono = () => (chronoModule ??= createRequire(import.meta.url)('chrono-node') as typeof Chrono);

/**
 * The calendar day a relative date expression means, read against a reference time ("yesterday" → 2024-03-03).
 * The common expressions are worked out here (chrono costs a fraction of a millisecond per call); the rest go to chrono.
 */

const DAY_MS = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, couple: 2, few: 3 };
const PART_OF_DAY = /\s+(?:morning|afternoon|evening|night)$/;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function shift(reference: Date, unit: string, amount: number): number {
  const date = new Date(reference.getTime());
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + amount);
  else if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7 * amount);
  else if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + amount);
  else date.setUTCFullYear(date.getUTCFullYear() + amount);
  return date.getTime();
}

/** The weekday in the reference's week (Monday first), the one before or the one after. */
function weekday(reference: Date, name: string, weeks: number): number {
  const target = WEEKDAYS.indexOf(name);
  const mondayBased = (day: number) => (day + 6) % 7;
  const offset = mondayBased(target) - mondayBased(reference.getUTCDay()) + 7 * weeks;
  return reference.getTime() + offset * DAY_MS;
}

/** The ISO day (YYYY-MM-DD) the expression means, or null when it cannot be placed on a day. */
export function resolveRelativeDate(text: string, reference: Date): string | null {
  const t = spelledOut(text.toLowerCase().trim().replace(/^(?:on|by|since|until|from)\s+/, '')).replace(PART_OF_DAY, '');
  // "this morning" and "last night" arrive here as "this" and "last" (the part of the day is dropped above).
  if (t === 'today' || t === 'tonight' || t === 'this') return isoDay(reference.getTime());
  if (t === 'yesterday' || t === 'last') return isoDay(reference.getTime() - DAY_MS);
  // "this weekend": its Saturday; a term, a sprint or a season is no one day (and chrono would only spend time on it).
  const weekend = /^(last|next|this|coming) weekend$/.exec(t);
  if (weekend) return isoDay(weekday(reference, 'saturday', weekend[1] === 'last' ? -1 : weekend[1] === 'this' ? 0 : 1));
  if (/^(?:early |late )?(?:last|next|this|coming|past) (?:quarter|term|semester|sprint|spring|summer|autumn|fall|winter)$/.test(t)) return null;
  if (t === 'tomorrow') return isoDay(reference.getTime() + DAY_MS);
  let match: RegExpExecArray | null = /^(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|couple|few)(?: of)? (day|week|month|year)s? ago$/.exec(t);
  if (match) return isoDay(shift(reference, match[2], -(NUMBERS[match[1]] ?? Number(match[1]))));
  match = /^(last|next|this|coming|past) (day|week|month|year)$/.exec(t);
  if (match) return isoDay(shift(reference, match[2], match[1] === 'last' || match[1] === 'past' ? -1 : match[1] === 'this' ? 0 : 1));
  match = /^(?:(last|next|this|coming) )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)$/.exec(t);
  if (match) return isoDay(weekday(reference, match[2], match[1] === 'last' ? -1 : match[1] === 'next' || match[1] === 'coming' ? 1 : 0));
  const parsed = chrono().parseDate(text, reference);
  return parsed ? isoDay(parsed.getTime()) : null;
}

const DAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
/** Weekdays as chats shorten them ("next tues", "Sat 9am"). */
const SHORT_DAY = 'mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun';
/** The days around today as chats spell them, and the word each stands for. */
const CHAT_DAY_WORDS = new Map(Object.entries({ tmrw: 'tomorrow', tmr: 'tomorrow', tmrow: 'tomorrow', tomoz: 'tomorrow', '2moro': 'tomorrow', '2mrw': 'tomorrow', tonite: 'tonight', '2nite': 'tonight', yday: 'yesterday', yest: 'yesterday', wknd: 'weekend', wkend: 'weekend' }));
const CHAT_DAYS = [...CHAT_DAY_WORDS.keys()].join('|');
const FULL_DAY = new Map(Object.entries({ mon: 'monday', tue: 'tuesday', tues: 'tuesday', wed: 'wednesday', weds: 'wednesday', thu: 'thursday', thur: 'thursday', thurs: 'thursday', fri: 'friday', sat: 'saturday', sun: 'sunday' }));

/** "tmrw" → "tomorrow", "next tues" → "next tuesday": chats' spellings as the words they stand for. */
function spelledOut(t: string): string {
  const at = t.lastIndexOf(' ') + 1;
  const full = CHAT_DAY_WORDS.get(t.slice(at)) ?? FULL_DAY.get(t.slice(at));
  return full ? t.slice(0, at) + full : t;
}
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const ORDINAL = '\\d{1,2}(?:st|nd|rd|th)';
const MONTH_SHORT = '(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)';
const PERIOD = 'morning|afternoon|arvo|evening|night|weekend|week|month|year|quarter|term|semester|sprint|spring|summer|autumn|fall|winter';

/**
 * Date phrases wink-nlp does not mark, longest first: "Wednesday the 12th", "the 21st of September", "the 17th",
 * "this weekend", "last night", "the week after next", "Q3", "half term", "Friday week", "every other Thursday",
 * "Tuesday nights". Matched case-insensitively on word boundaries.
 */
const DATE_PHRASES = new RegExp(
  [
    `\\b(?:the )?(?:first|second|third|fourth|last|middle) (?:week(?:end)?|${DAY}) (?:of|in) (?:${MONTH}|the month)\\b`,
    `\\b${DAY},? (?:the )?${ORDINAL}(?: of ${MONTH})?\\b`,
    `\\b(?:the )?${ORDINAL} of ${MONTH}\\b`,
    `\\bthe ${ORDINAL}\\b(?! (?:floor|century|birthday|anniversary|edition|place|time|round|row|grade|percentile|minute|min|mile|lap|hole|pick|seed|attempt|draft|version))`,
    `\\bthe (?:day after tomorrow|day before yesterday|week after next|week before last)\\b`,
    `\\b(?:early |late )?(?:this|last|next|coming) (?:${PERIOD})\\b`,
    // "the weekend", "the long weekend"; not "a weekend away", "Folk Weekend", "weekend camping".
    `\\bthe (?:long |bank holiday )?weekend\\b`,
    `\\bthe (?:end|start|beginning|middle) of (?:(?:the )?(?:week|month|year|quarter|term|sprint)|Q[1-4])\\b`,
    `\\b(?:every (?:other |second |third )?|alternate )${DAY}s?\\b`,
    `\\b${DAY}s?(?: (?:morning|afternoon|evening|night|lunchtime)s?)\\b`,
    `\\b${DAY} week\\b`,
    `\\b${DAY}s\\b`,
    // "Q3", "in Q1 2027": a quarter, and its year where one follows.
    `\\bQ[1-4](?: (?:19|20)\\d{2})?\\b`,
    `\\bhalf[- ]term\\b`,
    `\\b(?:the )?bank holiday\\b`,
    // What wink calls a time ("filing it tonight") or a duration ("until Monday", "since 2022", "from Friday to Monday").
    `\\b(?:tonight|today|tomorrow|yesterday)\\b`,
    `(?<=\\b(?:until|till|since|from|before|after|to) )(?:${DAY}|(?:19|20)\\d{2})\\b`,
    // "until 31 May", "since March 2026", "around 20 July": wink reads them as spans of time, or takes the month alone.
    `(?<=\\b(?:until|till|since|from|before|after|around|by) )(?:\\d{1,2}(?:st|nd|rd|th)? )?${MONTH}(?: \\d{1,2}(?:st|nd|rd|th)?)?(?:,? (?:19|20)\\d{2})?\\b`,
    // A range's two ends: "Monday to Friday", "March to May", "between March and May", "between 2019 and 2021".
    `\\b(?:${DAY}|${MONTH})(?= (?:to|until|till|through|and|-|–) (?:${DAY}|${MONTH})\\b)`,
    `(?<=\\b(?:${DAY}|${MONTH}) (?:to|until|till|through|and|-|–) )(?:${DAY}|${MONTH})\\b`,
    `(?<=\\bbetween )(?:19|20)\\d{2}(?= and (?:19|20)\\d{2}\\b)`,
    `(?<=\\bbetween (?:19|20)\\d{2} and )(?:19|20)\\d{2}\\b`,
    `\\b(?:mid|early|late)-?(?:19|20)\\d{2}\\b`,
    // "until mid-January": wink reads the month after "until" as a span of time.
    `\\b(?:mid|early|late)[- ](?:${MONTH})\\b`,
    // Days of one month as one date ("14–16 Jan", "20 to 23 May", "4.-8. September", "June 23 to 26"): its ends are
    // its aliases (dateRangeEnds).
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s?(?:-|–|to|and)\\s?\\d{1,2}(?:st|nd|rd|th)?\\.? (?:${MONTH}|${MONTH_SHORT})\\b(?:,? (?:19|20)\\d{2}\\b)?`,
    `\\b(?:${MONTH}|${MONTH_SHORT}) \\d{1,2}(?:st|nd|rd|th)?\\s?(?:-|–|to|and)\\s?\\d{1,2}(?:st|nd|rd|th)?\\b(?:,? (?:19|20)\\d{2}\\b)?`,
    // "from 29 May to 31 May": the range's second date (wink reads the whole as a duration, which is no date).
    `(?<=\\b\\d{1,2}(?:st|nd|rd|th)? (?:${MONTH}|${MONTH_SHORT}) (?:to|until|till|-|–) )\\d{1,2}(?:st|nd|rd|th)? (?:${MONTH}|${MONTH_SHORT})\\b(?:,? (?:19|20)\\d{2}\\b)?`,
    // "20 dec", "5 jan": a day and a month shortened in lower case, as chats write them; "18-Nov" as forms do.
    `\\b\\d{1,2}(?:st|nd|rd|th)?[ -]${MONTH_SHORT}\\b`,
    // A month named where a date is meant: "the March invoice", "Calendar for March", "that's May", "every June".
    `(?<=\\b(?:the|for|that's|during|through) )${MONTH}\\b`,
    `\\bevery (?:other )?${MONTH}\\b`,
    // A year someone's or something's ("my 2025 return", "Hart's 2019 review", "the cohort of 2024", "Vaswani et al.
    // 2017"), not a count of things ("our 2000 users", "of 2024 responses").
    `(?<=(?:\\b(?:my|our|their|his|her|your|its|of)|'s|\\bal\\.,?) )(?:19|20)\\d{2}\\b(?!\\s*%|\\s+(?!(?:has|was|is|as|its|this)\\b)[a-z]+s\\b)`,
  ].join('|'),
  'gi',
);
/**
 * Dates as chats and quick notes write them, looked for apart (few texts have any): "tmrw", "tonite", "next tues",
 * "on sat", "Sat 9am", "Sat 16 May", "on 4/12", "due 14/03/2027", and a year closing its phrase after "for" ("income for 2025.").
 */
const SHORT_DATE_PHRASES = new RegExp(
  [
    `\\b(?:${CHAT_DAYS})\\b`,
    `\\b(?:next|this|last|on|every|coming) (?:${SHORT_DAY})\\b`,
    `\\b(?:${SHORT_DAY})(?= \\d{1,2}(?::\\d\\d)? ?(?:am|pm)\\b)`,
    // "Sat 16 May", "Mon 1 June": a shortened weekday before its day of a month (wink marks the day and month alone).
    `\\b(?:${SHORT_DAY})\\.?,? \\d{1,2}(?:st|nd|rd|th)? (?:${MONTH}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\b`,
    `(?<=\\b(?:on|by|until|till|from|due|before|after|since) )\\d{1,2}\\/\\d{1,2}(?:\\/(?:\\d{4}|\\d{2}))?\\b(?!\\/)`,
    // "Tues 2/12 bloods at 8": a weekday before its day and month in figures; "2 Dec '26": a year shortened.
    `\\b(?:${SHORT_DAY}|${DAY})\\.?,? \\d{1,2}\\/\\d{1,2}(?:\\/(?:\\d{4}|\\d{2}))?\\b(?!\\/)`,
    `\\b\\d{1,2}(?:st|nd|rd|th)? (?:${MONTH}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec) '\\d{2}\\b`,
    `(?<=\\bfor )(?:19|20)\\d{2}(?=[.,;:!?)]|$)`,
    // Weekdays no English word spells ("lands Thurs at 6", "weds works", "fri!!"), and "sat" where it closes its phrase
    // ("dinner sat?", "Finsbury Park sat, meeting at 5"), not after someone who sat ("we sat down", "she sat.").
    `\\b(?:tues|weds|thurs|fri)\\b`,
    `(?<!\\b(?:i|he|she|we|they|you|it|who|that|and|just|then|had|has|have|was|were|never|always|cat|dog) )\\bsat(?=\\s*(?:[?!,;:)]|$)|\\s+(?:night|morning|afternoon|evening|arvo|then|instead|the \\d))`,
    `\\b(?:this|next|last) (?:wknd|wkend)\\b`,
    // "from 28.03", "by 10.03": a day and month written with a dot after a word that leads to a date; not a measure
    // ("by 10.03%", "by 10.03 points").
    `(?<=\\b(?:on|by|until|till|from|to|due|before|after) )(?:0[1-9]|[12]\\d|3[01])\\.(?:0[1-9]|1[0-2])(?:\\.(?:19|20)?\\d{2}\\b)?(?![\\d%]|\\s*(?:percent|points?|per)\\b)`,
    // "moved from 28/11 to 1/12": the range's second day.
    `(?<=\\bfrom \\d{1,2}\\/\\d{1,2} to )\\d{1,2}\\/\\d{1,2}\\b(?!\\/)`,
  ].join('|'),
  'gi',
);
const SHORT_DATE_HINT = /tmr|tomoz|2mo|2mrw|tonite|2nite|yday|yest\b|\d\/\d|\bfor (?:19|20)\d\d|\b(?:next|this|last|on|every|coming) (?:mon|tue|wed|thu|fri|sat|sun)|\b(?:mon|tues?|weds?|thu|thurs?|fri|sat|sun)\w*\.?,? \d|\d '\d\d|\bsince \d|\b(?:tues|weds|thurs|fri|sat)\b|wke?nd|\d\.[01]\d/i;

/** A word each of those phrases has: most texts have none, and this is cheaper to look for than all of them. */
const DATE_PHRASE_HINT = /\b(?:around|by) |\d(?:st|nd|rd|th)\b|day|weekend|(?:this|last|next|coming) |\bq[1-4]\b|half.term|holiday|(?:end|start|beginning|middle) of|\bin (?:two|three|four|five|six|a couple of|a few) |tonight|tomorrow|\b(?:until|till|since|from|before|after) |\b(?:first|second|third|fourth|middle) week|\bbetween |\b(?:mid|early|late)-?(?:19|20)\d\d|\b(?:mid|early|late)[- ][a-z]|\d-[a-z]|(?:uary|march|april|may|june|july|ust|ber) (?:to|until|till|through|and|-|–) |\d\.?\s?(?:-|–|to|and)\s?\d|\d (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:the|for|that's|during|through|every(?: other)?) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:my|our|their|his|her|your|its|of|'s|al\.,?) (?:19|20)\d\d/i;

/** Character ranges of the date phrases in a text that wink-nlp leaves unmarked. */
export function datePhrases(text: string): { start: number; end: number }[] {
  const others = [...foreignDatePhrases(text), ...(SHORT_DATE_HINT.test(text) ? ranges(text, SHORT_DATE_PHRASES) : [])];
  if (!DATE_PHRASE_HINT.test(text)) return others;
  // A month's name alone in lower case is a word ("may and june flowers", "you may and should"), not a date.
  const english = ranges(text, DATE_PHRASES).filter(range => !LOWER_MONTH.test(text.slice(range.start, range.end)));
  return others.length ? [...english, ...others].sort((a, b) => a.start - b.start) : english;
}

const ranges = (text: string, phrases: RegExp) => [...text.matchAll(phrases)].map(match => ({ start: match.index, end: match.index + match[0].length }));
const LOWER_MONTH = new RegExp(`^(?=[a-z])${MONTH}$`);

const DAYS_THEN_MONTH = /^(\d{1,2}(?:st|nd|rd|th)?\.?)\s?(?:-|–|to|and)\s?(\d{1,2}(?:st|nd|rd|th)?\.?) (\p{L}.*)$/iu;
const MONTH_THEN_DAYS = /^(\p{L}+) (\d{1,2}(?:st|nd|rd|th)?)\s?(?:-|–|to|and)\s?(\d{1,2}(?:st|nd|rd|th)?)(.*)$/iu;

/** The two ends of a range of days in one month ("20 to 23 May" → "20 May", "23 May"); none for any other date. */
export function dateRangeEnds(text: string): string[] {
  const days = DAYS_THEN_MONTH.exec(text);
  if (days) return [`${days[1]} ${days[3]}`, `${days[2]} ${days[3]}`];
  const month = MONTH_THEN_DAYS.exec(text);
  return month ? [`${month[1]} ${month[2]}${month[4]}`, `${month[1]} ${month[3]}${month[4]}`] : [];
}
