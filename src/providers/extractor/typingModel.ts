import { readFileSync } from 'node:fs';
import type { Typed } from './cues.ts';

/**
 * The learned typing layer: two models over the feature tokens of a candidate name (typingFeatures.ts), trained at
 * development time on hand-labelled sentences (bench/fixtures/typing/, by scripts/build-typing-model.ts and
 * typingTraining.ts) and shipped together as data/typing-model.json. They read five classes: person, organization,
 * location, product (software, services, devices: technology and product are one class) and event.
 * - A multinomial logistic regression weighs the overlapping features (a name's words, its letter trigrams, its
 *   lists, the words around it, the rules' readings) jointly.
 * - A naive Bayes model counts each feature as independent evidence: wrong about the features' overlap, but a strong
 *   spelling model of a name nobody listed, which is where the logistic model, penalised, is unsure.
 * A class's score is the logistic score plus `bayesWeight` times naive Bayes's log-probability (a product of experts).
 * Cross-validated type accuracy (eight training files, one left out in turn): naive Bayes alone 0.863, logistic
 * alone 0.863, the two 0.874 with the same policy; 0.871 with the policy shipped (docs/benchmarks.md, "Sixth round").
 *
 * The rules keep a name they are sure of (a hand-list hit, an honorific); the models decide the rest when they are
 * confident enough. A missing or corrupt model file leaves the rules alone, with one warning.
 */

export const TYPING_CLASSES = ['person', 'organization', 'location', 'product', 'event'] as const;
export type TypingClass = (typeof TYPING_CLASSES)[number];

export interface LogisticModel {
  /** Each class's bias. */
  bias: number[];
  /** feature → its weight for each class. */
  weights: Record<string, number[]>;
}

export interface BayesModel {
  /** log P(class). */
  priors: number[];
  /** log P(feature | class) of a feature never seen with the class, one per class. */
  floor: number[];
  /** feature → log P(feature | class) − floor, one per class (mostly 0, which keeps the file small). */
  likelihoods: Record<string, number[]>;
}

export interface TypingModel {
  version: 3;
  classes: TypingClass[];
  logistic: LogisticModel;
  bayes: BayesModel;
  /** How much naive Bayes's log-probabilities add to the logistic scores. */
  bayesWeight: number;
}

export interface TypingExample {
  features: string[];
  label: TypingClass;
}

/** Scores to probabilities, in place. */
function softmax(scores: number[]): number[] {
  const top = Math.max(...scores);
  let total = 0;
  for (let c = 0; c < scores.length; c++) total += scores[c] = Math.exp(scores[c] - top);
  for (let c = 0; c < scores.length; c++) scores[c] /= total;
  return scores;
}

/** A table's rows as a Map, built once per table: looking 40 features up in a 27,000-key object costs more. */
const maps = new WeakMap<Record<string, number[]>, Map<string, number[]>>();
function rowsOf(table: Record<string, number[]>): Map<string, number[]> {
  let map = maps.get(table);
  if (!map) maps.set(table, (map = new Map(Object.entries(table))));
  return map;
}

/** Each class's score: a start plus the rows of the features a table has (features never seen in training are left out). */
function scoresOf(start: number[], table: Record<string, number[]>, features: string[], floor?: number[]): number[] {
  const scores = [...start];
  const rows = rowsOf(table);
  for (const feature of features) {
    const row = rows.get(feature);
    if (row) for (let c = 0; c < scores.length; c++) scores[c] += row[c] + (floor?.[c] ?? 0);
  }
  return scores;
}

/** The most likely class of a feature list and its probability. */
export function predictType(model: TypingModel, features: string[]): { type: TypingClass; probability: number } {
  const scores = scoresOf(model.logistic.bias, model.logistic.weights, features);
  const bayes = softmax(scoresOf(model.bayes.priors, model.bayes.likelihoods, features, model.bayes.floor));
  for (let c = 0; c < scores.length; c++) scores[c] += model.bayesWeight * Math.log(Math.max(bayes[c], 1e-12));
  const probabilities = softmax(scores);
  let best = 0;
  for (let c = 1; c < probabilities.length; c++) if (probabilities[c] > probabilities[best]) best = c;
  return { type: model.classes[best], probability: probabilities[best] };
}

/** Scoring counts technology and product as one class; so does the model. */
export const typingClassOf = (type: string): TypingClass | null =>
  type === 'technology' ? 'product' : (TYPING_CLASSES as readonly string[]).includes(type) ? (type as TypingClass) : null;

