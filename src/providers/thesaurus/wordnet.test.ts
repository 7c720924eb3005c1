import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedThesaurus } from './wordnet.ts';

test('WordNet thesaurus: synonyms of an inflected word, from its base form', () => {
  const thesaurus = sharedThesaurus()!;
  assert.ok(thesaurus.related('invoicing').includes('bill'));
  assert.ok(thesaurus.related('clients').includes('customer'));
});

test('WordNet thesaurus: broader words (hypernyms) count, the word itself never', () => {
  const related = sharedThesaurus()!.related('aardvark');
  assert.ok(related.includes('anteater'));
  assert.ok(!related.includes('aardvark'));
});

test('WordNet thesaurus: a word it does not know has no related words', () => {
  assert.deepEqual(sharedThesaurus()!.related('kubectl'), []);
});
