import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance, formsOf, isTypoOf, typosOf } from './wordForms.ts';

const rules = { minPrefix: 4, minShare: 0.7 };

test('word forms: the stems a word shares its beginning with, not a mere shared prefix', () => {
  assert.deepEqual(formsOf('postgres', ['postgresql', 'post', 'postcard'], rules), ['postgresql']);
  // Porter indexes "deployed" as deploi and "deployment" as deploy.
  assert.deepEqual(formsOf('deployment', ['deploy', 'deploi', 'deplor'], rules), ['deploy', 'deploi']);
  assert.deepEqual(formsOf('data', ['databas', 'datum'], rules), []);
});

test('typos: one edit in a short word, two in a long one; none in words under four letters', () => {
  assert.equal(editDistance('kuberentes', 'kubernetes'), 1);
  assert.equal(isTypoOf('kuberentes', 'kubernet'), true);
  assert.equal(isTypoOf('cast', 'cats'), true);
  assert.equal(isTypoOf('cat', 'cut'), false);
  assert.deepEqual(typosOf('replicaton', ['replic', 'relic']), ['replic']);
});
