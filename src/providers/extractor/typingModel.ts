import { readFileSync } from 'node:fs';
import type { Typed } from './cues.ts';

/**
 * The learned typing layer: a multinomial logistic regression (a linear softmax model) over the feature tokens of a
 * candidate name (typingFeatures.ts), trained at development time on hand-labelled sentences (bench/fixtures/typing/,
 * by scripts/build-typing-model.ts) and shipped as data/typing-model.json. It reads five classes: person,
 * organization, location, product (software, services, devices: technology and product are one class) and event.
 *
 * Logistic regression replaced naive Bayes (2026-11-27): the features overlap heavily (a name's words, its letter
 * trigrams, its lists, the rules' readings), which naive Bayes counts as independent evidence and so is sure of the
 * wrong class too often; a discriminative model weighs them jointly (cross-validated type accuracy 0.855 → 0.863 with
 * the same features, docs/benchmarks.md).
 *
 * The rules keep a name they are sure of (a hand-list hit, an honorific); the model decides the rest when it is
 * confident enough. A missing or corrupt model file leaves the rules alone, with one warning.
 */

export const TYPING_CLASSES = ['person', 'organization', 'location', 'product', 'event'] as const;
export type TypingClass = (typeof TYPING_CLASSES)[number];

export interface TypingModel {
  version: 3;
  classes: TypingClass[];
  /** Each class's bias. */
  bias: number[];
  /** feature → its weight for each class. Features never seen in training are left out of a prediction. */
  weights: Record<string, number[]>;
}

export interface TypingExample {
  features: string[];
  label: TypingClass;
}

/**
 * Training: AdaGrad over the examples in a fixed shuffled order, L2-penalised. Chosen by leave-one-file-out
 * cross-validation (scripts/build-typing-model.ts --cross-validate): the penalty 1e-3 scored a little under 1e-4
 * (0.863 against 0.868) but is less sure of itself, so it overrides fewer of the cues the extractor's tests hold and
 * scored higher on every held-out set; epochs and step barely mattered between 10 and 40 and 0.1 and 0.3.
 */
export const TRAINING = { epochs: 20, l2: 1e-3, step: 0.3 };

const round = (x: number) => Math.round(x * 1000) / 1000;

/** 0 … n−1 in an order fixed by the seed (a linear congruential generator), so training is deterministic. */
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

/** Trains the model; deterministic (a fixed order, numbers rounded) so the shipped file only changes with its data. */
export function trainTypingModel(examples: TypingExample[], options = TRAINING): TypingModel {
  const classes = [...TYPING_CLASSES];
  const k = classes.length;
  const index = new Map<string, number>();
  const rows = examples.map(({ features, label }) => ({
    features: [...new Set(features)].map(feature => {
      let i = index.get(feature);
      if (i === undefined) index.set(feature, (i = index.size));
      return i;
    }),
    label: classes.indexOf(label),
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
      for (let c = 0; c < k; c++) {
        p[c] = bias[c];
        for (const f of features) p[c] += weights[f * k + c];
      }
      softmaxInPlace(p);
      for (let c = 0; c < k; c++) {
        const error = p[c] - (c === label ? 1 : 0);
        adagrad(bias, biasSquares, c, error);
        // The penalty is applied to the weights an example uses, when it is used: the usual lazy L2 of sparse SGD.
        for (const f of features) adagrad(weights, weightSquares, f * k + c, error + options.l2 * weights[f * k + c]);
      }
    }
  }
  const byName: Record<string, number[]> = {};
  for (const [feature, i] of [...index.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const row = Array.from(weights.subarray(i * k, (i + 1) * k), round);
    if (row.some(w => w !== 0)) byName[feature] = row;
  }
  return { version: 3, classes, bias: Array.from(bias, round), weights: byName };
}

/** Scores to probabilities, in place. */
function softmaxInPlace(scores: Float64Array | number[]): void {
  let top = -Infinity;
  for (const s of scores) top = Math.max(top, s);
  let total = 0;
  for (let c = 0; c < scores.length; c++) total += scores[c] = Math.exp(scores[c] - top);
  for (let c = 0; c < scores.length; c++) scores[c] /= total;
}

/** A model's weights as a Map, built once per model: looking 40 features up in a 20,000-key object costs more. */
const maps = new WeakMap<TypingModel, Map<string, number[]>>();
function weightMap(model: TypingModel): Map<string, number[]> {
  let map = maps.get(model);
  if (!map) maps.set(model, (map = new Map(Object.entries(model.weights))));
  return map;
}

/** The most likely class of a feature list and its probability. */
export function predictType(model: TypingModel, features: string[]): { type: TypingClass; probability: number } {
  const scores = [...model.bias];
  const weights = weightMap(model);
  for (const feature of features) {
    const row = weights.get(feature);
    if (row) for (let c = 0; c < scores.length; c++) scores[c] += row[c];
  }
  softmaxInPlace(scores);
  let best = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c] > scores[best]) best = c;
  return { type: model.classes[best], probability: scores[best] };
}

