import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contributionWeights, defaultCrystalTitle, jaccard, splitSentences, synthesizeExtractive } from './crystalSynthesis.ts';

test('sentences are split at full stops, question marks and line breaks, not inside abbreviations or decimals', () => {
  assert.deepEqual(splitSentences('Dr. Smith moved to Lisbon. Rent is 3.5 times higher! Is it worth it?\nNotes without a stop'), [
    'Dr. Smith moved to Lisbon.',
    'Rent is 3.5 times higher!',
    'Is it worth it?',
    'Notes without a stop',
  ]);
});

test('a quote closing a sentence stays with it, and CJK full stops end sentences', () => {
  assert.deepEqual(splitSentences('She said "we ship on Friday." Then she left.'), ['She said "we ship on Friday."', 'Then she left.']);
  assert.deepEqual(splitSentences('我们周五发布。然后休息。'), ['我们周五发布。', '然后休息。']);
});

test('weights keep each share, rounded, and sum to exactly 1', () => {
  const weights = contributionWeights([1, 1, 1]);
  assert.equal(weights.reduce((a, b) => a + b, 0), 1);
  assert.deepEqual(weights, [0.3334, 0.3333, 0.3333]);
  assert.deepEqual(contributionWeights([300, 100, 0]), [0.75, 0.25, 0]);
  assert.deepEqual(contributionWeights([0, 0]), [0.5, 0.5]);
});

test('jaccard of word sets', () => {
  assert.equal(jaccard(new Set(['a', 'b']), new Set(['b', 'c'])), 1 / 3);
});

const sources = [
  {
    memory_id: 'm1',
    content:
      'Caroline joined the LGBTQ support group in May. The support group meets every Tuesday in the community centre. ' +
      'She brought cookies once.',
  },
  { memory_id: 'm2', content: 'Caroline said the support group meets every Tuesday at the community centre. Her dog is called Oscar.' },
  { memory_id: 'm3', content: 'The LGBTQ support group helped Caroline prepare her adoption application.' },
];

test('the crystal is made of whole source sentences, each traced to its source', () => {
  const crystal = synthesizeExtractive(sources);
  for (const { sentence, memory_id } of crystal.sentences) {
    assert.ok(sources.find(s => s.memory_id === memory_id)!.content.includes(sentence), sentence);
  }
  assert.deepEqual(splitSentences(crystal.content), crystal.sentences.map(s => s.sentence));
});

test('a sentence two sources share appears once, and the peripheral one is left out', () => {
  const crystal = synthesizeExtractive(sources);
  assert.equal(crystal.content.match(/meets every Tuesday/g)?.length, 1);
  assert.doesNotMatch(crystal.content, /cookies|Oscar/);
});

test('sentences come in source order, and the weights follow the chosen text', () => {
  const crystal = synthesizeExtractive(sources);
  const order = crystal.sentences.map(s => s.memory_id);
  assert.deepEqual(order, [...order].sort());
  const total = crystal.weights.reduce((sum, w) => sum + w.contribution_weight, 0);
  assert.equal(Number(total.toFixed(10)), 1);
  const chars = (id: string) => crystal.sentences.filter(s => s.memory_id === id).reduce((n, s) => n + s.sentence.length, 0);
  const all = crystal.sentences.reduce((n, s) => n + s.sentence.length, 0);
  for (const w of crystal.weights) assert.ok(Math.abs(w.contribution_weight - chars(w.memory_id) / all) < 1e-4);
});

test('the crystal never grows past the content bound', () => {
  const long = Array.from({ length: 30 }, (_, i) => `Sentence ${i} talks about caching layer number ${i} in Redis.`).join(' ');
  const crystal = synthesizeExtractive([{ memory_id: 'a', content: long }, { memory_id: 'b', content: long.toUpperCase() }], 200);
  assert.ok(crystal.content.length <= 200);
  assert.ok(crystal.sentences.length >= 1);
});

test('the default title names the top entities, else the most central sentence', () => {
  const entities = [
    { name: 'Caroline', entity_type: 'person' },
    { name: '2026-05-04', entity_type: 'date' },
    { name: 'LGBTQ support group', entity_type: 'organization' },
    { name: 'Lisbon', entity_type: 'location' },
    { name: 'Oscar', entity_type: 'person' },
  ];
  assert.equal(defaultCrystalTitle(entities, 'x'), 'Caroline, LGBTQ support group and Lisbon');
  assert.equal(defaultCrystalTitle(entities.slice(0, 2), 'x'), 'Caroline');
  assert.equal(defaultCrystalTitle([], 'The support group meets every Tuesday.'), 'The support group meets every Tuesday.');
});
