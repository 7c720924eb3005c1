/**
 * Dates as people and exporters write them in transcripts ("1:56 pm on 8 May, 2023", "2023/05/20 (Sat) 02:21",
 * "May 8th, 2023 at 3pm", "2023-05-08T13:56:00Z"), read as UTC: a transcript rarely says its time zone, and reading it
 * the same on every machine matters more than guessing one. Pure.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The month a word names (`May`, `sept`, `December`), 0-based, or -1. */
function monthOf(word: string): number {
  const lower = word.toLowerCase();
  if (lower.length < 3) return -1;
  const index = MONTHS.indexOf(lower.slice(0, 3));
  if (index < 0) return -1;
  const full = new Date(Date.UTC(2000, index, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' }).toLowerCase();
  return full.startsWith(lower) || (lower === 'sept' && index === 8) ? index : -1;
}

/** `h:mm[:ss] [am|pm]` or `3pm` anywhere in the text, as hours and minutes; midnight when absent. */
function timeOf(text: string): { hours: number; minutes: number; seconds: number } {
  const clock = /\b(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])?\.?m?\b/i.exec(text) ?? /\b(\d{1,2})()()\s*([ap])\.?m\b/i.exec(text);
  if (!clock) return { hours: 0, minutes: 0, seconds: 0 };
  let hours = Number(clock[1]);
  const half = clock[4]?.toLowerCase();
  if (half) hours = (hours % 12) + (half === 'p' ? 12 : 0);
  return { hours, minutes: Number(clock[2] || 0), seconds: Number(clock[3] || 0) };
}

function build(year: number, month: number, day: number, text: string): string | null {
  const { hours, minutes, seconds } = timeOf(text);
  if (month < 0 || month > 11 || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(Date.UTC(year, month, day, hours, minutes, seconds));
  return date.getUTCDate() === day ? date.toISOString() : null; // 31 April is not a day
}

/** An ISO timestamp for a date written in any of the common ways, or null when the text holds no date. */
export function parseLooseDate(input: string): string | null {
  const text = input.trim().slice(0, 200);
  if (!text) return null;
  // ISO with a zone: the platform reads it exactly.
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const time = Date.parse(text);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  // 2023-05-08, 2023/05/20 (Sat) 02:21, 2023.05.08 13:56
  const numeric = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(text);
  if (numeric) return build(Number(numeric[1]), Number(numeric[2]) - 1, Number(numeric[3]), text.slice(numeric.index + numeric[0].length));
  const year = /\b(1[89]\d{2}|2\d{3})\b/.exec(text);
  if (!year) return null;
  const rest = text.replace(year[0], ' ');
  // 8 May 2023, 8th of May, 2023
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,9})\b/.exec(rest);
  if (dayFirst && monthOf(dayFirst[2]!) >= 0) return build(Number(year[1]), monthOf(dayFirst[2]!), Number(dayFirst[1]), rest.replace(dayFirst[0], ' '));
  // May 8, 2023 / May 8th 2023
  const monthFirst = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/.exec(rest);
  if (monthFirst && monthOf(monthFirst[1]!) >= 0) return build(Number(year[1]), monthOf(monthFirst[1]!), Number(monthFirst[2]), rest.replace(monthFirst[0], ' '));
  return null;
}
