import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHashEmbedder } from './hash.ts';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

test('the hash embedder is deterministic and unit length', async () => {
  const embedder = createHashEmbedder(64);
  const [a, b] = await embedder.embed(['machine learning', 'machine learning']);
  assert.deepEqual(a, b);
  assert.ok(Math.abs(cosine(a!, a!) - 1) < 1e-5);
});

test('near spellings are closer than unrelated words', async () => {
  const [ml, mls, cooking] = await createHashEmbedder().embed(['machine-learning', 'Machine Learning', 'cooking recipes']);
  assert.ok(cosine(ml!, mls!) > 0.8);
  assert.ok(cosine(ml!, cooking!) < 0.5);
});