/**
 * How the model and the rules combine, chosen by cross-validation over the training files (leave one file out;
 * scripts/build-typing-model.ts --cross-validate --policy=… tries others) and by the hand-written cases of the
 * extractor's tests:
 * - a rule at least `rulesKeepAt` sure keeps its type (a town before a noun only software has, a firm's cue), and so
 *   does a person the rules are `personKeepAt` sure of;
 * - a type read from the name alone (a hand-list hit: "Bosch", "GitLab") is asked about below `listKeepAt`: the same
 *   brand is its firm in one sentence and its product in another ("the Bosch dishwasher", "approve the PR in GitLab").
 *   Since the eleventh round; cross-validated 0.889 → 0.893, notes-fresh10 (not trained on then) 0.918 → 0.928;
 * - a name the rules could not type takes the model's class when its probability is at least `modelTakesAt`;
 * - a type the rules read from the words around the name (a cue of at least `cueAt`: "flew X", "the X app", "dinner
 *   in X") gives way only to a model at least `cuedOverridesAt` sure; one the rules guessed from the name alone, to a
 *   model `modelOverridesAt` sure. A preposition alone ("to X", "in X", read at 0.6) is no cue since the eleventh
 *   round ("sending the proposal to Gunnhild"): cross-validated 0.894 → 0.896.
 * Since the sixth round the models decide more than naive Bayes alone did (a guess gives way at 0.7, not 0.9; a
 * person the rules are 0.8 sure of is asked too): with the old thresholds the two models cross-validate at 0.867,
 * with these 0.871 (naive Bayes alone 0.855 → 0.863). A cue is kept unless the models are 0.97 sure: 0.9 scored
 * 0.874 but overrode cues a person agrees with ("Crunchyroll raised the price", "Tessary is down again").
 */
export const TYPING_POLICY = { rulesKeepAt: 0.9, listKeepAt: 0.95, personKeepAt: 0.9, modelTakesAt: 0.4, modelOverridesAt: 0.7, cueAt: 0.61, cuedOverridesAt: 0.97 };

/**
 * Whether the model is asked about a name the rules typed so. Not about a sure rule, nor about a person the rules
 * are `personKeepAt` sure of: the models would almost never override them, and not asking keeps the extractor's
 * cost down. (A name after a title, "Dr. Okafor", is not asked at all.) `listedAlone`: the type is the hand lists'
 * (names.ts), kept only at `listKeepAt`.
 */
export const modelMayRetype = (rules: Typed, listedAlone = false) =>
  rules.confidence < (listedAlone ? TYPING_POLICY.listKeepAt : TYPING_POLICY.rulesKeepAt) && !(rules.type === 'person' && rules.confidence >= TYPING_POLICY.personKeepAt);

/** Whether the rules' type was read from the words around the name (a cue, a firm's cue among them), not guessed from the name alone. */
export const cuedByContext = (chosen: Typed, context: Typed) =>
  context.type !== 'other' && context.confidence >= TYPING_POLICY.cueAt &&
  (typingClassOf(context.type) === typingClassOf(chosen.type) || (context.firm === true && chosen.type === 'organization'));

/**
 * The type of a candidate name: the rules' where they are sure or the model is unsure, else the model's. Where the
 * model agrees with the rules' class, the rules' finer reading (technology or product) stays; a name the model alone
 * calls a product is a product.
 */
export function combineTypes(model: TypingModel | null, rules: Typed, features: string[], cued = false, listedAlone = false): Typed {
  if (!model || !modelMayRetype(rules, listedAlone)) return rules;
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

const isTable = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed file is a model this code can read. */
function isModel(value: unknown): value is TypingModel {
  const model = value as TypingModel;
  return (
    typeof model === 'object' && model !== null && model.version === 3 && Array.isArray(model.classes) &&
    model.classes.every(c => (TYPING_CLASSES as readonly string[]).includes(c)) && typeof model.bayesWeight === 'number' &&
    Array.isArray(model.logistic?.bias) && model.logistic.bias.length === model.classes.length && isTable(model.logistic.weights) &&
    Array.isArray(model.bayes?.priors) && model.bayes.priors.length === model.classes.length &&
    Array.isArray(model.bayes.floor) && model.bayes.floor.length === model.classes.length && isTable(model.bayes.likelihoods)
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
