import type { SearchProfile } from '../../domain/searchProfile.ts';
import { hasCjk, type QueryTier, queryTiers } from '../../domain/text.ts';
import { formsOf, typosOf } from '../../domain/wordForms.ts';
import type { LexicalHit, LexicalTerm, SearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';


type LexicalDeps = Pick<Deps, 'store'>;

/** Index terms looked at per query word (those sharing its first letters, most held first). */
const VOCABULARY_PER_WORD = 400;
/** Letters of a query word the vocabulary is looked up by: typos after them are found, not before. */
const VOCABULARY_PREFIX = 3;

export interface LexicalResult {
  hits: LexicalHit[];
  /** The query's words searched by (see queryTiers)... */
  tier: QueryTier;
  /** ...and of them, those searched for (deep mode leaves out words most of the space holds). */
  words: string[];
  /** Whether other forms, and typo-near terms, of the words were searched too (the exact words found little). */
  forms: boolean;
  typos: boolean;
}

/**
 * In a big corpus, the query's words that are not everywhere: they choose the candidates, and every word then ranks
 * them (tierHits). bm25 gives a word held by every twentieth memory little weight anyway, but ranking the tens of
 * thousands of memories it matches costs most of a query's time (at 100k memories, ~60 ms instead of ~6 ms). When
 * every word is common, all are kept.
 */
export async function distinctiveWords(deps: LexicalDeps, all: string[], pruning: SearchProfile['pruning']): Promise<string[]> {
  if (all.length < 2) return all;
  const { documents } = await deps.store.search.termStats([]);
  if (documents < pruning.fromMemories) return all;
  const { frequency: counts } = await deps.store.search.termStats(all);
  const distinctive = all.filter(w => (counts.get(w) ?? 0) <= pruning.share * documents);
  return distinctive.length ? distinctive : all;
}

/** Query words found in so large a share of the space's memories that they say nothing about which one is meant. */
async function commonInSpace(deps: LexicalDeps, words: string[], filter: SearchFilter, rule: SearchProfile['commonInSpace']): Promise<Set<string>> {
  if (!rule || words.length < 2) return new Set();
  const total = await deps.store.search.countFiltered(filter);
  if (total < rule.minMemories) return new Set();
  const threshold = Math.floor(rule.share * total);
  const counts = await deps.store.search.documentFrequencies(words, filter, threshold + 1);
  const common = words.filter(w => (counts.get(w) ?? 0) > threshold);
  // Keep at least the rarest word to search with.
  if (common.length === words.length) common.sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0)).shift();
  return new Set(common);
}

/** For each word, the index terms that are its other forms (and, with `typos`, its misspellings). */
async function expansions(deps: LexicalDeps, words: string[], profile: SearchProfile, typos: boolean): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  await Promise.all(
    words
      .filter(w => w.length >= profile.wordForms.minPrefix && !hasCjk(w))
      .map(async word => {
        const vocabulary = (await deps.store.search.vocabulary(word.slice(0, VOCABULARY_PREFIX), VOCABULARY_PER_WORD)).map(v => v.term);
        const found = formsOf(word, vocabulary, profile.wordForms);
        if (typos) found.push(...typosOf(word, vocabulary));
        if (found.length) result.set(word, [...new Set(found)]);
      }),
  );
  return result;
}

/** One prefix per expanded word: what its forms share with it (`postgres` + `postgresql` → `postgres`). */
function formTerms(words: string[], forms: Map<string, string[]>): LexicalTerm[] {
  return words.flatMap(w => {
    const found = forms.get(w);
    if (!found?.length) return [];
    let shared = w;
    for (const f of found) while (!f.startsWith(shared)) shared = shared.slice(0, -1);
    return [{ text: shared, indexed: true }];
  });
}

/** Narrowed candidates ranked again by every word of the query (each holds at least one of them). */
async function rankAgain(deps: LexicalDeps, words: string[], candidates: LexicalHit[], filter: SearchFilter, profile: SearchProfile): Promise<LexicalHit[]> {
  const ids = candidates.map(h => h.id);
  return deps.store.search.lexical({ mode: 'any', terms: words.map(text => ({ text })) }, { ...filter, ids }, ids.length, profile.fields);
}

/**
 * Hits of the exact words, plus a discounted share of the hits of their forms: bm25 adds up over query terms, so the
 * sum of the two scores is one ranking in which a form counts `weight` of the word (a number, or one per memory).
 */
