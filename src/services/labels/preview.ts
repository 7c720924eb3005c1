import { reviewPair, ruleKeys } from '../../domain/labelReview.ts';
import { pairKey, scorePair, type ScoredPair } from '../../domain/labelSimilarity.ts';
import type { Deps } from '../deps.ts';
import { labelRef } from '../readModel/labels.ts';
import { type SimilarityInput, type SimilarityView, similarLabels } from './similar.ts';

/** Labels sharing one rule key beyond this many are not paired by rule (a key that common says nothing). */
const MAX_RULE_GROUP = 50;

/** The rules' verdict on a scored pair, with its co-usage as evidence. */
function review(view: SimilarityView, pair: ScoredPair) {
  const both = view.coUsage.get(pairKey(pair.i, pair.j, view.labels.length)) ?? 0;
  return reviewPair(view.labels[pair.i], view.labels[pair.j], { similarity: pair.similarity, both });
}

/** Pairs the acronym and singular/plural rules recognise by themselves, whatever their vectors say. */
function rulePairs(view: SimilarityView): ScoredPair[] {
  const groups = new Map<string, number[]>();
  view.labels.forEach((label, i) => {
    for (const key of ruleKeys(label.canonical_name)) {
      const members = groups.get(key);
      if (members) members.push(i);
      else groups.set(key, [i]);
    }
  });
  const pairs: ScoredPair[] = [];
  for (const members of groups.values()) {
    if (members.length < 2 || members.length > MAX_RULE_GROUP) continue;
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const [i, j] = members[x] < members[y] ? [members[x], members[y]] : [members[y], members[x]];
        if (view.labels[i].canonical_name === view.labels[j].canonical_name) continue;
        const pair = scorePair(view, i, j);
        const { rule } = review(view, pair);
        if (rule === 'acronym' || rule === 'plural') pairs.push(pair);
      }
    }
  }
  return pairs;
}

/**
 * Candidate pairs with a proposed action (`merge` or `keep_separate`) and the reason, decided by rules (no language
 * model is wired yet): the `max_pairs` most similar pairs plus the pairs the rules find by themselves, merges first,
 * then by similarity; never mutates.
 */
export async function previewLabelConsolidation(deps: Pick<Deps, 'store' | 'embedder'>, input: SimilarityInput) {
  const view = await similarLabels(deps, input);
  const n = view.labels.length;
  const pairs = new Map(view.pairs.map(p => [pairKey(p.i, p.j, n), p]));
  for (const pair of rulePairs(view)) {
    const key = pairKey(pair.i, pair.j, n);
    if (!pairs.has(key)) pairs.set(key, pair);
  }
  const reviewed = [...pairs.values()].map(pair => ({
    a: labelRef(view.labels[pair.i]),
    b: labelRef(view.labels[pair.j]),
    similarity: pair.similarity,
    ...review(view, pair),
  }));
  const byId = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  reviewed.sort(
    (x, y) =>
      Number(x.action !== 'merge') - Number(y.action !== 'merge') ||
      y.similarity - x.similarity ||
      byId(x.a.id, y.a.id) ||
      byId(x.b.id, y.b.id),
  );
  return {
    pairs: reviewed.slice(0, input.max_pairs),
    labels_considered: n,
    sim_floor: input.sim_floor,
    decided_by: 'rules' as const,
  };
}
