/**
 * Ranking as data (after Graphiti's search-config recipes): every number that ranks a search result lives in a plain
 * profile object here, and search services and storage backends take the numbers from the profile they are given,
 * never their own. Named recipes: `fast` and `deep` are the two memory-search modes; `conversation` is deep mode's
 * profile for memories that are conversation turns (domain/conversation.ts): the transcript rules (speaker,
 * neighbouring turns, the answer after a question) live only there and in fast's speaker rule, and apply to turns
 * only; `thread` ranks saved conversations' messages; `unified` merges memories and messages into one list.
 * Unless a comment says otherwise, a figure was measured on LoCoMo and the ordinary-notes set (bench/).
 */

/** Rules that hold only for conversation turns. */
export interface TurnRules {
  /** A turn whose speaker the query names gains this share (questions about a person are mostly answered by them). */
  speakerBoost: number;
  /**
   * Where the query names several speakers, a turn by one named after the first (the question's subject: "What did Jon
   * say about Gina's store?") gains only this share of `speakerBoost`.
   */
  otherSpeakerShare: number;
  /**
   * Context from the turns around a strong hit, by explicit conversation position (never creation time): up to
   * `radius` turns each side inherit `weight` × the hit's score, `decay` less each step; the turn right after a hit
   * that asks something inherits `answerBoost` more. Whatever a turn inherits stays below `cap` × the hit's own
   * score: a neighbour never outranks the direct match it leans on. `seeds`: how many best hits pass context on.
   */
  neighbours: { weight: number; seeds: number; radius: number; decay: number; answerBoost: number; cap: number } | null;
}

/**
 * Full-text field weights: how much a word in the title counts against one in the content. Where the title is the
 * content's own first line (derived when none was given) it is not weighted again: it repeats the content, and
 * weighting it twice would favour short memories, which are all title.
 */
export interface FieldWeights {
  title: number;
  content: number;
}

/** Small multiplicative priors: importance 0..1 scales by `importanceFloor` + `importanceSpan` × importance; a memory of the last `recencyDays` gains up to `recencyBoost`, fading exponentially. */
export interface Priors {
  importanceFloor: number;
  importanceSpan: number;
  recencyBoost: number;
  recencyDays: number;
}

/**
 * The similarity a result shows (0..1, comparable across queries, not its rank): the lexical part is
 * `coverageShare` × term coverage + the rest × Dice overlap (high only when the memory says little beyond the query);
 * with vectors, `semanticShare` of it is the rescaled cosine. ≥ 0.9 only when a memory says nearly what the query
 * says: capture clients skip saving a memory whose best match scores ≥ 0.9, so these shares are an interface, not
 * tuned for recall.
 */
export interface DisplaySimilarity {
  coverageShare: number;
  semanticShare: number;
}

/**
 * The thesaurus bridge on long memories (abstracts, papers, long documents: `words` content words or more). The bridge
 * is one full-text ranking of every word related to the query's (30–60 of them for a long query, many broad:
 * `change`, `improve`, `movement`), and bm25 adds up over the words a memory holds: a long memory holds many of
 * them by chance, so its bridge score grows with its length, which bm25's per-word length normalisation does not
 * undo. So there: (1) a query whose best long full-text hit already holds `matchedWords` of its words is a real
 * match, not a paraphrase, and is not bridged (a long query holds many words, so its best hit's share stays under
 * `below` even when it matches well); (2) a bridged word counts `weight` instead of the bridge's weight.
 */
export interface LongMemoryBridge {
  words: number;
  matchedWords: number;
  weight: number;
}

/**
 * A ranking rule for long memories (a paper: its title line, then the abstract; `words` content words or more), where
 * bm25 alone is weakest: it adds up a word wherever it falls among 200, so an abstract that mentions the query's words
 * apart ties with the one that says them together. A long memory gains `adjacentPairs` × the share of the query's
 * adjacent word pairs ("cervical cancer", "copeptin levels"; stop words aside) it holds side by side, each pair
 * weighed by its words' rarity (bm25's idf). It adds to the score; it never chooses the candidates.
 */
export interface LongMemoryRules {
  words: number;
  adjacentPairs: number;
  /**
   * Pseudo-relevance feedback (services/search/feedback.ts): a query of `minQueryWords` content words or more whose
   * first `documents` full-text hits are all long also searches the `words` words most characteristic of those hits
   * (their share of each hit's words, summed, times their rarity), counted `weight` of a query word; the hits stay as
   * many as the profile's pool. Null for none.
   */
  feedback: { documents: number; words: number; weight: number; minQueryWords: number } | null;
}

