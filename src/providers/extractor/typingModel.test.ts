import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractWithRules } from './rules.ts';
import { type RuleReading, typingFeatures } from './typingFeatures.ts';
import { combineTypes, predictType, readTypingModel, replaceTypingModel, type TypingExample, typingModel, TYPING_POLICY } from './typingModel.ts';
import { trainTypingModel } from './typingTraining.ts';
import { analyse } from './words.ts';

/** The learned typing layer: its features, its training, its file, and the rules alone when the file is unusable. */

const RULES: RuleReading = { chosen: { type: 'other', confidence: 0.5 }, intrinsic: null, context: { type: 'other', confidence: 0.5 } };

/** The features of the first occurrence of `name` (one word) in a one-sentence text. */
function featuresOf(text: string, name: string, rules = RULES): string[] {
  const words = analyse(text).sentences[0];
  const at = words.findIndex(w => w.text === name);
  assert.ok(at >= 0, `${name} in ${text}`);
  return typingFeatures(words, at, at + 1, rules);
}

const typesOf = (text: string) => Object.fromEntries(extractWithRules({ text, reference_time: '2026-03-04T12:00:00Z' }).entities.map(e => [e.name, e.entity_type]));

describe('typing features', () => {
  test('a name gives its words, shape, spelling, lists and the words around it', () => {
    const features = featuresOf('Coffee with Ysolde at Brambles on Tuesday.', 'Ysolde');
    for (const feature of ['w:ysolde', 'len:1', 'shape:Xx', 'suf3:lde', 'tri:^ys', 'tri:de$', 'b1:with', 'b2:coffee', 'a1:at', 'a2:brambl', 'person-cue', 'rule:other', 'context:other:guess', 'intrinsic:none']) {
      assert.ok(features.includes(feature), `${feature} in ${features.join(' ')}`);
    }
  });

  test('shape and lists: camel case, digits, a brand ending, the hand lists and the open gazetteer', () => {
    assert.ok(featuresOf('Moved the vault to 1Password last week.', '1Password').includes('digit'));
    assert.ok(featuresOf('Opened an issue on GitHub about it.', 'GitHub').includes('camel'));
    assert.ok(featuresOf('We pay for Shopify.', 'Shopify').includes('brand-ending'));
    assert.ok(featuresOf('We pay for Shopify.', 'Shopify').includes('list:technology'));
    assert.ok(featuresOf('Flew to Tromsø on Monday.', 'Tromsø').includes('open:location'));
    assert.ok(featuresOf('Flew to Tromsø on Monday.', 'Tromsø').includes('non-ascii'));
  });

  test('where it stands: the start of a sentence, a chat speaker', () => {
    assert.ok(featuresOf('Rekha: the export is done.', 'Rekha').includes('speaker'));
    assert.ok(featuresOf('Rekha: the export is done.', 'Rekha').includes('at-start'));
    assert.ok(!featuresOf('Ask Rekha about the export.', 'Rekha').includes('speaker'));
  });

  test("the rules' readings, with a confidence bucket", () => {
    const rules = { chosen: { type: 'organization', confidence: 0.92 }, intrinsic: { type: 'organization', confidence: 0.92 }, context: { type: 'other', confidence: 0.5 } };
    const features = featuresOf('Invoice from Scaleway came in.', 'Scaleway', rules);
    assert.ok(features.includes('rule:organization:sure') && features.includes('intrinsic:organization:sure'), features.join(' '));
  });
});

describe('the model', () => {
  const examples: TypingExample[] = [
    ...['a', 'b', 'c'].map(s => ({ features: ['b1:with', `w:${s}`, 'shape:Xx'], label: 'person' as const })),
    ...['d', 'e', 'f'].map(s => ({ features: ['b1:to', `w:${s}`, 'shape:Xx'], label: 'location' as const })),
    ...['g', 'h'].map(s => ({ features: ['b1:using', 'camel'], label: 'product' as const })),
  ];

  test('trained on examples, it predicts their classes; the same examples give the same model', () => {
    const model = trainTypingModel(examples);
    assert.equal(predictType(model, ['b1:with', 'shape:Xx']).type, 'person');
    assert.equal(predictType(model, ['b1:to']).type, 'location');
    assert.equal(predictType(model, ['b1:using', 'camel', 'never-seen']).type, 'product');
    assert.ok(predictType(model, ['b1:with']).probability > 0.5);
    assert.equal(JSON.stringify(trainTypingModel(examples)), JSON.stringify(model));
  });

  test('sure rules keep their type; an untyped name takes the model\'s; a weaker rule gives way only to a sure model', () => {
    const model = trainTypingModel(examples);
    assert.deepEqual(combineTypes(model, { type: 'organization', confidence: 0.9 }, ['b1:with']), { type: 'organization', confidence: 0.9 });
    assert.equal(combineTypes(model, { type: 'other', confidence: 0.5 }, ['b1:with']).type, 'person');
    assert.equal(combineTypes(null, { type: 'other', confidence: 0.5 }, ['b1:with']).type, 'other');
  });
});

