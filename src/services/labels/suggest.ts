import { mostUsed } from '../../domain/label.ts';
import { cosineToCentroid } from '../../domain/labelSimilarity.ts';
import type { LabelWithUsage } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

/** Bounds and threshold of label suggestions on create (CAIRN_AUTO_LABEL); documented in docs/api.md. */
const AUTO_LABEL = {
  /** Only the most used labels are compared, so the cost of a create stays bounded. */
  maxLabels: 50,
  /** A label's centroid is the mean vector of its newest member memories, at most this many. */
  membersPerLabel: 4,
  /** Labels with fewer live members than this are never suggested. */
  minMembers: 2,
  /** Cosine between the new content and a label's centroid needed to suggest it. */
  threshold: 0.5,
  maxSuggestions: 3,
  /** Texts are cut to this many characters before embedding. */
  maxChars: 2000,
};

/**
 * Existing labels whose member memories the content resembles: the embedder's cosine between the content and the
 * centroid of each label's recent members, at or above the threshold, best first. Reads only; never creates a label.
 */
export async function suggestLabels(deps: Pick<Deps, 'store' | 'embedder'>, content: string): Promise<LabelWithUsage[]> {
  const eligible = (await deps.store.labels.listAllWithUsage()).filter(l => l.usage_count >= AUTO_LABEL.minMembers);
  const labels = mostUsed(eligible, AUTO_LABEL.maxLabels);
  if (labels.length === 0) return [];
  const members = await deps.store.memoryLabels.sampleContents(
    labels.map(l => l.id),
    AUTO_LABEL.membersPerLabel,
  );
  const [query, ...vectors] = await deps.embedder.embed([content, ...members.map(m => m.content)].map(t => t.slice(0, AUTO_LABEL.maxChars)));
  const byLabel = new Map<string, Float32Array[]>();
  members.forEach((m, k) => byLabel.set(m.label_id, [...(byLabel.get(m.label_id) ?? []), vectors[k]]));
  return labels
    .map(label => ({ label, score: cosineToCentroid(query, byLabel.get(label.id) ?? []) }))
    .filter(s => s.score >= AUTO_LABEL.threshold)
    .sort((x, y) => y.score - x.score || (x.label.id < y.label.id ? -1 : 1))
    .slice(0, AUTO_LABEL.maxSuggestions)
    .map(s => s.label);
}
