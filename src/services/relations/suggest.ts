import { InputError } from '../../errors.ts';
import { EVOLVES_TYPE, type EvolvesRelation } from '../../domain/evolves.ts';
import { RELATED_TYPE } from '../../domain/relation.ts';
import { classifyEvolution, profileText, textOverlap } from '../../domain/relationSignals.ts';
import { semanticSimilarity } from '../../domain/scoring.ts';
import type { Llm } from '../../providers/ports.ts';
import type { MemoryRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { requireMemory } from '../readModel/memories.ts';
import { isOlder, memoryText } from './detect.ts';
import { judgeWithModel } from './suggestLlm.ts';

export interface SuggestRelationInput {
  target_memory_id: string;
  preferred_language?: string | null;
  known_relation_types?: string[];
}

/** How related two memories must look (0..1) before a generic link is proposed; shared entities lower the bar. */
const RELATED_FLOOR = 0.35;
const RELATED_FLOOR_WITH_ENTITY = 0.2;

const EVOLVES_LABELS: Record<EvolvesRelation, string> = {
  replaces: 'Replaces',
  enriches: 'Enriches',
  confirms: 'Confirms',
  challenges: 'Challenges',
};

/** Types the caller's vocabulary may use for a generic link, best first. */
const RELATED_SYNONYMS = [RELATED_TYPE, 'RELATES_TO', 'RELATED', 'SIMILAR_TO', 'SEE_ALSO'];

/**
 * Cosine of the two memories under the configured embedder, rescaled to 0..1; undefined without semantic search,
 * or when the embedder fails (a remote one may be down): the other signals still answer.
 */
async function semantic(deps: Pick<Deps, 'indexer'>, a: MemoryRecord, b: MemoryRecord): Promise<number | undefined> {
  if (!deps.indexer) return undefined;
  let va: Float32Array | undefined;
  let vb: Float32Array | undefined;
  try {
    [va, vb] = await deps.indexer.embedder.embed([memoryText(a), memoryText(b)]);
  } catch {
    return undefined;
  }
  let cosine = 0;
  for (let i = 0; i < va!.length; i++) cosine += va![i]! * vb![i]!;
  return semanticSimilarity(cosine, deps.indexer.embedder.unrelatedCosine);
}

/** The caller's spelling of a type when its vocabulary has it (case-insensitively), else ours. */
function inVocabulary(type: string, known: string[] | undefined, synonyms: string[] = [type]): string {
  if (!known?.length) return type;
  const byUpper = new Map(known.map(k => [k.trim().toUpperCase(), k.trim()]));
  for (const s of synonyms) if (byUpper.has(s)) return byUpper.get(s)!;
  return type;
}

const round = (n: number) => Number(n.toFixed(3));

type SuggestDeps = Pick<Deps, 'store' | 'indexer'> & {
  /** A language model (CAIRN_LLM_URL), when one is wired in: its judgement replaces the offline one. */
  llm?: Llm | null;
};

/**
 * Suggests whether and how to link a memory to another, without writing anything. Offline signals: word overlap,
 * the configured embedder's similarity when semantic search is on, shared entities, and time order (the newer of
 * the two is the one that can update the other). An update reads as EVOLVES newer → older (`from_memory_id`,
 * `to_memory_id` and `properties.relation` say how to create it); otherwise enough in common reads as RELATED_TO.
 * With a language model, the model judges (given the signals); when it fails, the offline answer stands and
 * `model_error` says why. `judged_by` says which answered.
 */
export async function suggestRelation(deps: SuggestDeps, memoryId: string, input: SuggestRelationInput) {
  if (input.target_memory_id === memoryId) throw new InputError(['body', 'target_memory_id'], 'A memory cannot be related to itself');
  const source = await requireMemory(deps.store, memoryId);
  const target = await requireMemory(deps.store, input.target_memory_id);
  const offline = await offlineSuggestion(deps, source, target, input);
  if (!deps.llm) return { ...offline, judged_by: 'rules' as const };
  try {
    const judged = await judgeWithModel(deps.llm, { a: source, b: target, ...input, signals: offline.signals });
    return { ...judged, signals: offline.signals, judged_by: 'llm' as const };
  } catch (error) {
    return { ...offline, judged_by: 'rules' as const, model_error: error instanceof Error ? error.message : String(error) };
  }
}

async function offlineSuggestion(deps: SuggestDeps, source: MemoryRecord, target: MemoryRecord, input: SuggestRelationInput) {
  const [newer, older] = isOlder(source, target) ? [target, source] : [source, target];
  const entities = await deps.store.mentions.entityIdsOf([source.id, target.id]);
  const sourceEntities = new Set(entities.get(source.id) ?? []);
  const sharedEntities = (entities.get(target.id) ?? []).filter(e => sourceEntities.has(e)).length;
  const profiles = new Map([source, target].map(m => [m.id, profileText(memoryText(m))]));
  const overlap = textOverlap(profiles.get(source.id)!, profiles.get(target.id)!);
  const similarity = await semantic(deps, source, target);
  const lexical = overlap.shared.length / Math.max(1, Math.min(overlap.newerTerms, overlap.olderTerms));
  const relatedness = Math.max(0.5 * overlap.jaccard + 0.5 * lexical, similarity ?? 0);
  const signals = {
    lexical_jaccard: round(overlap.jaccard),
    lexical_overlap: round(lexical),
    semantic_similarity: similarity === undefined ? null : round(similarity),
    shared_entities: sharedEntities,
    newer_memory_id: newer.id,
  };
  const order = `${newer.id === source.id ? 'this memory' : 'the target'} is the newer one`;

  const verdict = classifyEvolution({
    newer: profiles.get(newer.id)!,
    older: profiles.get(older.id)!,
    newerEntities: entities.get(newer.id) ?? [],
    olderEntities: entities.get(older.id) ?? [],
  });
  if (verdict) {
    return {
      should_link: true,
      relation_type: inVocabulary(EVOLVES_TYPE, input.known_relation_types),
      display_label: EVOLVES_LABELS[verdict.relation],
      reason: `${verdict.reason}; ${order}, so the edge goes from it to the older one`,
      confidence: verdict.confidence,
      bidirectional: false,
      from_memory_id: newer.id,
      to_memory_id: older.id,
      properties: { relation: verdict.relation } as Record<string, string>,
      signals,
    };
  }

  const floor = sharedEntities > 0 ? RELATED_FLOOR_WITH_ENTITY : RELATED_FLOOR;
  const link = relatedness >= floor || sharedEntities >= 2;
  const shared = overlap.shared.slice(0, 5).map(t => `'${t}'`).join(', ');
  const because = [
    shared && `they share ${shared}`,
    similarity !== undefined && `semantic similarity ${similarity.toFixed(2)}`,
    sharedEntities > 0 && `${sharedEntities} shared entit${sharedEntities === 1 ? 'y' : 'ies'}`,
  ].filter(Boolean).join('; ');
  return {
    should_link: link,
    relation_type: link ? inVocabulary(RELATED_TYPE, input.known_relation_types, RELATED_SYNONYMS) : null,
    display_label: link ? 'Related to' : '',
    reason: link ? `${because}; ${order}` : `little in common${because ? ` (${because})` : ''}`,
    confidence: round(link ? Math.min(0.9, relatedness + 0.1 * Math.min(sharedEntities, 3)) : relatedness),
    bidirectional: link,
    from_memory_id: source.id,
    to_memory_id: target.id,
    properties: {} as Record<string, string>,
    signals,
  };
}
