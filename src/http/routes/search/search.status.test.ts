import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { createMemory, get, post } from '../../../../test/helpers.ts';
import { buildExportApp } from '../../../../test/exports.ts';

// Imported memories are flagged for embedding (vectors are made again where an archive lands). Without an embedder
// nothing will embed them, so nothing waits: the web app read "51 waiting" forever on a migrated PostgreSQL store.
test('without an embedder, memories flagged for embedding are not reported as waiting (status and health)', async () => {
  const source = await buildExportApp();
  const target = await buildExportApp({ exportDir: source.exportDir });
  try {
    for (const content of ['Alice leads the Kubernetes migration', 'Bob reviews the backups on Friday', 'The wiki moved to Notion']) {
      await createMemory(source.app, { content });
    }
    assert.equal((await post(source.app, '/data/export', { export_path: 'all.zip' })).status, 200);
    const imported = await post(target.app, '/data/import', { import_path: 'all.zip' });
    assert.equal(imported.status, 200, imported.text);
    assert.equal(await target.app.deps.store.search.countNeedingReindex(), 3, 'the import flags its memories for embedding');

    const status = await get(target.app, '/search-index/status');
    assert.equal(status.status, 200);
    assert.deepEqual(
      { mode: status.body.embedding_mode, pending: status.body.pending_memories, queue: status.body.background_queue.pending },
      { mode: 'none', pending: 0, queue: 0 },
    );
    assert.match(status.body.message, /Full-text search only.*3 memories have no vector yet: they are embedded once an embedder is configured\./);
    const health = await get(target.app, '/health');
    assert.deepEqual({ pending: health.body.background_queue.pending, provider: health.body.embedding.provider }, { pending: 0, provider: 'none' });
  } finally {
    await target.close();
    await source.close();
  }
});

test('without an embedder and nothing flagged, the status message names no backlog', async () => {
  const app = await buildExportApp();
  try {
    await createMemory(app.app, { content: 'A memory written with full text only' });
    const status = (await get(app.app, '/search-index/status')).body;
    assert.equal(status.pending_memories, 0);
    assert.doesNotMatch(status.message, /no vector yet/);
  } finally {
    await app.close();
  }
});
