import type { LifecycleState, UnitType } from '../../domain/memory.ts';
import { absoluteSimilarity, cueBoost, lexicalOverlap, priorBoost, queryCues, semanticSimilarity } from '../../domain/scoring.ts';
import { ftsAnyOfWords, hasCjk, queryWords, terms, termsAsWritten } from '../../domain/text.ts';
import type { LexicalHit, MemoryRecord, SearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentMemories } from '../memories/read.ts';
import type { VectorIndex } from './vectorIndex.ts';
import { datesInQuery, rangeHolding } from './queryDates.ts';
import { entityBonus, entityContext, relatedEntities } from './entities.ts';

export const SEARCH_MODES = ['fast', 'deep'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface SearchInput {
  query: string;
  limit: number;
  mode: SearchMode;
  space_id?: string | null;
  include_states: LifecycleState[];
  unit_type?: UnitType | null;
  filter_labels?: string[] | null;
  metadata_filters?: string[] | null;
  event_date_from?: string | null;
  event_date_to?: string | null;
  recorded_date_from?: string | null;
  recorded_date_to?: string | null;
  /** Attach the entities each result mentions (`related_entities`); default true. */
  include_entities?: boolean;
}

/** Candidates taken from each ranking before fusion. */
const POOL = 100;
/** Least rescaled similarity for a vector-only match to count. */
const MIN_SEMANTIC = 0.15;
/**
 * Deep mode: how much of the best nearby hit's score a memory inherits, from how many hits, within what time; up to
 * NEIGHBOUR_RADIUS memories on each side, each step further off worth NEIGHBOUR_DECAY of the last (in a two-person
 * transcript the same speaker's previous turn is two away). Measured on LoCoMo: radius 2, decay 0.6, weight 0.7.
 */
const NEIGHBOUR_WEIGHT = 0.7;
const NEIGHBOUR_SEEDS = 50;
const NEIGHBOUR_WINDOW_MS = 30 * 60_000;
const NEIGHBOUR_RADIUS = 2;
const NEIGHBOUR_DECAY = 0.6;
/** Extra share inherited by the memory right after a hit that asks something: it is likely the answer. */
const ANSWER_BOOST = 0.5;
/** Deep mode: a query word in more than this share of the space's memories (a name in a chat) is not searched for. */
const COMMON_SHARE = 0.35;
/** Spaces smaller than this keep every query word: shares mean little there. */
const COMMON_MIN_MEMORIES = 20;
/** Weight of the share of query terms a memory contains, added to its bm25-based score. */
const COVERAGE_WEIGHT = 0.1;
/** Share of the full-text score in the fused score when vectors are on (0.7 measured best on LoCoMo with use-lite). */
const LEXICAL_WEIGHT = 0.7;
/** Corpus size from which common words are left out of the full-text query, what counts as common, and the hits needed without them. */
const PRUNE_FROM_MEMORIES = 20_000;
const COMMON_WORD_SHARE = 0.05;
const MIN_DISTINCTIVE_HITS = 20;
/** Deep mode: what a memory dated within a time the query names ("last week", "March 2024") adds to its score. */
const DATE_BONUS = 0.3;

type SearchDeps = Pick<Deps, 'store' | 'indexer' | 'clock' | 'extraction'>;

interface Candidate {
  id: string;
  /** bm25 of the best full-text hit (negative: lower is better). */
  bm25?: number;
  lexicalRank?: number;
  semanticRank?: number;
}

function toFilter(input: SearchInput): SearchFilter {
  return {
    space_id: input.space_id || 'default',
    states: input.include_states,
    unit_type: input.unit_type ?? undefined,
    label_names: input.filter_labels ?? undefined,
    metadata: input.metadata_filters?.map(f => {
      const at = f.indexOf('=');
      return at < 0 ? { key: f.trim() } : { key: f.slice(0, at).trim(), value: f.slice(at + 1).trim() };
    }),
    event_from: input.event_date_from ?? undefined,
    event_to: input.event_date_to ?? undefined,
    recorded_from: input.recorded_date_from ?? undefined,
    recorded_to: input.recorded_date_to ?? undefined,
  };
}

/**
 * In a big corpus, the query's words that are not everywhere. bm25 gives a word held by every twentieth memory
 * little weight anyway, but ranking the tens of thousands of memories it matches costs most of a query's time
 * (at 100k memories, ~60 ms instead of ~6 ms). When every word is common, all are kept.
 */
export async function distinctiveWords(deps: SearchDeps, all: string[]): Promise<string[]> {
  if (all.length < 2) return all;
  const { documents } = await deps.store.search.termStats([]);
  if (documents < PRUNE_FROM_MEMORIES) return all;
  const { frequency: counts } = await deps.store.search.termStats(all);
  const distinctive = all.filter(w => (counts.get(w) ?? 0) <= COMMON_WORD_SHARE * documents);
  return distinctive.length ? distinctive : all;
}

/**
 * Full-text hits: stemmed words (any of them), in deep mode without the words common to most of the space (names in a
 * chat); plus trigram substrings for CJK text, which has no spaces.
 */
async function lexicalHits(deps: SearchDeps, query: string, filter: SearchFilter, mode: SearchMode): Promise<LexicalHit[]> {
  const every = queryWords(query);
  const common = mode === 'deep' ? await commonInSpace(deps, every, filter) : new Set<string>();
  const all = every.filter(w => !common.has(w));
  const distinctive = await distinctiveWords(deps, all);
  let hits = distinctive.length < all.length ? await deps.store.search.lexical(ftsAnyOfWords(distinctive)!, filter, POOL) : [];
  // Few hits from the distinctive words alone: the common ones may still find what is meant.
  if (hits.length < MIN_DISTINCTIVE_HITS && all.length) hits = await deps.store.search.lexical(ftsAnyOfWords(all)!, filter, POOL);
  if (hasCjk(query)) {
    const runs = query.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
    for (const run of runs.filter(hasCjk)) hits.push(...(await deps.store.search.substring(run, filter, POOL)));
  }
  return hits;
}

/** Query words found in so large a share of the space's memories that they say nothing about which one is meant. */
async function commonInSpace(deps: SearchDeps, words: string[], filter: SearchFilter): Promise<Set<string>> {
  if (words.length < 2) return new Set();
  const total = await deps.store.search.countFiltered(filter);
  if (total < COMMON_MIN_MEMORIES) return new Set();
  const threshold = Math.floor(COMMON_SHARE * total);
  const counts = await deps.store.search.documentFrequencies(words, filter, threshold + 1);
  const common = words.filter(w => (counts.get(w) ?? 0) > threshold);
  // Keep at least the rarest word to search with.
  if (common.length === words.length) common.sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0)).shift();
  return new Set(common);
}