export interface SearchProfile {
  name: string;
  /** Title against content in full-text ranking (bm25's field weights, on both backends). */
  fields: FieldWeights;
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
   * notes +0.018, LoCoMo within 0.003 (its questions mostly match well and never reach it), MemoryBank chats +0.050;
   * NFCorpus abstracts −0.009 (one query of 119). Weight 0.2 instead: NFCorpus +0.017 but chats −0.010 and notes
   * deep −0.004, so 0.3 stays; bridging only the words the best hit lacks, or scaling the bridge's best hit to the
   * exact words' best, lost on docs (−0.011, −0.044). Long memories have their own rules (`longMemories`); leaving
   * out bridge words held by more than 2–10 % of memories, or not bridging queries of 6+ words, lost docs and chats.
   */
  thesaurus: { below: number; weight: number; longMemories: LongMemoryBridge | null } | null;
  /** The long-memory rule (adjacent pairs); null for none. */
  longMemories: LongMemoryRules | null;
  /**
   * Query words held by more than `share` of the space (a name in a chat) are not searched, in spaces of `minMemories`+.
   * LoCoMo deep recall@10 0.826 → 0.841 with it (0.818 → 0.848 on conv-26/30, 0.830 → 0.837 on conv-41/42/43);
   * neutral on notes, docs and NFCorpus; MemoryBank chats −0.010 (one question). Letting those words rank the
   * candidates they did not choose (as pruning does) lost LoCoMo 0.008, so they stay out.
   */
  commonInSpace: { share: number; minMemories: number } | null;
  /**
   * In a big corpus (`fromMemories`+), words held by more than `share` of all memories do not choose the candidates
   * while the rarer words find `minHits`; every word still ranks them. For latency only (10k memories: lexical p50
   * 7 → 3 ms): leaving those words out of the ranking too cost NFCorpus abstracts in three spaces (7,200 memories)
   * fast and deep recall@10 0.739 → 0.689.
   */
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
   * capitalised ordinary word such as "Data"). Neutral on every benchmark set (LoCoMo, notes, docs, chats, NFCorpus:
   * equal recall@10 without it).
   */
  entities: { weight: number; memoriesPerEntity: number; minSingleWordConfidence: number } | null;
  /** Small multiplicative priors from importance and recency; null for none. */
  priors: Priors | null;
  /** How the shown similarity is made (not the rank). */
  similarity: DisplaySimilarity;
  /** Transcript rules: null where none apply. */
  turns: TurnRules | null;
  /** The profile ranking memories that are conversation turns, where it differs from this one. */
  forTurns?: SearchProfile;
}

export const FAST_PROFILE: SearchProfile = {
  name: 'fast',
  // A title word counts double a content word: a title names what a note is about.
  fields: { title: 2, content: 1 },
  pool: 100,
  minSemantic: 0.15,
  lexicalWeight: 0.7,
  fusion: { lexicalWhenWeak: 0.1, fullFrom: 0.5, power: 2 },
  coverageWeight: 0.1,
  wordForms: { minPrefix: 4, minShare: 0.7, formsBelow: 5, typosBelow: 3, weight: 0.8, rankWeight: 0.5 },
  // Long memories (issue 26, docs/benchmarks.md "Long documents"): NFCorpus abstracts recall@10 0.739 → 0.748, Cranfield
  // 0.645 → 0.667; notes −1 question of 220 (the weight), docs and chats equal (their questions never reach the rule).
  thesaurus: { below: 0.7, weight: 0.3, longMemories: { words: 60, matchedWords: 3, weight: 0.2 } },
  // Issue 26, docs/benchmarks.md "Long abstracts: SciFact": adjacent pairs 0.2 took fast recall@10 on SciFact 0.840 →
  // 0.847 (each half +1 question or 2), NFCorpus 0.748 → 0.756, Cranfield 0.667 → 0.678, notes 0.623 → 0.627, docs
  // equal. 60 words: where the thesaurus bridge's long-memory rule starts too.
  // Feedback (docs/benchmarks.md "Long documents: feedback from the best hits"): recall@10 fast SciFact 0.847 → 0.853,
  // NFCorpus 0.756 → 0.773, Cranfield 0.678 → 0.683, docs equal, no half of any set lower; weight 0.1 lost a half of
  // Cranfield and of NFCorpus. Notes, LoCoMo and chats never reach it (their best hits are short).
  longMemories: { words: 60, adjacentPairs: 0.2, feedback: { documents: 3, words: 10, weight: 0.05, minQueryWords: 4 } },
  commonInSpace: null,
  pruning: { fromMemories: 5_000, share: 0.05, minHits: 20 },
  dates: null,
  // LoCoMo deep recall@10 without it 0.837 (0.25: 0.839); neutral elsewhere.
  whenBoost: 0.5,
  entities: null,
  priors: null,
  similarity: { coverageShare: 0.5, semanticShare: 0.5 },
  // Fast mode reads few turns around its hits, so it rarely sees a second speaker; favouring the subject there cost
  // LoCoMo (client keys) fast recall@10 on conv-26/30 0.693 → 0.688, so every named speaker counts alike.
  turns: { speakerBoost: 0.5, otherSpeakerShare: 1, neighbours: null },
};