export function combine(exact: LexicalHit[], forms: LexicalHit[], weight: number | ((id: string) => number)): LexicalHit[] {
  const weightOf = typeof weight === 'number' ? () => weight : weight;
  const byId = new Map(exact.map(h => [h.id, h.rank]));
  for (const h of forms) byId.set(h.id, (byId.get(h.id) ?? 0) + weightOf(h.id) * h.rank);
  return [...byId].map(([id, rank]) => ({ id, rank })).sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1));
}

/**
 * Full-text hits: the query's content words (any of them) and their other forms (`postgres` finds `PostgreSQL`),
 * in deep mode without the words common to most of the space (names in a chat); when that finds little, their typos
 * too; plus trigram substrings for CJK text, which has no spaces.
 * A query with content words is searched by them alone: a memory holding only "we decided about the" is no match for
 * "what did we decide about the database?", even where nothing holds "database". A query without any ("what did we
 * decide?") is searched by its framing words and, when they find nothing, by its stop words.
 */
export async function lexicalHits(deps: LexicalDeps, query: string, filter: SearchFilter, profile: SearchProfile): Promise<LexicalResult> {
  const [first, ...rest] = queryTiers(query);
  let result = await tierHits(deps, query, filter, profile, first ?? { kind: 'content', words: [] });
  for (const tier of first?.kind === 'content' ? [] : rest) {
    if (result.hits.length) break;
    result = await tierHits(deps, query, filter, profile, tier);
  }
  return result;
}

/** Full-text hits of one tier of the query's words; stop words are matched as written, without forms or typos. */
async function tierHits(deps: LexicalDeps, query: string, filter: SearchFilter, profile: SearchProfile, tier: QueryTier): Promise<LexicalResult> {
  const every = tier.words;
  const common = await commonInSpace(deps, every, filter, profile.commonInSpace);
  const all = every.filter(w => !common.has(w));
  const distinctive = await distinctiveWords(deps, all, profile.pruning);
  const search = async (words: string[], expanded: Map<string, string[]>) => {
    const other = formTerms(words, expanded);
    const [exact, formed] = await Promise.all([
      deps.store.search.lexical({ mode: 'any', terms: words.map(text => ({ text })) }, filter, profile.pool, profile.fields),
      other.length ? deps.store.search.lexical({ mode: 'any', terms: other }, filter, profile.pool, profile.fields) : [],
    ]);
    return combine(exact, formed, profile.wordForms.rankWeight);
  };
  const none = new Map<string, string[]>();
  let hits = distinctive.length < all.length ? await search(distinctive, none) : [];
  // Few hits from the distinctive words alone: the common ones may still find what is meant.
  if (hits.length < profile.pruning.minHits && all.length) hits = await search(all, none);
  // Enough: the distinctive words chose the candidates, and every word ranks them. Ranked by the distinctive words
  // alone, a long query lost what its common words said (NFCorpus abstracts at 1,000+ memories, fast recall@10
  // 0.739 → 0.681); ranking a hundred candidates costs little beside ranking every memory a common word matches.
  else if (distinctive.length < all.length) hits = await rankAgain(deps, all, hits, filter, profile);
  // The exact words find little: their other forms, then their typos, may find what is meant.
  let forms = false;
  let typos = false;
  if (hits.length < profile.wordForms.formsBelow && all.length && tier.kind !== 'stop') {
    const formed = await expansions(deps, all, profile, false);
    if (formed.size) {
      forms = true;
      hits = await search(all, formed);
    }
    if (hits.length < profile.wordForms.typosBelow) {
      const near = await expansions(deps, all, profile, true);
      if ([...near.values()].flat().length > [...formed.values()].flat().length) {
        typos = true;
        hits = await search(all, near);
      }
    }
  }
  if (hasCjk(query) && tier.kind === 'content') {
    const runs = query.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
    for (const run of runs.filter(hasCjk)) hits.push(...(await deps.store.search.substring(run, filter, profile.pool)));
  }
  return { hits, tier, words: all, forms, typos };
}

/**
 * Hits of words meaning the same or a little more generally than the query's words (a thesaurus: `invoicing` →
 * `bill`), for a query whose own words matched weakly; ranked as one full-text ranking of those words only.
 */
export async function bridgeHits(deps: Pick<Deps, 'store' | 'thesaurus'>, words: string[], filter: SearchFilter, profile: SearchProfile): Promise<LexicalHit[]> {
  if (!deps.thesaurus) return [];
  const asked = new Set(words);
  const bridge = [...new Set(words.flatMap(w => deps.thesaurus!.related(w)))].filter(w => !asked.has(w));
  if (!bridge.length) return [];
  return deps.store.search.lexical({ mode: 'any', terms: bridge.map(text => ({ text })) }, filter, profile.pool, profile.fields);
}