/** Scoring counts technology and product as one class; so does the model. */
export const typingClassOf = (type: string): TypingClass | null =>
  type === 'technology' ? 'product' : (TYPING_CLASSES as readonly string[]).includes(type) ? (type as TypingClass) : null;

/**
 * How the model and the rules combine, chosen by cross-validation over the training files (leave one file out;
 * scripts/build-typing-model.ts --cross-validate --policy=… tries others) and by the hand-written cases of the
 * extractor's tests:
 * - a rule at least `rulesKeepAt` sure keeps its type (a hand-list hit, a town before a noun only software has), and so
 *   does a person the rules are `personKeepAt` sure of;
 * - a name the rules could not type takes the model's class when its probability is at least `modelTakesAt`;
 * - a type the rules read from the words around the name (a cue of at least `cueAt`: "flew X", "the X app", "dinner
 *   in X") gives way only to a model at least `cuedOverridesAt` sure; one the rules guessed from the name alone, to a
 *   model `modelOverridesAt` sure.
 * With logistic regression the model decides more than naive Bayes did (0.7 against 0.9): its probabilities are less
 * extreme, and letting it override guesses scored higher in every fold (0.855 → 0.863) and on every held-out set. The
 * cue threshold keeps the cues a person agrees with (without it 0.868, but "Ludovic moved from Criteo to Dataiku"
 * made Criteo a place).
 */
export const TYPING_POLICY = { rulesKeepAt: 0.9, personKeepAt: 0.9, modelTakesAt: 0.4, modelOverridesAt: 0.7, cueAt: 0.55, cuedOverridesAt: 0.9 };

/**
 * Whether the model is asked about a name the rules typed so. Not about a sure rule, nor about a person the rules
 * are sure of (a title, a kin word before it): they are most of the names in chats, so not asking keeps the
 * extractor's cost down.
 */
export const modelMayRetype = (rules: Typed) =>
  rules.confidence < TYPING_POLICY.rulesKeepAt && !(rules.type === 'person' && rules.confidence >= TYPING_POLICY.personKeepAt);

/** Whether the rules' type was read from the words around the name (a cue), not guessed from the name alone. */
export const cuedByContext = (chosen: Typed, context: Typed) =>
  context.type !== 'other' && context.confidence >= TYPING_POLICY.cueAt && typingClassOf(context.type) === typingClassOf(chosen.type);

/**
 * The type of a candidate name: the rules' where they are sure or the model is unsure, else the model's. Where the
 * model agrees with the rules' class, the rules' finer reading (technology or product) stays; a name the model alone
 * calls a product is a product.
 */
export function combineTypes(model: TypingModel | null, rules: Typed, features: string[], cued = false): Typed {
  if (!model || !modelMayRetype(rules)) return rules;
  const { type, probability } = predictType(model, features);
  const needed = rules.type === 'other' ? TYPING_POLICY.modelTakesAt : cued ? TYPING_POLICY.cuedOverridesAt : TYPING_POLICY.modelOverridesAt;
  if (probability < needed || typingClassOf(rules.type) === type) return rules;
  // A learned type is a guess (below SURE_TYPE_CONFIDENCE, 0.7): it votes with the space's other mentions of the name
  // but never replaces a type a caller stated or a cue was sure of.
  return { type, confidence: Math.round(Math.min(MODEL_CONFIDENCE, probability) * 100) / 100 };
}

/** The most confidence a type from the model carries. */
const MODEL_CONFIDENCE = 0.65;

const MODEL_FILE = new URL('./data/typing-model.json', import.meta.url);
let loaded: { model: TypingModel | null } | null = null;

/** Whether a parsed file is a model this code can read. */
function isModel(value: unknown): value is TypingModel {
  const model = value as TypingModel;
  return (
    typeof model === 'object' && model !== null && model.version === 3 && Array.isArray(model.classes) && Array.isArray(model.bias) &&
    model.bias.length === model.classes.length && model.classes.every(c => (TYPING_CLASSES as readonly string[]).includes(c)) &&
    typeof model.weights === 'object' && model.weights !== null
  );
}

/** Reads a model file; null (and one warning) when it is missing or not a model. */
export function readTypingModel(file: URL | string): TypingModel | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isModel(parsed)) throw new Error('not a typing model (version 3)');
    return parsed;
  } catch (error) {
    process.emitWarning(`entity typing model ${String(file)} could not be read (${(error as Error).message}): names are typed by the rules alone`, 'CairnTypingModel');
    return null;
  }
}

/** The shipped model, read on first use (not at startup), once per process. */
export function typingModel(): TypingModel | null {
  return (loaded ??= { model: readTypingModel(MODEL_FILE) }).model;
}

/** Puts another model (or none: the rules alone) in the shipped one's place: for training, cross-validation and benches. */
export function replaceTypingModel(model: TypingModel | null): void {
  loaded = { model };
}
