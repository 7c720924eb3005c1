import { type BayesModel, type LogisticModel, TYPING_CLASSES, type TypingExample, type TypingModel } from './typingModel.ts';

/**
 * Training the learned typing layer (typingModel.ts), at development time only (scripts/build-typing-model.ts, and
 * tests): a multinomial logistic regression and a naive Bayes model over the same examples, shipped together.
 * Deterministic: the same examples give the same file.
 */

/**
 * The logistic regression: AdaGrad over the examples in a fixed shuffled order, L2-penalised. Chosen by
 * leave-one-file-out cross-validation (scripts/build-typing-model.ts --cross-validate): the penalty 1e-3 scored a
 * little under 1e-4 alone but is less sure of itself, so it overrides fewer of the cues the extractor's tests hold;
 * epochs and step barely mattered between 10 and 40 and 0.1 and 0.3.
 */
export const LOGISTIC_TRAINING = { epochs: 20, l2: 1e-3, step: 0.3 };
/** How much the naive Bayes log-probabilities add to the logistic scores: 0.3, 0.6 and 1 cross-validated alike (0.873–0.874, cues kept below 0.9). */
export const BAYES_WEIGHT = 0.6;
/** Laplace smoothing: how many times each feature is pretended to have been seen with every class. */
const SMOOTHING = 0.5;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const byName = <T>(entries: [string, T][]) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Both models over the same examples. */
export function trainTypingModel(examples: TypingExample[]): TypingModel {
  return { version: 3, classes: [...TYPING_CLASSES], logistic: trainLogistic(examples), bayes: trainBayes(examples), bayesWeight: BAYES_WEIGHT };
}

/** 0 … n−1 in an order fixed by the seed (a linear congruential generator). */
function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let state = Math.imul(seed, 2654435761) >>> 0 || 1;
  for (let i = n - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

export function trainLogistic(examples: TypingExample[], options = LOGISTIC_TRAINING): LogisticModel {
  const k = TYPING_CLASSES.length;
  const index = new Map<string, number>();
  const rows = examples.map(({ features, label }) => ({
    features: [...new Set(features)].map(feature => {
      let i = index.get(feature);
      if (i === undefined) index.set(feature, (i = index.size));
      return i;
    }),
    label: TYPING_CLASSES.indexOf(label),
  }));
  const weights = new Float64Array(index.size * k);
  const weightSquares = new Float64Array(index.size * k);
  const bias = new Float64Array(k);
  const biasSquares = new Float64Array(k);
  const p = new Float64Array(k);
  const adagrad = (values: Float64Array, squares: Float64Array, at: number, gradient: number) => {
    squares[at] += gradient * gradient;
    values[at] -= (options.step * gradient) / Math.sqrt(squares[at] + 1e-8);
  };
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    for (const at of shuffled(rows.length, epoch)) {
      const { features, label } = rows[at];
      let top = -Infinity;
      for (let c = 0; c < k; c++) {
        p[c] = bias[c];
        for (const f of features) p[c] += weights[f * k + c];
        top = Math.max(top, p[c]);
      }
      let total = 0;
      for (let c = 0; c < k; c++) total += p[c] = Math.exp(p[c] - top);
      for (let c = 0; c < k; c++) {
        const error = p[c] / total - (c === label ? 1 : 0);
        adagrad(bias, biasSquares, c, error);
        // The penalty is applied to the weights an example uses, when it is used: the usual lazy L2 of sparse SGD.
        for (const f of features) adagrad(weights, weightSquares, f * k + c, error + options.l2 * weights[f * k + c]);
      }
    }
  }
  const kept: Record<string, number[]> = {};
  for (const [feature, i] of byName([...index.entries()])) {
    const row = Array.from(weights.subarray(i * k, (i + 1) * k), w => round(w, 3));
    if (row.some(w => w !== 0)) kept[feature] = row;
  }
  return { bias: Array.from(bias, b => round(b, 3)), weights: kept };
}

/** Multinomial naive Bayes, Laplace-smoothed; every feature seen in training is kept (a word seen once is evidence). */
export function trainBayes(examples: TypingExample[]): BayesModel {
  const classCounts = TYPING_CLASSES.map(() => 0);
  const counts = new Map<string, number[]>();
  for (const { features, label } of examples) {
    const c = TYPING_CLASSES.indexOf(label);
    classCounts[c]++;
    for (const feature of features) {
      let row = counts.get(feature);
      if (!row) counts.set(feature, (row = TYPING_CLASSES.map(() => 0)));
      row[c]++;
    }
  }
  const kept = byName([...counts.entries()]);
  const totals = TYPING_CLASSES.map((_, c) => kept.reduce((sum, [, row]) => sum + row[c], 0));
  const floor = totals.map(total => Math.log(SMOOTHING / (total + SMOOTHING * kept.length)));
  const likelihoods: Record<string, number[]> = {};
  for (const [feature, row] of kept) {
    likelihoods[feature] = row.map((n, c) => round(Math.log((n + SMOOTHING) / (totals[c] + SMOOTHING * kept.length)) - floor[c], 2));
  }
  const priors = classCounts.map(n => round(Math.log((n + 1) / (examples.length + TYPING_CLASSES.length)), 2));
  return { priors, floor: floor.map(f => round(f, 2)), likelihoods };
}
