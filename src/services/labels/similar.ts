import { mostUsed } from '../../domain/label.ts';
import { coUsageCounts, labelVector, mostSimilarPairs, type ScoredPair } from '../../domain/labelSimilarity.ts';
import type { Embedder } from '../../providers/ports.ts';
import type { LabelWithUsage } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { labelRef } from '../readModel/labels.ts';

export interface SimilarityInput {
  sim_floor: number;
  max_labels: number;
  max_pairs: number;
}

/** What the similarity pass saw: labels in keep order (index i), their vectors, usage and co-usage. */
export interface SimilarityView {
  labels: LabelWithUsage[];
  vectors: Float32Array[];
  usage: number[];
  /** Memories carrying both labels, by pairKey over `labels`. */
  coUsage: Map<number, number>;
  pairs: ScoredPair[];
}

/** One vector per label from the embedder: its name, plus its description when it has one. */
async function labelVectors(embedder: Embedder, labels: LabelWithUsage[]): Promise<Float32Array[]> {
  const described = labels.filter(l => l.description.trim() !== '');
  const vectors = await embedder.embed([...labels.map(l => l.name), ...described.map(l => l.description)]);
  const descriptionOf = new Map(described.map((l, k) => [l.id, vectors[labels.length + k]]));
  return labels.map((label, i) => labelVector(vectors[i], descriptionOf.get(label.id) ?? null));
}

/**
 * The most similar label pairs at or above `sim_floor` among the `max_labels` most used labels, exact-canonical
 * forks left out (consolidation handles those); reads only. In each pair, i (side `a`) is the label the keep rule
 * would keep.
 */
export async function similarLabels(deps: Pick<Deps, 'store' | 'embedder'>, input: SimilarityInput): Promise<SimilarityView> {
  const labels = mostUsed(await deps.store.labels.listAllWithUsage(), input.max_labels);
  const index = new Map(labels.map((l, i) => [l.id, i]));
  const coUsage = coUsageCounts(await deps.store.memoryLabels.liveEdges(), index);
  const vectors = await labelVectors(deps.embedder, labels);
  const usage = labels.map(l => l.usage_count);
  const pairs = mostSimilarPairs({
    vectors,
    ids: labels.map(l => l.id),
    usage,
    coUsage,
    floor: input.sim_floor,
    maxPairs: input.max_pairs,
    skip: (i, j) => labels[i].canonical_name === labels[j].canonical_name,
  });
  return { labels, vectors, usage, coUsage, pairs };
}

/** Semantically near label pairs, most similar first; nothing is merged. */
export async function labelMergeCandidates(deps: Pick<Deps, 'store' | 'embedder'>, input: SimilarityInput) {
  const { labels, pairs } = await similarLabels(deps, input);
  return {
    pairs: pairs.map(p => ({ a: labelRef(labels[p.i]), b: labelRef(labels[p.j]), similarity: p.similarity })),
    labels_considered: labels.length,
    sim_floor: input.sim_floor,
  };
}
