import type { LifecycleState, UnitType } from '../../domain/memory.ts';
import { absoluteSimilarity, cueBoost, firstNamedSpeaker, type LexicalOverlap, lexicalOverlap, periodHolding, priorBoost, queryCues, semanticSimilarity } from '../../domain/scoring.ts';
import { profileFor, SEARCH_RECIPES, type SearchProfile } from '../../domain/searchProfile.ts';
import { isStopWord, type MemoryTextTerms, memoryTextTerms, stem, termsAsWritten } from '../../domain/text.ts';
import { isTypoOf, isWordForm } from '../../domain/wordForms.ts';
import type { LexicalHit, RankedMemory, SearchFilter } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentMemories } from '../readModel/memories.ts';
import { datesInQuery, toldPeriod } from './queryDates.ts';
import { entityBonus, entityContext, relatedEntities } from './entities.ts';
import { describe } from './explain.ts';
import { bridgeHits, combine, lexicalHits } from './lexical.ts';
import { conversationReader, mayBeSpokenBy } from './conversations.ts';
import { neighbourContext } from './turns.ts';
import { longMemoryScorer } from './longMemories.ts';
import { withFeedback } from './feedback.ts';

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

type SearchDeps = Pick<Deps, 'store' | 'indexer' | 'clock' | 'extraction' | 'thesaurus'>;

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