export const DEEP_PROFILE: SearchProfile = {
  ...FAST_PROFILE,
  name: 'deep',
  commonInSpace: { share: 0.35, minMemories: 20 },
  dates: { bonus: 1, lagDays: 14 },
  entities: { weight: 0.2, memoriesPerEntity: 30, minSingleWordConfidence: 0.7 },
  // At most ±10 % for importance and +5 % for the last month: they break near-ties, never outrank a better match.
  priors: { importanceFloor: 0.9, importanceSpan: 0.2, recencyBoost: 0.05, recencyDays: 30 },
  turns: null,
};

export const CONVERSATION_PROFILE: SearchProfile = {
  ...DEEP_PROFILE,
  name: 'conversation',
  // Turns keep the fixed share: chat lines are short and their vectors weak (use-lite, LoCoMo deep recall@10 −0.009
  // when turns leaned on them too).
  fusion: { lexicalWhenWeak: FAST_PROFILE.lexicalWeight, fullFrom: 1, power: 1 },
  // Checked for fitting the tuned conversations: each change below lowered deep recall@10 on conv-26/30 (0.848) and on
  // conv-41/42/43 (0.837) alike: speaker 0 / 0.25 → 0.831 / 0.835 and 0.828 / 0.834; neighbour weight 0.5 → 0.840 /
  // 0.830; radius 1 → 0.827 / 0.824 (3: equal); no answer boost → 0.835 / 0.834; date bonus 0.5 → 0.844 / 0.834.
  // The subject first: a second named speaker at half the boost took deep recall@10 (client keys) on conv-26/30 0.848 →
  // 0.853 and on conv-41/42/43 0.837 → 0.843 (0: 0.853 / 0.841; 1, every named speaker alike: the base). MemoryBank
  // chats name one person a question: unchanged.
  turns: { speakerBoost: 0.5, otherSpeakerShare: 0.5, neighbours: { weight: 0.7, seeds: 50, radius: 2, decay: 0.6, answerBoost: 0.5, cap: 0.95 } },
};

/** Deep mode as a recipe: the deep profile, and the conversation profile for turns. */
export const DEEP_RECIPE: SearchProfile = { ...DEEP_PROFILE, forTurns: CONVERSATION_PROFILE };

/** Thread search: messages of saved conversations, scored 0..1 comparably across queries (domain/thread.ts). */
export interface ThreadProfile {
  name: 'thread';
  /** A message's score: `coverage` × its share of the query's words + `strength` × its BM25 strength s / (s + `strengthHalf`). */
  message: { coverage: number; strength: number; strengthHalf: number };
  /** A thread's score: the better of its best message and `titleCoverage` × its title's coverage, plus `bothBonus` × the other. */
  thread: { titleCoverage: number; bothBonus: number };
  /** Word forms count as memory search counts them ("decide" in "we decided"). */
  wordForms: SearchProfile['wordForms'];
}

export const THREAD_PROFILE: ThreadProfile = {
  name: 'thread',
  // Coverage first: a message holding every query word beats one that repeats one word; LoCoMo session recall@5 0.876
  // (bench threads, 128 sessions, 760 questions). Scores stay comparable across queries (0..1).
  message: { coverage: 0.8, strength: 0.2, strengthHalf: 5 },
  thread: { titleCoverage: 0.9, bothBonus: 0.1 },
  wordForms: FAST_PROFILE.wordForms,
};

/** Unified search (memories and conversations in one list): reciprocal-rank fusion of the two services' lists. */
export interface UnifiedProfile {
  name: 'unified';
  /** The RRF constant k: each item scores 1 / (k + place) in each list. */
  rrfK: number;
}

export const UNIFIED_PROFILE: UnifiedProfile = {
  name: 'unified',
  // Cormack et al. (2009)'s constant, not tuned: the first places of one list do not drown the other's, and both kinds
  // share the first places (LoCoMo sessions as threads and turns as memories, issue 25 in docs/benchmarks.md).
  rrfK: 60,
};

/** The named recipes. */
export const SEARCH_RECIPES = { fast: FAST_PROFILE, deep: DEEP_RECIPE, conversation: CONVERSATION_PROFILE, thread: THREAD_PROFILE, unified: UNIFIED_PROFILE } as const;

/** The profile ranking one memory: the recipe's own, or its turn profile for a conversation turn. */
export function profileFor(recipe: SearchProfile, isTurn: boolean): SearchProfile {
  return isTurn && recipe.forTurns ? recipe.forTurns : recipe;
}
