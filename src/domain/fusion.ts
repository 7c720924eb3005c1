/** Fusing ranked lists that were scored on different scales into one list. Pure, no I/O. */

export interface Fused<T> {
  item: T;
  /** Σ 1 / (k + place) over the lists holding the item, place counted from 1. */
  score: number;
}

/**
 * Reciprocal-rank fusion: each item scores 1 / (k + its place, k from the profile) in every list that holds it (items are the same when
 * `keyOf` says so), best first. Only places count, never the lists' own scores, so lists scored on different scales
 * (memory similarity, BM25 message scores) mix fairly. Equal scores keep the order of `tieBreak`, else of first
 * appearance.
 */
export function reciprocalRankFusion<T>(lists: readonly (readonly T[])[], keyOf: (item: T) => string, k: number, tieBreak?: (a: T, b: T) => number): Fused<T>[] {
  const byKey = new Map<string, Fused<T> & { first: number }>();
  let seen = 0;
  for (const list of lists) {
    list.forEach((item, index) => {
      const key = keyOf(item);
      const entry = byKey.get(key) ?? byKey.set(key, { item, score: 0, first: seen++ }).get(key)!;
      entry.score += 1 / (k + index + 1);
    });
  }
  return [...byKey.values()]
    .sort((a, b) => b.score - a.score || (tieBreak?.(a.item, b.item) ?? 0) || a.first - b.first)
    .map(({ item, score }) => ({ item, score }));
}
