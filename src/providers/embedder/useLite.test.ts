import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUseLiteEmbedder } from './useLite.ts';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

test('the bundled sentence encoder places paraphrases closer than unrelated sentences, offline', async () => {
  const embedder = createUseLiteEmbedder();
  try {
    const [question, answer, unrelated] = await embedder.embed([
      'What instrument does Melanie play?',
      'Melanie plays the clarinet in a community band.',
      'The quarterly tax filing is due next week.',
    ]);
    assert.equal(question!.length, 512);
    assert.ok(Math.abs(cosine(question!, question!) - 1) < 1e-4);
    assert.ok(cosine(question!, answer!) > cosine(question!, unrelated!) + 0.1);
  } finally {
    await embedder.close?.();
  }
});
