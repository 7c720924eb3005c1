import { weightedCoverage } from '../../domain/scoring.ts';
import type { LongMemoryRules } from '../../domain/searchProfile.ts';
import { type QueryTier, stem, termsFor } from '../../domain/text.ts';
import type { Deps } from '../deps.ts';

/** Each query term's rarity in the store, as bm25 weighs it: ln(1 + (N − n + 0.5) / (n + 0.5)). */
async function rarities(deps: Pick<Deps, 'store'>, tier: QueryTier): Promise<Map<string, number>> {
  const { documents, frequency } = await deps.store.search.termStats(tier.words);
  const idf = new Map<string, number>();
  for (const word of tier.words) {
    const held = frequency.get(word) ?? 0;
    const term = stem(word);
    idf.set(term, Math.max(idf.get(term) ?? 0, Math.log(1 + (documents - held + 0.5) / (held + 0.5))));
  }
  return idf;
}

/** The pairs of terms side by side in a list of terms, as "a b". */
const adjacent = (terms: readonly string[]) => terms.slice(1).map((term, i) => `${terms[i]} ${term}`);

/**
 * Büttcher, Clarke and Lushman's term proximity score ("Term proximity scoring for ad-hoc retrieval on very large text
 * collections", SIGIR 2006), over a memory's terms in order: each time two different query terms occur one after the
 * other d terms apart, each accumulates the other's idf / d²; a term's accumulator is saturated as bm25 saturates a
 * count (k1, b, against the length `averageLength`), weighed by min(1, idf). Returned as a share of its most (every
 * accumulator saturated), so that it adds like the other rules of a profile.
 */
function proximityShare(terms: readonly string[], idf: Map<string, number>, rules: NonNullable<LongMemoryRules['proximity']>, averageLength: number): number {
  const accumulated = new Map<string, number>();
  let last: string | undefined;
  let lastAt = 0;
  terms.forEach((term, at) => {
    const rarity = idf.get(term);
    if (rarity === undefined) return;
    if (last !== undefined && last !== term) {
      const distance = at - lastAt;
      accumulated.set(term, (accumulated.get(term) ?? 0) + idf.get(last)! / distance ** 2);
      accumulated.set(last, (accumulated.get(last) ?? 0) + rarity / distance ** 2);
    }
    last = term;
    lastAt = at;
  });
  const { k1, b } = rules;
  const lengthNorm = k1 * (1 - b + (b * terms.length) / Math.max(1, averageLength));
  let score = 0;
  let most = 0;
  for (const [term, rarity] of idf) {
    const weight = Math.min(1, rarity) * (k1 + 1);
    most += weight;
    const acc = accumulated.get(term) ?? 0;
    score += (weight * acc) / (acc + lengthNorm);
  }
  return most > 0 ? score / most : 0;
}

/** A long memory's terms as the rules read them: its content's, the first `titleTerms` of them its title line's. */
export interface LongText {
  terms: readonly string[];
  /** How many of `terms` are the content's first line, where that line is a title (0 where it is not). */
  titleTerms: number;
}

/**
 * The long-memory rules of a profile (domain/searchProfile.ts `LongMemoryRules`) for one query: the bonus of a memory,
 * given its content's terms in order, for the query's word pairs it holds side by side, and, where the profile has
 * them, the proximity of the query's terms and the query's words in its title line; 0 for a memory under
 * `rules.words` content words. `averageLength`: the long candidates' mean length in terms (proximity's length norm).
 */
export async function longMemoryScorer(deps: Pick<Deps, 'store'>, tier: QueryTier, rules: LongMemoryRules, averageLength: number) {
  const idf = await rarities(deps, tier);
  // The query's pairs as its content terms run ("High levels of copeptin" → "high level", "level copeptin").
  const queryTerms = termsFor(tier.kind, tier.words.join(' '));
  const pairs = adjacent(queryTerms);
  const pairRarity = (pair: string) => pair.split(' ').reduce((sum, term) => sum + (idf.get(term) ?? 0), 0);
  const rarity = (term: string) => idf.get(term) ?? 0;
  return ({ terms, titleTerms }: LongText): number => {
    if (terms.length < rules.words) return 0;
    let bonus = pairs.length ? rules.adjacentPairs * weightedCoverage(pairs, adjacent(terms), pairRarity) : 0;
    if (rules.proximity && idf.size > 1) bonus += rules.proximity.weight * proximityShare(terms, idf, rules.proximity, averageLength);
    if (rules.titleLine && titleTerms > 0) bonus += rules.titleLine * weightedCoverage(queryTerms, terms.slice(0, titleTerms), rarity);
    return bonus;
  };
}

/** How many terms a content's first line holds where it is a title (short, with more text after it); else 0. */
export function titleLineTerms(kind: QueryTier['kind'], content: string, rules: LongMemoryRules): number {
  if (!rules.titleLine) return 0;
  const end = content.indexOf('\n');
  if (end < 0) return 0;
  const count = termsFor(kind, content.slice(0, end)).length;
  return count <= (rules.titleWords ?? 0) ? count : 0;
}