/** Nearest vectors in the space that pass the filter, and a way to score any other candidate against the query. */
async function semanticHits(deps: SearchDeps, query: string, filter: SearchFilter) {
  const none = (unavailable: string | null) => ({ hits: [], cosines: () => new Map<string, number>(), unavailable });
  if (!deps.indexer) return none('no embedding model is configured');
  let vector: Float32Array | undefined;
  let index: VectorIndex;
  try {
    [[vector], index] = await Promise.all([deps.indexer.embedder.embed([query]), deps.indexer.vectors()]);
  } catch (error) {
    // A remote model that is down must not take search with it: answer from full text and say so.
    return none(`the embedding model failed (${error instanceof Error ? error.message : String(error)})`);
  }
  const floor = deps.indexer.embedder.unrelatedCosine;
  // A vector match alone must say more than chance: otherwise every memory of the space would come back.
  const nearest = index.search(vector!, filter.space_id, POOL).filter(h => semanticSimilarity(h.cosine, floor) >= MIN_SEMANTIC);
  const allowed = new Set(await deps.store.search.filterIds(nearest.map(h => h.id), filter));
  return { hits: nearest.filter(h => allowed.has(h.id)), cosines: (ids: string[]) => index.cosines(vector!, ids), unavailable: null };
}

function mergeCandidates(lexical: LexicalHit[], semantic: { id: string; cosine: number }[]) {
  const byId = new Map<string, Candidate>();
  const get = (id: string) => byId.get(id) ?? byId.set(id, { id }).get(id)!;
  lexical.forEach((h, rank) => {
    const c = get(h.id);
    c.lexicalRank ??= rank;
    c.bm25 = Math.min(c.bm25 ?? 0, h.rank);
  });
  semantic.forEach((h, rank) => (get(h.id).semanticRank = rank));
  return [...byId.values()];
}

/**
 * Weighted score fusion: bm25 scaled by the best bm25 of the query, cosine min-max scaled over the candidates.
 * Measured on LoCoMo it beats reciprocal-rank fusion, which let a weak vector ranking pull good lexical hits down.
 */
