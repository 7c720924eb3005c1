import { bm25Idf, weightedCoverage } from '../../domain/scoring.ts';
import type { LongMemoryRules } from '../../domain/searchProfile.ts';
import { type QueryTier, stem, termsFor } from '../../domain/text.ts';
import type { Deps } from '../deps.ts';

/** Each query term's rarity in the store, as bm25 weighs it (bm25Idf). */
async function rarities(deps: Pick<Deps, 'store'>, tier: QueryTier): Promise<Map<string, number>> {
  const { documents, frequency } = await deps.store.search.termStats(tier.words);
  const idf = new Map<string, number>();
  for (const word of tier.words) {
    const held = frequency.get(word) ?? 0;
    const term = stem(word);
    idf.set(term, Math.max(idf.get(term) ?? 0, bm25Idf(documents, held)));
  }
  return idf;
}

/** The pairs of terms side by side in a list of terms, as "a b". */
const adjacent = (terms: readonly string[]) => terms.slice(1).map((term, i) => `${terms[i]} ${term}`);

/**
 * The long-memory rule of a profile (domain/searchProfile.ts `LongMemoryRules`) for one query: the bonus of a memory,
 * given its content's terms in order, for the query's word pairs it holds side by side; 0 for a memory under
 * `rules.words` content words.
 */
export async function longMemoryScorer(deps: Pick<Deps, 'store'>, tier: QueryTier, rules: LongMemoryRules) {
  const idf = await rarities(deps, tier);
  // The query's pairs as its content terms run ("High levels of copeptin" → "high level", "level copeptin").
  const queryTerms = termsFor(tier.kind, tier.words.join(' '));
  const pairs = adjacent(queryTerms);
  if (!pairs.length) return () => 0;
  const pairRarity = (pair: string) => pair.split(' ').reduce((sum, term) => sum + (idf.get(term) ?? 0), 0);
  return (terms: readonly string[]): number => {
    if (terms.length < rules.words) return 0;
    return rules.adjacentPairs * weightedCoverage(pairs, adjacent(terms), pairRarity);
  };
}
