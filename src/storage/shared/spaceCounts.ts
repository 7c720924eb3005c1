import type { SearchFilter, SearchRepo } from '../ports.ts';

/** A space from this many memories is big: its counts are remembered for SPACE_COUNTS_TTL_MS. */
export const BIG_SPACE = 2_000;
const SPACE_COUNTS_TTL_MS = 60_000;

/** How a backend counts a space and the memories in it holding a word, up to `cap`. */
export interface SpaceCounting {
  countFiltered(filter: SearchFilter): Promise<number>;
  holding(word: string, filter: SearchFilter, cap: number): Promise<number>;
}

/**
 * Deep search's counts of a big space (its memories, and the memories holding each query word up to a share of them:
 * "common in the space"), remembered for a minute, on both backends. At 100k memories they took most of a deep
 * search: on PostgreSQL 26 ms for the space's count and up to 350 ms for a word in a third of it, each time. A
 * minute's new memories move a big space's shares little; a small space is counted again each time.
 */
export function rememberedSpaceCounts(counting: SpaceCounting): Pick<SearchRepo, 'countFiltered' | 'documentFrequencies'> {
  const counts = new Map<string, { n: number; at: number }>();
  const known = (key: string): number | undefined => {
    const found = counts.get(key);
    return found && Date.now() - found.at <= SPACE_COUNTS_TTL_MS ? found.n : undefined;
  };
  const remember = (key: string, n: number, big: boolean): number => {
    if (counts.size > 50_000) counts.clear();
    if (big) counts.set(key, { n, at: Date.now() });
    return n;
  };
  const spaceKey = (filter: SearchFilter) => `memories|${JSON.stringify(filter)}`;

  return {
    async countFiltered(filter) {
      const remembered = known(spaceKey(filter));
      if (remembered !== undefined) return remembered;
      const n = await counting.countFiltered(filter);
      return remember(spaceKey(filter), n, n >= BIG_SPACE);
    },

    async documentFrequencies(words, filter, cap) {
      const frequencies = new Map<string, number>();
      const scope = `${JSON.stringify(filter)}|${cap}|`;
      // A big space's: its count, asked first by "common in the space", was big and is remembered.
      const big = (known(spaceKey(filter)) ?? 0) >= BIG_SPACE;
      for (const word of new Set(words)) {
        const n = (big ? known(scope + word) : undefined) ?? remember(scope + word, await counting.holding(word, filter, cap), big);
        frequencies.set(word, n);
      }
      return frequencies;
    },
  };
}