function fusedScores(candidates: Candidate[], cosines: Map<string, number>, semantic: boolean): Map<string, number> {
  const bestBm25 = Math.min(0, ...candidates.map(c => c.bm25 ?? 0));
  const values = [...cosines.values()];
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const fused = new Map<string, number>();
  for (const c of candidates) {
    const lexical = bestBm25 < 0 ? (c.bm25 ?? 0) / bestBm25 : 0;
    if (!semantic) {
      fused.set(c.id, lexical);
      continue;
    }
    const cosine = cosines.get(c.id);
    const vector = cosine === undefined || high <= low ? 0 : (cosine - low) / (high - low);
    fused.set(c.id, LEXICAL_WEIGHT * lexical + (1 - LEXICAL_WEIGHT) * vector);
  }
  return fused;
}

function describe(matched: string[], semantic: number | undefined, dated: string | undefined, entities: string[]): string {
  const parts: string[] = [];
  if (matched.length) parts.push(`matched ${matched.slice(0, 5).map(t => `'${t}'`).join(', ')}`);
  if (semantic !== undefined && semantic > 0) parts.push(`semantically similar (${semantic.toFixed(2)})`);
  if (dated) parts.push(`dated within '${dated}'`);
  if (entities.length) parts.push(`same entity ${entities.slice(0, 3).join(', ')}`);
  return parts.join('; ') || 'weak match';
}

/**
 * Context from nearby memories: a memory created just before or after a strong hit in the same space (the turns
 * around it in a conversation) inherits part of that hit's score, less with each step away, more when it follows a
 * hit that asks something. Questions are often answered by a turn near the one that shares their words. Returns,
 * per memory, the best score it inherits.
 */
async function neighbourContext(deps: SearchDeps, seedScores: Map<string, number>, records: Map<string, MemoryRecord>, filter: SearchFilter) {
  const seeds = [...seedScores].sort((a, b) => b[1] - a[1]).slice(0, NEIGHBOUR_SEEDS);
  const nearby = await deps.store.search.neighbours(seeds.map(([id]) => id), filter, NEIGHBOUR_RADIUS);
  const context = new Map<string, number>();
  for (const [id, score] of seeds) {
    const seed = records.get(id);
    if (!seed) continue;
    const at = Date.parse(seed.created_at);
    const asks = seed.content.includes('?');
    for (const next of nearby.get(id) ?? []) {
      if (Math.abs(Date.parse(next.created_at) - at) > NEIGHBOUR_WINDOW_MS) continue;
      const answer = asks && next.distance === 1 && isAfter(next, seed);
      const inherited = score * NEIGHBOUR_DECAY ** (next.distance - 1) * (answer ? 1 + ANSWER_BOOST : 1);
      context.set(next.id, Math.max(context.get(next.id) ?? 0, inherited));
    }
  }
  return context;
}

/** Creation order of memories, ties broken by id (as storage orders neighbours). */
function isAfter(a: { id: string; created_at: string }, b: { id: string; created_at: string }): boolean {
  return a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
}

/**
 * Hybrid search within one space. `fast` fuses full-text (bm25) and vector scores by weight, plus a little for the
 * share of query terms a memory holds, and favours memories whose speaker the query names or, for a when-question,
 * that place something in time (domain/scoring.ts cueBoost); `deep` adds context from nearby memories, dates the
 * query names, entities from the knowledge graph, leaves out words most of the space holds, and importance/recency
 * priors. Scores are absolute (see domain/scoring.ts). Query expansion from the best hits was measured on LoCoMo and
 * left out: it cost recall@1.
 */