/** Nearest vectors in the space that pass the filter, and a way to score any other candidate against the query. */
async function semanticHits(deps: SearchDeps, query: string, filter: SearchFilter, profile: SearchProfile) {
  const none = (unavailable: string | null) => ({ hits: [], cosines: async () => new Map<string, number>(), unavailable });
  if (!deps.indexer) return none('no embedding model is configured');
  const { model, unrelatedCosine: floor } = deps.indexer.embedder;
  let vector: Float32Array | undefined;
  try {
    [vector] = await deps.indexer.embedder.embed([query]);
  } catch (error) {
    // A remote model that is down must not take search with it: answer from full text and say so.
    return none(`the embedding model failed (${error instanceof Error ? error.message : String(error)})`);
  }
  const engine = await deps.store.vectors.status();
  // A store that cannot search vectors (PostgreSQL without pgvector) answers from full text, and says so.
  if (!engine.available) return none(`the store cannot search vectors (${engine.detail ?? engine.engine})`);
  // A vector match alone must say more than chance: otherwise every memory of the space would come back.
  const nearest = (await deps.store.vectors.nearest(model, vector!, filter.space_id, profile.pool)).filter(h => semanticSimilarity(h.cosine, floor) >= profile.minSemantic);
  const allowed = new Set(await deps.store.search.filterIds(nearest.map(h => h.id), filter));
  return { hits: nearest.filter(h => allowed.has(h.id)), cosines: (ids: string[]) => deps.store.vectors.cosines(model, vector!, ids), unavailable: null };
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
 * Weighted score fusion: bm25 scaled by the best bm25 of the query, cosine min-max scaled over the candidates; each
 * part kept apart for the reason. Measured on LoCoMo it beats reciprocal-rank fusion, which let a weak vector ranking
 * pull good lexical hits down. The full-text share follows `lexicalStrength`, the best full-text hit's term coverage
 * (profile `fusion`): a query whose words match weakly (a paraphrase) leans on the vectors.
 */
function fusedScores(candidates: Candidate[], cosines: Map<string, number>, semantic: boolean, profileOf: (id: string) => SearchProfile, lexicalStrength: number) {
  const bestBm25 = Math.min(0, ...candidates.map(c => c.bm25 ?? 0));
  const values = [...cosines.values()];
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const weightOf = ({ fusion, lexicalWeight }: SearchProfile) =>
    fusion.lexicalWhenWeak + (lexicalWeight - fusion.lexicalWhenWeak) * Math.min(1, Math.max(0, lexicalStrength) / fusion.fullFrom) ** fusion.power;
  const fused = new Map<string, { lexical: number; vector: number; total: number }>();
  for (const c of candidates) {
    const lexical = bestBm25 < 0 ? (c.bm25 ?? 0) / bestBm25 : 0;
    if (!semantic) {
      fused.set(c.id, { lexical, vector: 0, total: lexical });
      continue;
    }
    const cosine = cosines.get(c.id);
    const vector = cosine === undefined || high <= low ? 0 : (cosine - low) / (high - low);
    const lexicalWeight = weightOf(profileOf(c.id));
    const parts = { lexical: lexicalWeight * lexical, vector: (1 - lexicalWeight) * vector };
    fused.set(c.id, { ...parts, total: parts.lexical + parts.vector });
  }
  return fused;
}

/** Whether a memory's term is another form (or a typo) of a query term, when forms (typos) were searched. */
function nearTerms(profile: SearchProfile, forms: boolean, typos: boolean) {
  if (!forms && !typos) return undefined;
  return (queryTerm: string, memoryTerm: string) => isWordForm(queryTerm, memoryTerm, profile.wordForms) || (typos && isTypoOf(queryTerm, memoryTerm));
}

/** A word as domain/text.ts reads one. */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** A memory's `title content` terms as a tier of query words is compared with them, kept by its id (see memoryTextTerms). */
const memoryTerms = (kind: Parameters<typeof memoryTextTerms>[0], m: RankedMemory) => memoryTextTerms(kind, m.id, m.title, m.content);

/** How many content words (not stop words) a memory's content holds: what makes it long. Asked of every candidate, so the kept terms answer. */
const contentWordCount = (m: RankedMemory) => memoryTerms('content', m).contentWords;

/** The word of a text whose term is `term`, as the text writes it. */
function asInText(text: string, term: string): string {
  return text.normalize('NFKC').match(WORD)?.find(w => stem(w.toLowerCase()) === term) ?? term;
}

/**
 * The memory's words that matched the query's words, each as the memory writes it (`PostgreSQL` for `postgres`,
 * `Databases` and `database`): what a client marks in the result. Never a stop word.
 */
function highlightsOf(memory: RankedMemory, overlap: LexicalOverlap): string[] {
  const found = new Set([...overlap.matched, ...overlap.forms.values()]);
  const written = `${memory.title} ${memory.content}`.normalize('NFKC').match(WORD) ?? [];
  return [...new Set(written.filter(w => !isStopWord(w.toLowerCase()) && found.has(stem(w.toLowerCase()))))];
}

/**
 * Hybrid search within one space, ranked by the profiles of domain/searchProfile.ts. `fast` fuses full-text (bm25,
 * with other word forms and, when the words find little, typos) and vector scores by weight, plus a little for the
 * share of query terms a memory holds, and favours a when-question's memories that place something in time and
 * conversation turns whose speaker the query names; `deep` adds dates the query names, entities from the knowledge
 * graph, leaves out words most of the space holds, importance/recency priors, and, for conversation turns only,
 * context from their neighbouring turns. Scores are absolute (see domain/scoring.ts).
 */
export async function searchMemories(deps: SearchDeps, input: SearchInput, recipe: SearchProfile = SEARCH_RECIPES[input.mode]) {
  // Forgotten memories are never found, even when asked for (the contract accepts the state and ignores it).
  const states = input.include_states.filter(s => s !== 'forgotten');
  if (states.length === 0) return { results: [], semantic_unavailable: deps.indexer ? null : 'no embedding model is configured' };
  const filter = toFilter({ ...input, include_states: states });
  // Query-wide rules come from the recipe itself; its turn profile (deep mode's) differs memory by memory.
  const base = recipe;
  const asWritten = termsAsWritten(input.query);
  const dates = base.dates ? datesInQuery(input.query, new Date(deps.clock.now())) : [];
  const cues = queryCues(input.query);
  const [lexical, { hits: semantic, cosines, unavailable }] = await Promise.all([
    lexicalHits(deps, input.query, filter, base),
    semanticHits(deps, input.query, filter, base),
  ]);
  // Long memories found first: the words their best hits share rank too (services/search/feedback.ts).
  lexical.hits = await withFeedback(deps, lexical, filter, base, contentWordCount);
  let candidates = mergeCandidates(lexical.hits, semantic);
  const records = new Map((await deps.store.memories.getForRanking(candidates.map(c => c.id))).map(m => [m.id, m]));
  // The query's terms a memory is scored by: its content words, or the words it was searched by when it has none.
  const asked = [...new Set(lexical.tier.words.map(stem))];
  // Framing words are verbs that the index matches in any tense ("decide" finds "decided"): so does the score.
  const near = nearTerms(base, lexical.forms || lexical.tier.kind === 'framing', lexical.typos);
  // A memory's terms, title then content, read once per search (a long text is too long for the kept terms to hold).
  const textTerms = new Map<string, MemoryTextTerms>();
  const textOf = (m: RankedMemory) => {
    let found = textTerms.get(m.id);
    if (!found) textTerms.set(m.id, (found = memoryTerms(lexical.tier.kind, m)));
    return found;
  };
  // The content's own: the title's terms come first, and a title is short.
  const contentTermsOf = (m: RankedMemory) => textOf(m).terms.slice(textOf(m).titleTerms);
  const contentTermCount = (m: RankedMemory) => textOf(m).terms.length - textOf(m).titleTerms;
  const overlaps = new Map<string, ReturnType<typeof lexicalOverlap>>();
  const overlapOf = (m: RankedMemory) => {
    let found = overlaps.get(m.id);
    if (!found) {
      const text = textOf(m);
      overlaps.set(m.id, (found = lexicalOverlap(asked, text.terms, { near, formWeight: base.wordForms.weight, textSet: text.distinct })));
    }
    return found;
  };
  // How much of the query the full text found: the most query words one full-text hit holds.
  const lexicalStrength = Math.max(0, ...candidates.filter(c => c.bm25 !== undefined && records.has(c.id)).map(c => overlapOf(records.get(c.id)!).coverage));
  // The query's own words match weakly (a paraphrase): words meaning the same, or a little more generally, may not
  // (stop words have no meaning to share). Long memories have rules of their own (profile `longMemories`).
  const long = base.thesaurus?.longMemories;
  const lengths = new Map<string, number>();
  const isLong = (m: RankedMemory) => {
    if (!long) return false;
    if (!lengths.has(m.id)) lengths.set(m.id, contentWordCount(m));
    return lengths.get(m.id)! >= long.words;
  };
  const matchedInLong = Math.max(0, ...candidates.filter(c => c.bm25 !== undefined && records.has(c.id) && isLong(records.get(c.id)!)).map(c => overlapOf(records.get(c.id)!).matched.length));
  const wellMatchedLong = long != null && matchedInLong >= long.matchedWords;
  if (base.thesaurus && lexicalStrength < base.thesaurus.below && !wellMatchedLong && lexical.words.length && lexical.tier.kind !== 'stop') {
    const bridged = await bridgeHits(deps, lexical.words, filter, base);
    if (bridged.length) {
      for (const m of await deps.store.memories.getForRanking(bridged.map(h => h.id).filter(id => !records.has(id)))) records.set(m.id, m);
      const { weight } = base.thesaurus;
      const weightOf = (id: string) => (long && records.has(id) && isLong(records.get(id)!) ? long.weight : weight);
      candidates = mergeCandidates(combine(lexical.hits, bridged, weightOf), semantic);
    }
  }
  // Turns are told by Cairn's names or inferred from the memories posted around each candidate (services/search/conversations.ts).
  // Fast mode uses turns only for the speaker rule: only a memory that may be spoken by someone the query names needs
  // reading around.
  const conversations = conversationReader(deps, filter, input.mode === 'fast' ? mayBeSpokenBy(cues.words) : undefined);
  const best = (c: Candidate) => Math.min(c.lexicalRank ?? Infinity, c.semanticRank ?? Infinity);
  await conversations.learn([...candidates].sort((a, b) => best(a) - best(b)).flatMap(c => records.get(c.id) ?? []));
  const profileOf = (id: string) => (records.has(id) ? profileFor(recipe, conversations.isTurn(records.get(id)!)) : base);
  const fused = fusedScores(candidates, await cosines(candidates.map(c => c.id)), unavailable === null, profileOf, lexicalStrength);
  const neighbourRules = profileFor(recipe, true).turns?.neighbours;
  // Seeds pass on their plain score: their own cue boost would count twice where a neighbour has the same cue.
  const plain = new Map([...fused].map(([id, f]) => [id, f.total]));
  const context = neighbourRules ? await neighbourContext(deps, plain, records, filter, neighbourRules, conversations) : new Map<string, { score: number; from: string }>();
  for (const id of context.keys()) if (!fused.has(id)) candidates.push({ id });
  const entities = base.entities
    ? await entityContext(deps, input.query, (await deps.store.search.termStats([])).documents, base.entities)
    : { named: [], memoryIds: [] };
  const known = new Set(candidates.map(c => c.id));
  const lag = (base.dates?.lagDays ?? 0) * 86_400_000;
  const spans = dates.map(d => ({ from: d.from, to: new Date(Date.parse(d.to) + lag).toISOString() }));
  const [dated, mentioning] = await Promise.all([
    deps.store.search.inTimeSpans(spans, filter, base.pool),
    deps.store.search.filterIds(entities.memoryIds, filter),
  ]);
  for (const id of [...dated, ...mentioning]) if (!known.has(id) && known.add(id)) candidates.push({ id });
  const sharedEntities = base.entities ? await entityBonus(deps, entities, candidates.map(c => c.id), base.entities) : new Map();
  const missing = candidates.map(c => c.id).filter(id => !records.has(id));
  const fetched = await deps.store.memories.getForRanking(missing);
  for (const m of fetched) records.set(m.id, m);
  await conversations.learn(fetched);
  const candidateCosines = await cosines(candidates.map(c => c.id));

  // The long-memory rule reads each query word's rarity from the store: only when a full-text candidate is long (a
  // search of notes or chat turns never needs it, and asking on every search cost the mixed load ~15 % of its CPU).
  const longRules = base.longMemories;
  const anyLong = longRules != null && candidates.some(c => c.bm25 !== undefined && records.has(c.id) && contentTermCount(records.get(c.id)!) >= longRules.words);
  const longBonus = anyLong ? await longMemoryScorer(deps, lexical.tier, longRules) : null;

  const now = Date.parse(deps.clock.now());
  // Whom the question is about: of the speakers of the candidate turns, the one the query names first.
  const speakers = candidates.flatMap(c => {
    const memory = records.get(c.id);
    return memory && conversations.isTurn(memory) ? (conversations.speaker(memory) ?? []) : [];
  });
  const subject = firstNamedSpeaker(cues, speakers);
  const ranked = candidates
    .filter(c => records.has(c.id))
    .map(c => {
      const memory = records.get(c.id)!;
      const turn = conversations.isTurn(memory);
      const profile = profileFor(recipe, turn);
      const overlap = overlapOf(memory);
      const cosine = candidateCosines.get(c.id);
      const semanticScore = cosine === undefined ? undefined : semanticSimilarity(cosine, deps.indexer!.embedder.unrelatedCosine);
      const own = fused.get(c.id) ?? { lexical: 0, vector: 0, total: 0 };
      const inherited = profile.turns?.neighbours ? context.get(c.id) : undefined;
      const neighbour = inherited?.score ?? 0;
      const prior = profile.priors ? priorBoost(memory.importance, (now - Date.parse(memory.created_at)) / 86_400_000, profile.priors) : 1;
      const said = memory.event_start ?? memory.created_at;
      // Dated in the period (or told within the lag after it), or telling of it in its own words ("last month").
      const dated = profile.dates ? periodHolding(dates, said, profile.dates.lagDays) : undefined;
      const when = profile.dates ? (dated ?? toldPeriod(dates, memory.content, said)) : undefined;
      const date = when ? profile.dates!.bonus : 0;
      const speaker = profile.turns ? conversations.speaker(memory) : null;
      const cue = cueBoost(cues, { content: memory.content, speaker }, { speakerBoost: profile.turns?.speakerBoost ?? 0, otherSpeakerShare: profile.turns?.otherSpeakerShare ?? 1, whenBoost: profile.whenBoost }, subject);
      const shared = sharedEntities.get(c.id);
      const entity = shared?.bonus ?? 0;
      const coverage = profile.coverageWeight * overlap.coverage;
      const long = longBonus && c.bm25 !== undefined ? longBonus(contentTermsOf(memory)) : 0;
      const rank = (own.total + neighbour + date + entity + coverage + long) * prior * cue;
      return { c, memory, overlap, semanticScore, own, coverage, neighbour, inherited, date, when, told: when !== undefined && !dated, entity, entityNames: shared?.names ?? [], cue, rank, prior };
    })
    // A score of 0 (a neighbour, date or entity that added nothing, the weakest of the fused vectors) is no reason
    // to show a memory, unless its vector says more than chance.
    .filter(s => s.rank > 0 || (s.semanticScore ?? 0) >= base.minSemantic)
    .sort((a, b) => b.rank - a.rank || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, input.limit);

  // The results are read whole, the candidates were read with what ranks them (a memory deleted meanwhile is left out).
  // Their labels and entities are read beside them: on PostgreSQL each read is a round trip.
  const ids = ranked.map(s => s.memory.id);
  const labels = deps.store.memoryLabels.labelsOf(ids);
  const [rows, entityNodes] = await Promise.all([
    deps.store.memories.getMany(ids),
    input.include_entities === false ? null : relatedEntities(deps, ids),
    labels,
  ]);
  const whole = new Map(rows.map(m => [m.id, m]));
  const scored = ranked.filter(s => whole.has(s.memory.id));
  const presented = await presentMemories(deps, scored.map(s => whole.get(s.memory.id)!), labels);
  const written = (term: string) => asWritten.get(term) ?? term;
  let ceiling = 1;
  const results = scored.map((s, i) => {
    // Absolute similarity, but never above the hit ranked before it, so scores read top-down.
    const similarity = Math.min(ceiling, absoluteSimilarity(s.overlap, s.semanticScore, base.similarity));
    ceiling = similarity;
    const seed = s.inherited ? records.get(s.inherited.from) : undefined;
    const reason = describe({
      matched: s.overlap.matched.map(written),
      forms: [...s.overlap.forms].map(([q, m]) => [written(q), asInText(`${s.memory.title} ${s.memory.content}`, m)]),
      lexical: s.own.lexical + s.coverage,
      semantic: s.own.vector,
      similarity: s.semanticScore,
      neighbour: s.neighbour,
      neighbourWords: seed ? overlapOf(seed).matched.map(written) : [],
      date: s.date,
      dateText: s.when?.text,
      dateTold: s.told,
      entity: s.entity,
      entityNames: s.entityNames,
    });
    return {
      // Search results name their labels (clients show them as tags); a single read keeps the label objects.
      memory: { ...presented[i]!, labels: presented[i]!.labels.map(l => l.name) },
      similarity_score: Number(similarity.toFixed(4)),
      relevance_reason: reason,
      highlights: highlightsOf(s.memory, s.overlap),
      related_entities: entityNodes?.get(s.memory.id) ?? [],
      score_breakdown: {
        lexical: { rank: s.c.lexicalRank ?? null, coverage: s.overlap.coverage, dice: Number(s.overlap.dice.toFixed(4)) },
        semantic: { rank: s.c.semanticRank ?? null, similarity: s.semanticScore ?? null },
        fused: Number(s.own.total.toFixed(6)),
        neighbour: Number(s.neighbour.toFixed(6)),
        date: s.date,
        entity: Number(s.entity.toFixed(6)),
        cues: Number(s.cue.toFixed(4)),
        prior: Number(s.prior.toFixed(4)),
      },
    };
  });
  /** Why vectors took no part, or null when they did. */
  return { results, semantic_unavailable: unavailable };
}
