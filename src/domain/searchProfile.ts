/**
 * Ranking as data: every weight and rule memory search applies, by profile. `fast` and `deep` are the two modes;
 * `conversation` is deep mode's profile for memories that are conversation turns (domain/conversation.ts): the
 * transcript rules (speaker, neighbouring turns, the answer after a question) live only there and in fast's speaker
 * rule, and apply to turns only. Every figure was measured on LoCoMo and the ordinary-notes set (bench/).
 */

/** Rules that hold only for conversation turns. */
export interface TurnRules {
  /** A turn whose speaker the query names gains this share (questions about a person are mostly answered by them). */
  speakerBoost: number;
  /**
   * Context from the turns around a strong hit, by explicit conversation position (never creation time): up to
   * `radius` turns each side inherit `weight` × the hit's score, `decay` less each step; the turn right after a hit
   * that asks something inherits `answerBoost` more. Whatever a turn inherits stays below `cap` × the hit's own
   * score: a neighbour never outranks the direct match it leans on. `seeds`: how many best hits pass context on.
   */
  neighbours: { weight: number; seeds: number; radius: number; decay: number; answerBoost: number; cap: number } | null;
}

export interface SearchProfile {
  name: 'fast' | 'deep' | 'conversation';
  /** Candidates taken from each ranking (full text, vectors) before fusion. */
  pool: number;
  /** Least rescaled similarity for a vector-only match to count. */
  minSemantic: number;
  /** Share of the full-text score in the fused score when vectors are on. */
  lexicalWeight: number;
  /**
   * With vectors on, the full-text share follows how much of the query the full text found (the best full-text hit's
   * term coverage c): `lexicalWeight` from c ≥ `fullFrom`, falling as (c / fullFrom)^`power` toward
   * `lexicalWhenWeak` at c = 0, so a paraphrase leans on the vectors and a strong vector-only match reaches the top.
   * Measured with use-lite: notes paraphrases recall@10 0.27 → 0.53 (vectors alone: 0.61); LoCoMo within 0.01.
   */
  fusion: { lexicalWhenWeak: number; fullFrom: number; power: number };
  /** Weight of the share of query terms a memory holds, added to the fused score. */
  coverageWeight: number;
  /**
   * Matching beyond the exact words, when they find fewer than `formsBelow` memories: index terms sharing a prefix
   * with a query word (`postgres` ↔ `postgresql`, `deploy` ↔ `deployment`) when the shared part is at least
   * `minPrefix` letters and `minShare` of the longer; then, below `typosBelow`, typo-near terms (edit distance). A
   * form counts `rankWeight` of the word in full-text ranking, and `weight` of it in term coverage. Searched always,
   * forms cost LoCoMo 0.04 of deep recall@10 (chat words have many forms) and doubled fast's latency.
   */
  wordForms: { minPrefix: number; minShare: number; formsBelow: number; typosBelow: number; weight: number; rankWeight: number };
  /**
   * A thesaurus bridge (synonyms and broader words, WordNet) for queries whose best full-text hit holds less than
   * `below` of the query's words: their hits count `weight` of a query word's. Measured: docs recall@10 +0.066,
   * notes +0.018, LoCoMo within 0.003 (its questions mostly match well and never reach it).
   */
  thesaurus: { below: number; weight: number } | null;
  /** Query words held by more than `share` of the space (a name in a chat) are not searched, in spaces of `minMemories`+. */
  commonInSpace: { share: number; minMemories: number } | null;
  /** In a big corpus (`fromMemories`+), words held by more than `share` of all memories are left out while `minHits` remain. */
  pruning: { fromMemories: number; share: number; minHits: number };
  /**
   * The one date signal: a memory dated (event_start, else created_at) within a period the query names, or up to
   * `lagDays` after it (things are told later), gains `bonus`. 1 measured best on LoCoMo (0.3: deep recall@1 −0.011)
   * and is neutral on the notes set.
   */
  dates: { bonus: number; lagDays: number } | null;
  /** For a question asking when, a memory that places something in time gains this share. */
  whenBoost: number;
  /**
   * Entities the query names (knowledge graph, by name or alias): at most `weight` added, `memoriesPerEntity` brought
   * in per entity; a one-word entity counts only from `minSingleWordConfidence` (typed from a lexicon, not a
   * capitalised ordinary word such as "Data").
   */
  entities: { weight: number; memoriesPerEntity: number; minSingleWordConfidence: number } | null;
  /** Small multiplicative priors from importance and recency. */
  priors: boolean;
  /** Transcript rules: null where none apply. */
  turns: TurnRules | null;
}

export const FAST_PROFILE: SearchProfile = {
  name: 'fast',
  pool: 100,
  minSemantic: 0.15,
  lexicalWeight: 0.7,
  fusion: { lexicalWhenWeak: 0.1, fullFrom: 0.5, power: 2 },
  coverageWeight: 0.1,
  wordForms: { minPrefix: 4, minShare: 0.7, formsBelow: 5, typosBelow: 3, weight: 0.8, rankWeight: 0.5 },
  thesaurus: { below: 0.7, weight: 0.3 },
  commonInSpace: null,
  pruning: { fromMemories: 5_000, share: 0.05, minHits: 20 },
  dates: null,
  whenBoost: 0.5,
  entities: null,
  priors: false,
  turns: { speakerBoost: 0.5, neighbours: null },
};

export const DEEP_PROFILE: SearchProfile = {
  ...FAST_PROFILE,
  name: 'deep',
  commonInSpace: { share: 0.35, minMemories: 20 },
  dates: { bonus: 1, lagDays: 14 },
  entities: { weight: 0.2, memoriesPerEntity: 30, minSingleWordConfidence: 0.7 },
  priors: true,
  turns: null,
};

export const CONVERSATION_PROFILE: SearchProfile = {
  ...DEEP_PROFILE,
  name: 'conversation',
  // Turns keep the fixed share: chat lines are short and their vectors weak (use-lite, LoCoMo deep recall@10 −0.009
  // when turns leaned on them too).
  fusion: { lexicalWhenWeak: FAST_PROFILE.lexicalWeight, fullFrom: 1, power: 1 },
  turns: { speakerBoost: 0.5, neighbours: { weight: 0.7, seeds: 50, radius: 2, decay: 0.6, answerBoost: 0.5, cap: 0.95 } },
};

export const SEARCH_PROFILES = { fast: FAST_PROFILE, deep: DEEP_PROFILE, conversation: CONVERSATION_PROFILE } as const;

/** The profile ranking one memory: fast for fast mode; in deep mode, the conversation profile for turns. */
export function profileFor(mode: 'fast' | 'deep', isTurn: boolean): SearchProfile {
  if (mode === 'fast') return FAST_PROFILE;
  return isTurn ? CONVERSATION_PROFILE : DEEP_PROFILE;
}