export async function searchMemories(deps: SearchDeps, input: SearchInput) {
  // Forgotten memories are never found, even when asked for (the contract accepts the state and ignores it).
  const states = input.include_states.filter(s => s !== 'forgotten');
  if (states.length === 0) return { results: [], semantic_unavailable: deps.indexer ? null : 'no embedding model is configured' };
  const filter = toFilter({ ...input, include_states: states });
  const queryTerms = terms(input.query);
  const asWritten = termsAsWritten(input.query);
  const dates = input.mode === 'deep' ? datesInQuery(input.query, new Date(deps.clock.now())) : [];
  const cues = queryCues(input.query, dates);
  const [lexical, { hits: semantic, cosines, unavailable }] = await Promise.all([
    lexicalHits(deps, input.query, filter, input.mode),
    semanticHits(deps, input.query, filter),
  ]);
  const candidates = mergeCandidates(lexical, semantic);
  const fused = fusedScores(candidates, cosines(candidates.map(c => c.id)), unavailable === null);
  const records = new Map((await deps.store.memories.getMany(candidates.map(c => c.id))).map(m => [m.id, m]));
  // Seeds pass on their plain score: their own cue boost would count twice where a neighbour has the same cue.
  const context = input.mode === 'deep' ? await neighbourContext(deps, fused, records, filter) : new Map<string, number>();
  for (const id of context.keys()) if (!fused.has(id)) candidates.push({ id });
  const entities =
    input.mode === 'deep'
      ? await entityContext(deps, input.query, (await deps.store.search.termStats([])).documents)
      : { named: [], memoryIds: [] };
  const known = new Set(candidates.map(c => c.id));
  const [dated, mentioning] = await Promise.all([
    deps.store.search.inTimeSpans(dates, filter, POOL),
    deps.store.search.filterIds(entities.memoryIds, filter),
  ]);
  for (const id of [...dated, ...mentioning]) if (!known.has(id) && known.add(id)) candidates.push({ id });
  const sharedEntities = await entityBonus(deps, entities, candidates.map(c => c.id));
  const missing = candidates.map(c => c.id).filter(id => !records.has(id));
  for (const m of await deps.store.memories.getMany(missing)) records.set(m.id, m);
  const candidateCosines = cosines(candidates.map(c => c.id));

  const now = Date.parse(deps.clock.now());
  const scored = candidates
    .filter(c => records.has(c.id))
    .map(c => {
      const memory = records.get(c.id)!;
      const overlap = lexicalOverlap(queryTerms, terms(`${memory.title} ${memory.content}`));
      const cosine = candidateCosines.get(c.id);
      const semanticScore = cosine === undefined ? undefined : semanticSimilarity(cosine, deps.indexer!.embedder.unrelatedCosine);
      const own = fused.get(c.id) ?? 0;
      const neighbour = NEIGHBOUR_WEIGHT * (context.get(c.id) ?? 0);
      const prior = input.mode === 'deep' ? priorBoost(memory.importance, (now - Date.parse(memory.created_at)) / 86_400_000) : 1;
      const when = rangeHolding(dates, memory.event_start ?? memory.created_at);
      const dated = when ? DATE_BONUS : 0;
      const cue = cueBoost(cues, memory);
      const shared = sharedEntities.get(c.id);
      const entity = shared?.bonus ?? 0;
      const rank = (own + neighbour + dated + entity + COVERAGE_WEIGHT * overlap.coverage) * prior * cue;
      return { c, memory, overlap, semanticScore, fused: own, neighbour, dated, when, entity, entityNames: shared?.names ?? [], cue, rank, prior };
    })
    .sort((a, b) => b.rank - a.rank || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, input.limit);

  const presented = await presentMemories(deps, scored.map(s => s.memory));
  const entityNodes = input.include_entities === false ? new Map() : await relatedEntities(deps, scored.map(s => s.memory.id));
  let ceiling = 1;
  const results = scored.map((s, i) => {
    // Absolute similarity, but never above the hit ranked before it, so scores read top-down.
    const similarity = Math.min(ceiling, absoluteSimilarity(s.overlap, s.semanticScore));
    ceiling = similarity;
    return {
      // Search results name their labels (clients show them as tags); a single read keeps the label objects.
      memory: { ...presented[i]!, labels: presented[i]!.labels.map(l => l.name) },
      similarity_score: Number(similarity.toFixed(4)),
      relevance_reason: describe(s.overlap.matched.map(t => asWritten.get(t) ?? t), s.semanticScore, s.when?.text, s.entityNames),
      related_entities: entityNodes.get(s.memory.id) ?? [],
      score_breakdown: {
        lexical: { rank: s.c.lexicalRank ?? null, coverage: s.overlap.coverage, dice: Number(s.overlap.dice.toFixed(4)) },
        semantic: { rank: s.c.semanticRank ?? null, similarity: s.semanticScore ?? null },
        fused: Number(s.fused.toFixed(6)),
        neighbour: Number(s.neighbour.toFixed(6)),
        date: s.dated,
        entity: Number(s.entity.toFixed(6)),
        cues: Number(s.cue.toFixed(4)),
        prior: Number(s.prior.toFixed(4)),
      },
    };
  });
  /** Why vectors took no part, or null when they did. */
  return { results, semantic_unavailable: unavailable };
}
