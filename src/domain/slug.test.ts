import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugger, slugify } from './slug.ts';

test('a slug keeps the readable part of a name, in ASCII', () => {
  assert.equal(slugify('C++: "the good parts" #1'), 'c-plus-plus-the-good-parts-1');
  assert.equal(slugify('Café Müller'), 'cafe-muller');
  assert.equal(slugify('C#'), 'c-sharp');
  assert.equal(slugify('東京'), '');
});

test('slugs stay unique when names collide, and never take a reserved name', () => {
  const next = slugger();
  assert.deepEqual(
    [next('Paris', 'a'), next('paris', 'b'), next('PARIS!', 'c'), next('東京', 'entity-1f2e'), next('大阪', 'entity-1f2e'), next('Index', 'x')],
    ['paris', 'paris-2', 'paris-3', 'entity-1f2e', 'entity-1f2e-2', 'index-page'],
  );
});
