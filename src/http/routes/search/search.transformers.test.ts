import assert from 'node:assert/strict';
import { test } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, get } from '../../../../test/helpers.ts';

// transformers.js is an optional dependency and is not installed here: this checks the degraded path.
test('CAIRN_EMBEDDER=transformers without its package: writes and full-text search work, the status says what to install', async () => {
  const app = await buildTestApp({ embedder: 'transformers', embedderModel: 'Xenova/all-MiniLM-L6-v2' });
  try {
    await createMemory(app, { content: 'Dentist appointment moved to Friday' });
    const search = await get(app, '/memories/search?q=dentist');
    assert.equal(search.status, 200);
    assert.equal(search.body.memories.length, 1);
    assert.match(search.body.search_metadata.semantic_unavailable, /npm install @huggingface\/transformers/);

    await app.deps.indexer!.settle();
    const status = await get(app, '/search-index/status');
    assert.equal(status.body.available, false);
    assert.match(status.body.last_error, /npm install @huggingface\/transformers/);
    assert.equal(status.body.model_name, 'transformers:Xenova/all-MiniLM-L6-v2');
  } finally {
    await app.close();
  }
});

test('CAIRN_EMBEDDER=transformers refuses to start without a model', async () => {
  await assert.rejects(buildTestApp({ embedder: 'transformers', embedderModel: null }), /CAIRN_EMBEDDER_MODEL/);
});
