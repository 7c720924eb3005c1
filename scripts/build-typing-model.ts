/**
 * Builds the learned typing layer's model (src/providers/extractor/data/typing-model.json) from hand-labelled
 * sentences: every candidate name the rules find in a sentence that the labels name is one training example (its
 * feature tokens → the labelled type). Deterministic: the same fixtures give the same file.
 *
 *   npm run build:typing-model                       writes the model from every bench/fixtures/typing/train-*.txt
 *                                                    and the development sets (trainingCorpora below)
 *   npm run build:typing-model -- --cross-validate   trains on all files but one, scores the one left out (each in
 *                                                    turn) against the rules alone; writes nothing
 *                                                    (--held-out=a,b: score only train-a and train-b)
 *   npm run build:typing-model -- --learning-curve   the same folds, trained on 0, 1, … of the other training files
 *                                                    (every combination, and always the development sets): mean
 *                                                    type accuracy by how many files were trained on; writes nothing
 *
 * The blind sets in bench/extract.ts TRAINED_FRESH (entities-fresh2.txt to entities-fresh22.txt, and later ones once read) are trained on: each was measured blind once (its round's
 * note says with what), then joined the training data. The held-out sets (entities-heldout.json, the notes-heldout
 * third of entities-notes.txt, and the blind sets not yet in bench/extract.ts TRAINED_FRESH) are never read here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyTally, freshFile, type Labelled, readNotes, score, type Tally, TRAINED_FRESH, typingTrainingFiles } from '../bench/extract.ts';
import { REPO_ROOT } from '../bench/lib.ts';
import { cleanEntityName, entityKey } from '../src/domain/entity.ts';
import { observeTyping } from '../src/providers/extractor/names.ts';
import { extractWithRules } from '../src/providers/extractor/rules.ts';
import { replaceTypingModel, TYPING_POLICY, type TypingExample, typingClassOf, type TypingModel } from '../src/providers/extractor/typingModel.ts';
import { trainTypingModel } from '../src/providers/extractor/typingTraining.ts';

const FIXTURES = join(REPO_ROOT, 'bench/fixtures');
const OUTPUT = join(REPO_ROOT, 'src/providers/extractor/data/typing-model.json');
const REFERENCE_TIME = '2024-06-15T12:00:00.000Z';

interface Corpus {
  name: string;
  sentences: Labelled[];
}

/** The training corpora: the typing training files, the development sets that are not held out, the measured blind sets. */
function trainingCorpora(): Corpus[] {
  const typing = typingTrainingFiles();
  const notes = readNotes(join(FIXTURES, 'entities-notes.txt'));
  return [
    ...typing.map(path => ({ name: path.slice(path.lastIndexOf('/') + 1), sentences: readNotes(path) })),
    { name: 'entities.json', sentences: (JSON.parse(readFileSync(join(FIXTURES, 'entities.json'), 'utf8')) as { sentences: Labelled[] }).sentences },
    // Every third line of entities-notes.txt is held out (bench extract: notes-heldout): the other two are used.
    { name: 'notes-tuning', sentences: notes.filter((_, i) => i % 3 !== 2) },
    { name: 'entities-fresh.txt', sentences: readNotes(join(FIXTURES, 'entities-fresh.txt')) },
    // The blind sets trained on once measured (bench/extract.ts TRAINED_FRESH); the newest blind set is not among them.
    ...[...TRAINED_FRESH].map(n => ({ name: `entities-fresh${n}.txt`, sentences: readNotes(freshFile(n)) })),
  ];
}

/** The labelled candidate names of some sentences, as the rules alone see them (once per sentence list: the rules do not change). */
const examplesCache = new WeakMap<Labelled[], TypingExample[]>();
function examplesOf(sentences: Labelled[]): TypingExample[] {
  const cached = examplesCache.get(sentences);
  if (cached) return cached;
  const examples: TypingExample[] = [];
  replaceTypingModel(null);
  for (const sentence of sentences) {
    const labels = new Map(sentence.entities.flatMap(e => (typingClassOf(e.type) ? [[entityKey(e.name), typingClassOf(e.type)!] as const] : [])));
    const seen: { features: string[]; key: string }[] = [];
    observeTyping((features, _rules, name) => seen.push({ features, key: entityKey(cleanEntityName(name)) }));
    extractWithRules({ text: sentence.text, reference_time: REFERENCE_TIME });
    observeTyping(null);
    for (const { features, key } of seen) {
      const label = labels.get(key);
      if (label) examples.push({ features, label });
    }
  }
  examplesCache.set(sentences, examples);
  return examples;
}

/** Named-entity recall, precision and type accuracy of the extractor on some sentences with a model (null: rules alone). */
function evaluate(model: TypingModel | null, sentences: Labelled[]) {
  replaceTypingModel(model);
  const named = emptyTally();
  const dates = emptyTally();
  for (const sentence of sentences) score(sentence, extractWithRules({ text: sentence.text, reference_time: REFERENCE_TIME }).entities, named, dates);
  return { named, dates };
}

