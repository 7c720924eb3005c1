/** Offline rules for checking a claim against a memory: word overlap, negation and numbers. No I/O. */

export type ClaimStance = 'supports' | 'may_contradict' | 'related';
export type ClaimVerdict = 'supported' | 'contradicted' | 'disputed' | 'unverified';

/** Share of the claim's content words a memory must hold to speak to it at all, and to support it. */
export const RELATED_COVERAGE = 0.3;
export const SUPPORT_COVERAGE = 0.5;

const NEGATION = /\b(not|no|never|none|nobody|nothing|neither|nor|cannot|without|stopped|no longer)\b|n't\b/i;

export const isNegated = (text: string) => NEGATION.test(text);

/** The numbers a text states (digits, with decimals), as written. */
export const numbersIn = (text: string) => new Set(text.match(/\d+(?:[.,]\d+)?/g) ?? []);

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The sentence (or clause before a `;`) of `text` that shares the most words with `claim`. */
export function closestSentence(claim: string, text: string): string {
  const wanted = wordsOf(claim);
  let best = text;
  let bestShared = -1;
  for (const sentence of text.split(/(?<=[.!?;])\s+|\n+/)) {
    const shared = [...wordsOf(sentence)].filter(w => wanted.has(w)).length;
    if (shared > bestShared) [best, bestShared] = [sentence, shared];
  }
  return best;
}

/**
 * How a memory holding `coverage` of the claim's content words stands to it: it may contradict the claim when exactly
 * one of them is negated, or when both state numbers and share none; it supports it when it holds most of the
 * claim's words; otherwise it is only related.
 */
export function judgeClaim(claim: string, memoryText: string, coverage: number): ClaimStance {
  if (coverage < RELATED_COVERAGE) return 'related';
  // Negation and numbers are read in the sentence that speaks to the claim, not anywhere in the memory.
  const sentence = closestSentence(claim, memoryText);
  if (isNegated(claim) !== isNegated(sentence)) return 'may_contradict';
  const stated = numbersIn(claim);
  const held = numbersIn(sentence);
  if (stated.size > 0 && held.size > 0 && ![...stated].some(n => held.has(n))) return 'may_contradict';
  return coverage >= SUPPORT_COVERAGE ? 'supports' : 'related';
}

/** One verdict from the stances of the memories found. */
export function claimVerdict(stances: ClaimStance[]): ClaimVerdict {
  const supports = stances.includes('supports');
  const contradicts = stances.includes('may_contradict');
  if (supports && contradicts) return 'disputed';
  if (supports) return 'supported';
  if (contradicts) return 'contradicted';
  return 'unverified';
}
