import { bm25Idf } from '../../domain/scoring.ts';
import type { SearchProfile } from '../../domain/searchProfile.ts';
import { isStopWord, stem } from '../../domain/text.ts';
import type { LexicalHit, RankedMemory, SearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { combine, type LexicalResult } from './lexical.ts';

type FeedbackDeps = Pick<Deps, 'store'>;

/**
 * Written words of a memory that may stand for what it is about: four characters or more, no stop words, and
 * hyphenated compounds kept whole ("t-cell", "il-6", "type-2": in papers the compound is the term).
 */
const telling = (memory: RankedMemory) =>
  (`${memory.title} ${memory.content}`.normalize('NFKC').toLowerCase().match(/\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*/gu) ?? []).filter(w => w.length >= 4 && !isStopWord(w));

/**
 * The words most characteristic of the best hits: each word's share of each hit's words, summed over the hits, times
 * its rarity in the store (bm25's idf); one written form per stem, none of the query's own, none held by a single
 * memory (a typo, an id).
 */
async function characteristicWords(deps: FeedbackDeps, hits: RankedMemory[], asked: ReadonlySet<string>, count: number): Promise<string[]> {
  const weight = new Map<string, number>();
  for (const memory of hits) {
    const found = telling(memory);
    for (const word of found) weight.set(word, (weight.get(word) ?? 0) + 1 / found.length);
  }
  // The most frequent first: rarity is asked of the store only for those (a cached count per word).
  const likely = [...weight].filter(([word]) => !asked.has(stem(word))).sort((a, b) => b[1] - a[1]).slice(0, count * 6).map(([word]) => word);
  const { documents, frequency } = await deps.store.search.termStats(likely);
  const scored = likely
    .filter(word => (frequency.get(word) ?? 0) >= 2)
    .map(word => ({ word, score: weight.get(word)! * bm25Idf(documents, frequency.get(word) ?? 0) }))
    .sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : 1));
  const byStem = new Map<string, string>();
  for (const { word } of scored) if (!byStem.has(stem(word))) byStem.set(stem(word), word);
  return [...byStem.values()].slice(0, count);
}

/**
 * Pseudo-relevance feedback for long memories (profile `longMemories.feedback`): where a query of several words finds
 * long memories first (abstracts, papers: a claim against its evidence), the words its best hits share with each other
 * are searched too and count `weight` of a query word, so an abstract that says the same in other words ("BNP" for
 * "copeptin", "T2D" for "diabetes") can rank. The hits are kept to `profile.pool`, as many as the query found alone.
 * Short memories (notes, chat turns) never reach it: their best hits are not long.
 */
export async function withFeedback(deps: FeedbackDeps, lexical: LexicalResult, filter: SearchFilter, profile: SearchProfile, lengthOf: (memory: RankedMemory) => number): Promise<LexicalHit[]> {
  const rules = profile.longMemories;
  const feedback = rules?.feedback;
  if (!rules || !feedback || lexical.tier.kind !== 'content' || lexical.words.length < feedback.minQueryWords || lexical.hits.length < feedback.documents) return lexical.hits;
  const best = await deps.store.memories.getForRanking(lexical.hits.slice(0, feedback.documents).map(h => h.id));
  if (best.length < feedback.documents || best.some(memory => lengthOf(memory) < rules.words)) return lexical.hits;
  const expansion = await characteristicWords(deps, best, new Set(lexical.words.map(stem)), feedback.words);
  if (expansion.length === 0) return lexical.hits;
  const found = await deps.store.search.lexical({ mode: 'any', terms: expansion.map(text => ({ text })) }, filter, profile.pool, profile.fields);
  return combine(lexical.hits, found, feedback.weight).slice(0, profile.pool);
}
