import assert from 'node:assert/strict';
import { after, before, describe, test, alsoOnPglite } from '../../../../test/suite.ts';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post, lacksVectorSearch } from '../../../../test/helpers.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

type Hit = { memory: { id: string }; score_breakdown: { semantic: { rank: number | null } } };

/** The rank semantic search gave the memory in that space, or null when its vector did not come up. */
async function semanticRank(app: App, query: string, space_id: string, id: string): Promise<number | null | undefined> {
  const response = await post(app, '/memories/search', { query, space_id, limit: 10 });
  assert.equal(response.status, 200);
  return (response.body as Hit[]).find(h => h.memory.id === id)?.score_breakdown.semantic.rank;
}

describe('semantic search follows what the store holds', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ embedder: 'hash' });
  });
  after(() => app.close());

  test('a memory moved to another space is found by meaning there, and no longer in its old space', async t => {
    if (await lacksVectorSearch(app, t)) return;
    const text = 'Marmots whistle to warn each other of eagles.';
    const id = await createMemory(app, { content: text, space_id: 'alps' });
    await app.deps.indexer!.settle();
    assert.notEqual(await semanticRank(app, text, 'alps', id), null);
    const moved = await post(app, '/memories/bulk/move', { selection: { mode: 'ids', memory_ids: [id], source_space_id: 'alps' }, target_space_id: 'rockies' });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.moved_count, 1);
    assert.equal(await semanticRank(app, text, 'alps', id), undefined);
    assert.notEqual(await semanticRank(app, text, 'rockies', id), null);
  });

  test('a memory written again under its id into another space is found by meaning there before it is re-embedded', async t => {
    if (await lacksVectorSearch(app, t)) return;
    const text = 'Pikas gather hay piles for the winter.';
    const id = await createMemory(app, { content: text, space_id: 'meadow' });
    await app.deps.indexer!.settle();
    app.deps.indexer!.stop(); // the new version waits for its embedding: the stored vector (same text) must follow the move
    assert.equal((await post(app, '/memories', { id, content: text, space_id: 'scree' })).status, 200);
    assert.equal((await get(app, `/memories/${id}`)).body.reindex_needed, true);
    assert.notEqual(await semanticRank(app, text, 'scree', id), null);
    assert.equal(await semanticRank(app, text, 'meadow', id), undefined);
  });
});

describe('how vectors are searched is reported', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ embedder: 'hash' });
  });
  after(() => app.close());

  test('/search-index/status and /capabilities name the vector engine of the store', async () => {
    const status = (await get(app, '/search-index/status')).body;
    const store = await app.deps.store.vectors.status();
    // SQLite searches in process memory; PostgreSQL with pgvector in the database; without it, full text only, said so.
    const engine = app.deps.store.backend === 'sqlite' ? 'memory-exact+hnsw' : store.available ? 'pgvector-hnsw' : 'none';
    assert.equal(status.vector_search.engine, engine);
    assert.equal(status.vector_search.available, store.available);
    assert.equal(status.semantic_search, store.available);
    if (!store.available) assert.match(status.vector_search.detail, /pgvector/);
    const capabilities = (await get(app, '/capabilities')).body;
    assert.deepEqual(capabilities.vector_search, status.vector_search);
    assert.equal(capabilities.features.semantic_search, store.available);
  });
});
