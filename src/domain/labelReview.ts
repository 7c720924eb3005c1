/**
 * Rules that propose, for a pair of labels, whether to merge them or keep them apart, and say why
 * (consolidation preview, contract §9, when no language model is configured). Pure; names are compared in
 * canonical form (domain/label.ts).
 */

export type ReviewAction = 'merge' | 'keep_separate';
export type ReviewRule =
  | 'different_numbers'
  | 'acronym'
  | 'plural'
  | 'abbreviation'
  | 'narrower'
  | 'spelling'
  | 'co_usage'
  | 'near_identical'
  | 'no_rule';

export interface ReviewSide {
  name: string;
  canonical_name: string;
  usage_count: number;
}

export interface ReviewEvidence {
  similarity: number;
  /** Memories carrying both labels. */
  both: number;
}

export interface Review {
  action: ReviewAction;
  rule: ReviewRule;
  reason: string;
}

const STOP_WORDS = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'to', 'a', 'an', '&']);
/** Words ending in s that are not plurals (or whose singular would read as another word). */
const NOT_PLURAL = new Set([
  'news', 'series', 'species', 'physics', 'mathematics', 'economics', 'politics', 'analytics', 'ethics', 'logistics',
  'statistics', 'linguistics', 'robotics', 'graphics', 'diabetes', 'kubernetes', 'windows', 'ios', 'macos', 'aws', 'status',
  'campus', 'virus', 'corpus', 'bonus', 'focus', 'census', 'thesis', 'analysis', 'basis', 'crisis', 'this', 'gas', 'bus', 'plus',
]);

/** Near-identical similarity: merged even when no specific rule names the difference. */
const NEAR_IDENTICAL = 0.95;

const tokens = (canonical: string) => canonical.split(' ').filter(Boolean);
const compact = (canonical: string) => canonical.replace(/ /g, '');
const numbersIn = (canonical: string) => (canonical.match(/\d+/g) ?? []).join(',');

/** Initials of a multi-word name: all words, and without stop words ("quality of service" → qos, qs). */
function initialsOf(canonical: string): string[] {
  const words = tokens(canonical);
  if (words.length < 2) return [];
  const all = words.map(w => w[0]).join('');
  const content = words.filter(w => !STOP_WORDS.has(w)).map(w => w[0]).join('');
  return content.length >= 2 && content !== all ? [all, content] : [all];
}

/** True when `short` (e.g. "ML", "M.L.") is the acronym of `long` (e.g. "machine learning"). */
export function isAcronym(short: string, long: string): boolean {
  const letters = compact(short);
  return letters.length >= 2 && !/\d/.test(letters) && initialsOf(long).includes(letters);
}

/** A light English singular of one word; short words and known non-plurals stay as they are. */
export function singularOf(word: string): string {
  if (word.length <= 3 || NOT_PLURAL.has(word) || !word.endsWith('s')) return word;
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.slice(0, -1);
}

/** The canonical name with its last word made singular: equal keys mean a singular/plural pair. */
function singularKey(canonical: string): string {
  const words = tokens(canonical);
  if (words.length === 0) return canonical;
  words[words.length - 1] = singularOf(words[words.length - 1]);
  return words.join(' ');
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Typos allowed between two names of this length: none below 5 characters, 1 up to 8, then 2. */
function allowedTypos(length: number): number {
  return length < 5 ? 0 : length < 9 ? 1 : 2;
}

/** One word that starts another, much longer one ("dev" / "development"). */
function isPrefixAbbreviation(short: string, long: string): boolean {
  return !short.includes(' ') && !long.includes(' ') && short.length >= 3 && long.length - short.length >= 3 && long.startsWith(short);
}

const q = (side: ReviewSide) => `"${side.name}"`;

/** The proposed action for a pair, from the first rule that applies (in the order documented in docs/api.md). */
export function reviewPair(a: ReviewSide, b: ReviewSide, evidence: ReviewEvidence): Review {
  const [ca, cb] = [a.canonical_name, b.canonical_name];
  if (numbersIn(ca) !== numbersIn(cb)) {
    return { action: 'keep_separate', rule: 'different_numbers', reason: `${q(a)} and ${q(b)} differ in a number (a version, year or count)` };
  }
  for (const [short, long] of [[a, b], [b, a]]) {
    if (isAcronym(short.canonical_name, long.canonical_name)) {
      return { action: 'merge', rule: 'acronym', reason: `${q(short)} is the acronym of ${q(long)}` };
    }
  }
  if (singularKey(ca) === singularKey(cb)) {
    return { action: 'merge', rule: 'plural', reason: `${q(a)} and ${q(b)} are the singular and plural of one name` };
  }
  for (const [short, long] of [[a, b], [b, a]]) {
    if (isPrefixAbbreviation(short.canonical_name, long.canonical_name)) {
      return { action: 'merge', rule: 'abbreviation', reason: `${q(short)} looks like an abbreviation of ${q(long)}` };
    }
  }
  const [small, large] = a.usage_count <= b.usage_count ? [a, b] : [b, a];
  const either = a.usage_count + b.usage_count - evidence.both;
  if (small.usage_count >= 2 && evidence.both === small.usage_count && evidence.both * 2 < either) {
    return {
      action: 'keep_separate',
      rule: 'narrower',
      reason: `every memory labelled ${q(small)} is also labelled ${q(large)}, which is used more widely: a narrower topic`,
    };
  }
  const distance = editDistance(ca, cb);
  if (distance > 0 && distance <= allowedTypos(Math.max(ca.length, cb.length))) {
    return { action: 'merge', rule: 'spelling', reason: `${q(a)} and ${q(b)} differ by ${distance} character${distance > 1 ? 's' : ''}: a spelling variant` };
  }
  if (evidence.both >= 2 && evidence.both * 2 >= either) {
    return { action: 'merge', rule: 'co_usage', reason: `used together on ${evidence.both} of the ${either} memories carrying either` };
  }
  if (evidence.similarity >= NEAR_IDENTICAL) {
    return { action: 'merge', rule: 'near_identical', reason: `near-identical (similarity ${evidence.similarity})` };
  }
  return {
    action: 'keep_separate',
    rule: 'no_rule',
    reason: `similar (${evidence.similarity}), but no rule recognises them as one label; review by hand`,
  };
}

/** Index keys under which rule pairs meet: labels sharing a key are reviewed even when their vectors are far apart. */
export function ruleKeys(canonical: string): string[] {
  const keys = [`plural:${singularKey(canonical)}`];
  for (const initials of initialsOf(canonical)) keys.push(`acronym:${initials}`);
  const letters = compact(canonical);
  if (tokens(canonical).length === 1 || tokens(canonical).every(t => t.length === 1)) {
    if (letters.length >= 2 && letters.length <= 8 && !/\d/.test(letters)) keys.push(`acronym:${letters}`);
  }
  return keys;
}