const f3 = (x: number) => x.toFixed(3);

function crossValidate(corpora: Corpus[]) {
  const trainingFiles = corpora.filter(c => c.name.startsWith('train-'));
  // --held-out=a,b,c: score only these files (each still trained on all the others), to compare with a run that had fewer files.
  const only = process.argv.find(a => a.startsWith('--held-out='))?.slice('--held-out='.length).split(',');
  const folds = (trainingFiles.length >= 3 ? trainingFiles : corpora).filter(c => !only || only.some(letter => c.name === `train-${letter}.txt`));
  const all = { rules: emptyTally(), learned: emptyTally(), dates: emptyTally() };
  const add = (into: Tally, from: Tally) => {
    for (const key of ['predicted', 'gold', 'truePositives', 'typedRight'] as const) into[key] += from[key];
  };
  const line = (name: string, size: string, rules: Tally, learned: Tally, dates: Tally) =>
    `${name.padEnd(14)} ${size.padStart(5)}  type accuracy: rules ${f3(rules.typedRight / rules.truePositives)}  rules+model ${f3(learned.typedRight / learned.truePositives)}` +
    `  names P/R ${f3(learned.truePositives / learned.predicted)}/${f3(learned.truePositives / learned.gold)}  dates P/R ${f3(dates.truePositives / dates.predicted)}/${f3(dates.truePositives / dates.gold)}`;
  for (const held of folds) {
    const rest = corpora.filter(c => c !== held);
    const model = trainTypingModel(rest.flatMap(c => examplesOf(c.sentences)));
    const rules = evaluate(null, held.sentences);
    const learned = evaluate(model, held.sentences);
    add(all.rules, rules.named);
    add(all.learned, learned.named);
    add(all.dates, learned.dates);
    console.log(line(held.name, String(held.sentences.length), rules.named, learned.named, learned.dates));
    if (process.argv.includes('--verbose')) {
      console.log(`  mistyped: ${learned.named.mistyped.join(', ')}`);
      console.log(`  missed: ${learned.named.misses.join(', ')}`);
      console.log(`  spurious: ${learned.named.spurious.join(', ')}`);
      console.log(`  dates missed: ${learned.dates.misses.join(', ')}`);
      console.log(`  dates spurious: ${learned.dates.spurious.join(', ')}`);
    }
  }
  console.log(line('all folds', '', all.rules, all.learned, all.dates));
  replaceTypingModel(null);
}

/** Every way of choosing k of some items, in order. */
function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((item, i) => combinations(items.slice(i + 1), k - 1).map(rest => [item, ...rest]));
}

/**
 * Does more labelled data still pay? Each training file held out in turn, the model trained on the development sets
 * and k of the other training files (every combination), type accuracy pooled over the combinations and folds.
 */
function learningCurve(corpora: Corpus[]) {
  const files = corpora.filter(c => c.name.startsWith('train-'));
  const development = corpora.filter(c => !c.name.startsWith('train-'));
  for (let k = 0; k < files.length; k++) {
    const pooled = emptyTally();
    const perRun: number[] = [];
    for (const held of files) {
      for (const chosen of combinations(files.filter(c => c !== held), k)) {
        const model = trainTypingModel([...development, ...chosen].flatMap(c => examplesOf(c.sentences)));
        const { named } = evaluate(model, held.sentences);
        perRun.push(named.typedRight / named.truePositives);
        for (const key of ['predicted', 'gold', 'truePositives', 'typedRight'] as const) pooled[key] += named[key];
      }
    }
    const mean = perRun.reduce((a, b) => a + b, 0) / perRun.length;
    console.log(`${k} training files: ${String(perRun.length).padStart(2)} runs  type accuracy pooled ${f3(pooled.typedRight / pooled.truePositives)}  mean of runs ${f3(mean)}  min ${f3(Math.min(...perRun))}  max ${f3(Math.max(...perRun))}`);
  }
  replaceTypingModel(null);
}

const corpora = trainingCorpora();
const policy = process.argv.find(a => a.startsWith('--policy='));
if (policy) {
  // --policy=name=value,name=value: try another way of combining the two (names as in TYPING_POLICY).
  for (const pair of policy.slice('--policy='.length).split(',')) {
    const [name, value] = pair.split('=');
    if (!(name in TYPING_POLICY) || !Number.isFinite(Number(value))) throw new Error(`--policy: unknown or bad setting ${pair}`);
    Object.assign(TYPING_POLICY, { [name]: Number(value) });
  }
}
if (process.argv.includes('--learning-curve')) learningCurve(corpora);
else if (process.argv.includes('--cross-validate')) crossValidate(corpora);
else {
  const examples = corpora.flatMap(c => examplesOf(c.sentences));
  const model = trainTypingModel(examples);
  writeFileSync(OUTPUT, `${JSON.stringify(model)}\n`);
  console.log(`typing model: ${examples.length} examples from ${corpora.map(c => `${c.name} (${c.sentences.length})`).join(', ')}; ${Object.keys(model.logistic.weights).length} features → ${OUTPUT}`);
}
