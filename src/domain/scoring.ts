/** Search scoring rules: lexical overlap, an absolute similarity for display, priors. Pure. */

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
