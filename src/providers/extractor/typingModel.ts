import { readFileSync } from 'node:fs';
import type { Typed } from './cues.ts';

/**
 * The learned typing layer: a multinomial naive Bayes model over the feature tokens of a candidate name
 * (typingFeatures.ts), trained at development time on hand-labelled sentences (bench/fixtures/typing/, by
 * scripts/build-typing-model.ts) and shipped as data/typing-model.json. It reads five classes: person, organization,
 * location, product (software, services, devices: technology and product are one class) and event.
 *
 * The rules keep a name they are sure of (a hand-list hit, an honorific); the model decides the rest when it is
 * confident enough. A missing or corrupt model file leaves the rules alone, with one warning.
 */

export const TYPING_CLASSES = ['person', 'organization', 'location', 'product', 'event'] as const;
export type TypingClass = (typeof TYPING_CLASSES)[number];

export interface TypingModel {
  version: 2;
  classes: TypingClass[];
  /** log P(class). */
  priors: number[];
  /** log P(feature | class) of a feature never seen with the class, one per class. */
  floor: number[];
  /**
   * feature → log P(feature | class) − floor, one per class: mostly 0, which keeps the file small. Features never seen
   * in training are left out of a prediction.
   */
  likelihoods: Record<string, number[]>;
}

export interface TypingExample {
  features: string[];
  label: TypingClass;
}

/** Laplace smoothing: how many times each feature is pretended to have been seen with every class. */
const SMOOTHING = 0.5;
/**
 * A feature seen fewer times than this in all training is left out of the model. Chosen by leave-one-file-out
 * cross-validation over the five training files: keeping features seen once (a word seen once is still evidence)
 * scored 0.851 against 0.843; smoothing 0.2 or counting the rules' readings half scored up to 0.860 but overrode cues
 * a person agrees with in the extractor's tests ("flew Skylark", "dinner at X").
 */
const MIN_COUNT = 1;
const round = (x: number) => Math.round(x * 100) / 100;

/** Trains the model; deterministic (features sorted, numbers rounded) so the shipped file only changes with its data. */
export function trainTypingModel(examples: TypingExample[]): TypingModel {
  const classes = [...TYPING_CLASSES];
  const classCounts = classes.map(() => 0);
  const counts = new Map<string, number[]>();
  for (const { features, label } of examples) {
    const c = classes.indexOf(label);
    classCounts[c]++;
    for (const feature of features) {
      let row = counts.get(feature);
      if (!row) counts.set(feature, (row = classes.map(() => 0)));
      row[c]++;
    }
  }
  const kept = [...counts.entries()].filter(([, row]) => row.reduce((a, b) => a + b, 0) >= MIN_COUNT).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const totals = classes.map((_, c) => kept.reduce((sum, [, row]) => sum + row[c], 0));
  const floor = totals.map(total => Math.log(SMOOTHING / (total + SMOOTHING * kept.length)));
  const likelihoods: Record<string, number[]> = {};
  for (const [feature, row] of kept) {
    likelihoods[feature] = row.map((n, c) => round(Math.log((n + SMOOTHING) / (totals[c] + SMOOTHING * kept.length)) - floor[c]));
  }
  const all = examples.length;
  const priors = classCounts.map(n => round(Math.log((n + 1) / (all + classes.length))));
  return { version: 2, classes, priors, floor: floor.map(round), likelihoods };
}

/** A model's likelihoods as a Map, built once per model: looking 40 features up in a 7,000-key object costs more. */
const maps = new WeakMap<TypingModel, Map<string, number[]>>();
function likelihoodMap(model: TypingModel): Map<string, number[]> {
  let map = maps.get(model);
  if (!map) maps.set(model, (map = new Map(Object.entries(model.likelihoods))));
  return map;
}

/** The most likely class of a feature list and its posterior probability. */
export function predictType(model: TypingModel, features: string[]): { type: TypingClass; probability: number } {
  const scores = [...model.priors];
  const likelihoods = likelihoodMap(model);
  for (const feature of features) {
    const row = likelihoods.get(feature);
    if (row) for (let c = 0; c < scores.length; c++) scores[c] += row[c] + model.floor[c];
  }
  let best = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c] > scores[best]) best = c;
  const total = scores.reduce((sum, s) => sum + Math.exp(s - scores[best]), 0);
  return { type: model.classes[best], probability: 1 / total };
}

/** Scoring counts technology and product as one class; so does the model. */
export const typingClassOf = (type: string): TypingClass | null =>
  type === 'technology' ? 'product' : (TYPING_CLASSES as readonly string[]).includes(type) ? (type as TypingClass) : null;

/**
 * How the model and the rules combine, chosen by cross-validation over the training files (leave one file out;
 * scripts/build-typing-model.ts --cross-validate --policy=… tries others) and by the hand-written cases of
 * the extractor's tests: a rule at least `rulesKeepAt` sure keeps its type (a hand-list hit); a name the rules could
 * not type takes the model's class when its posterior is at least `modelTakesAt`; a type the rules gave from a weaker
 * cue gives way only to a model at least `modelOverridesAt` sure. 0.9 since the seven training files (0.855 against
 * 0.852 at 0.95, every fold higher, the extractor's hand-written cues kept); with three or five files lower thresholds
 * scored a little higher too but broke cues a person agrees with ("flew Skylark", "the Asana rep"), and 0.85 scores
 * 0.857 with seven.
 */
export const TYPING_POLICY = { rulesKeepAt: 0.9, modelTakesAt: 0.5, modelOverridesAt: 0.9, personKeepAt: 0.8 };

/**
 * Whether the model is asked about a name the rules typed so. Not about a sure rule, nor about a person the rules
 * are fairly sure of (a first name the lexicon knows, a kin word before it): the model would need 0.95 to override
 * those and almost never does (cross-validation: 0.827 asking, 0.825 not), and they are most of the names in chats,
 * so not asking keeps the extractor's cost within 15 % of the rules alone.
 */
export const modelMayRetype = (rules: Typed) =>
  rules.confidence < TYPING_POLICY.rulesKeepAt && !(rules.type === 'person' && rules.confidence >= TYPING_POLICY.personKeepAt);

/**
 * The type of a candidate name: the rules' where they are sure or the model is unsure, else the model's. Where the
 * model agrees with the rules' class, the rules' finer reading (technology or product) stays; a name the model alone
 * calls a product is a product.
 */
export function combineTypes(model: TypingModel | null, rules: Typed, features: string[]): Typed {
  if (!model || !modelMayRetype(rules)) return rules;
  const { type, probability } = predictType(model, features);
  const needed = rules.type === 'other' ? TYPING_POLICY.modelTakesAt : TYPING_POLICY.modelOverridesAt;
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
    typeof model === 'object' && model !== null && model.version === 2 && Array.isArray(model.classes) && Array.isArray(model.priors) &&
    model.priors.length === model.classes.length && Array.isArray(model.floor) && model.floor.length === model.classes.length && model.classes.every(c => (TYPING_CLASSES as readonly string[]).includes(c)) &&
    typeof model.likelihoods === 'object' && model.likelihoods !== null
  );
}

/** Reads a model file; null (and one warning) when it is missing or not a model. */
export function readTypingModel(file: URL | string): TypingModel | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isModel(parsed)) throw new Error('not a typing model (version 2)');
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