describe('the shipped model file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-typing-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is read, and types names the rules leave untyped: "Shubham\'s laptop bag", "the highlight for Oisín"', () => {
    const shipped = typingModel();
    assert.ok(shipped, 'the shipped model loads');
    try {
      assert.equal(typesOf("Air India lost Shubham's laptop bag on the way back.").Shubham, 'person');
      assert.equal(typesOf('The distillery tour was the highlight for Oisín.')['Oisín'], 'person');
      replaceTypingModel(null);
      // The rules alone: no cue says what these are.
      assert.equal(typesOf("Air India lost Shubham's laptop bag on the way back.").Shubham, 'other');
    } finally {
      replaceTypingModel(shipped);
    }
  });

  test('a model file missing or corrupt leaves the rules alone, with one warning each', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warning.name === 'CairnTypingModel' && warnings.push(warning.message);
    process.on('warning', listen);
    try {
      const corrupt = join(dir, 'corrupt.json');
      writeFileSync(corrupt, '{"version": 2, "classes": ["person"');
      const wrongShape = join(dir, 'wrong.json');
      writeFileSync(wrongShape, JSON.stringify({ version: 1, classes: ['person'], priors: [0], likelihoods: {} }));
      assert.equal(readTypingModel(join(dir, 'missing.json')), null);
      assert.equal(readTypingModel(corrupt), null);
      assert.equal(readTypingModel(wrongShape), null);
      // process.emitWarning delivers on the next tick.
      await new Promise(resolve => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    assert.equal(warnings.length, 3, warnings.join('\n'));
    assert.match(warnings[0], /missing\.json.*rules alone/);
  });

  test('the shipped model is read once per process, not once per text', () => {
    assert.equal(typingModel(), typingModel());
  });
});

describe('typing model, third round', () => {
  test('a feature seen once in training is kept and decides where nothing else does', () => {
    const examples: TypingExample[] = [
      { features: ['w:ondrej', 'shared'], label: 'person' },
      { features: ['w:vantora', 'shared'], label: 'organization' },
      { features: ['shared'], label: 'organization' },
    ];
    const model = trainTypingModel(examples);
    assert.ok('w:ondrej' in model.logistic.weights && 'w:ondrej' in model.bayes.likelihoods);
    assert.equal(predictType(model, ['w:ondrej', 'shared']).type, 'person');
  });

  test('features that always come together are not counted as independent evidence', () => {
    // A name's letter trigrams overlap: twelve of them always together, seen with people six times and with places
    // three times, where "to" came before the name. Naive Bayes counted each trigram as new evidence for a person and
    // was left at 0.58 for the place; a discriminative model learns that "to" decides.
    const spelling = Array.from({ length: 12 }, (_, i) => `tri:${i}`);
    const model = trainTypingModel([
      ...Array.from({ length: 6 }, () => ({ features: spelling, label: 'person' as const })),
      ...Array.from({ length: 3 }, () => ({ features: [...spelling, 'b1:to'], label: 'location' as const })),
      ...Array.from({ length: 3 }, () => ({ features: ['b1:to'], label: 'location' as const })),
    ]);
    const place = predictType(model, [...spelling, 'b1:to']);
    assert.equal(place.type, 'location');
    assert.ok(place.probability > 0.9, String(place.probability));
    assert.equal(predictType(model, spelling).type, 'person');
    assert.equal(model.version, 3);
  });

  test("a type the words around a name gave gives way only to a surer model than a type guessed from the name alone", () => {
    const model = trainTypingModel([
      ...Array.from({ length: 6 }, () => ({ features: ['b1:with'], label: 'person' as const })),
      ...Array.from({ length: 1 }, () => ({ features: ['b1:with'], label: 'organization' as const })),
    ]);
    const { probability } = predictType(model, ['b1:with']);
    assert.ok(probability > TYPING_POLICY.modelOverridesAt && probability < TYPING_POLICY.cuedOverridesAt, String(probability));
    const guessed = { type: 'organization', confidence: 0.7 };
    assert.equal(combineTypes(model, guessed, ['b1:with']).type, 'person');
    assert.equal(combineTypes(model, guessed, ['b1:with'], true).type, 'organization');
  });

  test('context words fold their digits: "£37.50" and "£12.99" after a name are one token', () => {
    const a = featuresOf('Bought Brindle for 37.50 today.', 'Brindle');
    const b = featuresOf('Bought Brindle for 12.99 today.', 'Brindle');
    assert.deepEqual(a.filter(f => f.startsWith('a2:')), b.filter(f => f.startsWith('a2:')));
  });
});
