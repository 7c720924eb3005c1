/**
 * Word forms and typos: which terms of the search index a query word may mean beyond itself. Pure.
 * Index terms are whatever the backend indexes (SQLite: Porter stems, so `deployment` is `deploy` and `deployed` is
 * `deploi`); the rules only compare letters, so they hold for any stemmer.
 */

export interface FormRules {
  /** Least shared prefix, in letters. */
  minPrefix: number;
  /** Least share of the longer word the shared prefix must cover. */
  minShare: number;
}

function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Letters a word may add to another and still be a form of it (`deploy` + `ment`, `postgres` + `ql`). */
const MAX_SUFFIX = 4;

/**
 * True when a term is a form of the word: one begins the other and adds at most MAX_SUFFIX letters to a word of more
 * than `minPrefix` letters (`postgres` ↔ `postgresql`, `deploy` ↔ `deployment`), or the two differ only in their last
 * vowels over a shared prefix of `minShare` of the longer (`deploy` ↔ `deploi`, as Porter stems "deployed"); not
 * `post` ↔ `postgresql`, `data` ↔ `database`, `deploy` ↔ `deplor`.
 */
export function isWordForm(word: string, term: string, rules: FormRules): boolean {
  if (word === term) return false;
  const shared = sharedPrefix(word, term);
  if (shared < rules.minPrefix) return false;
  const shorter = Math.min(word.length, term.length);
  const longer = Math.max(word.length, term.length);
  if (shared === shorter && shorter > rules.minPrefix && longer - shorter <= MAX_SUFFIX) return true;
  const vowels = /^[aeiouy]{0,2}$/;
  return shared / longer >= rules.minShare && vowels.test(word.slice(shared)) && vowels.test(term.slice(shared));
}

/** Damerau–Levenshtein distance (adjacent transpositions count one), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Edits a word of this length may hold and still be the same word mistyped: none below 4 letters, 2 from 8. */
export function typoAllowance(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * True when an index term is the word mistyped, or the word is the term's word mistyped: the term is within the
 * allowance of the word, or of the word's first letters as long as the term (the index holds stems: `replicaton` vs
 * `replic`).
 */
export function isTypoOf(word: string, term: string): boolean {
  if (word === term || term.length < 4) return false;
  const allowed = typoAllowance(word.length);
  if (allowed === 0) return false;
  if (editDistance(word, term, allowed) <= allowed) return true;
  return term.length >= 0.6 * word.length && term.length < word.length && editDistance(word.slice(0, term.length), term, 1) <= 1;
}

/**
 * The index terms among `vocabulary` that are forms of `word`: its own stem (a term the word begins with, as
 * `deploy` begins `deployment`) and forms of either (`deploi`, the stem of `deployed`).
 */
export function formsOf(word: string, vocabulary: readonly string[], rules: FormRules): string[] {
  // A stem the word begins with (`replic` for `replication`) is the word's own stem: its forms are the word's too.
  const bases = [word, ...vocabulary.filter(t => t !== word && t.length > rules.minPrefix && t.length >= word.length / 2 && word.startsWith(t))];
  return vocabulary.filter(t => t !== word && bases.some(b => t === b || isWordForm(b, t, rules)));
}

/** The index terms among `vocabulary` that are `word` mistyped (or that it mistypes). */
export function typosOf(word: string, vocabulary: readonly string[]): string[] {
  return vocabulary.filter(t => isTypoOf(word, t));
}
