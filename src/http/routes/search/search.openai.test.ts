import assert from 'node:assert/strict';
import { after, before, describe, test, alsoOnPglite } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, get, post, lacksVectorSearch } from '../../../../test/helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakeOpenAi.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

describe('CAIRN_EMBEDDER=openai: an OpenAI-compatible embeddings endpoint', () => {
  let fake: FakeOpenAi;
  before(async () => {
    fake = await startFakeOpenAi();
  });
  after(() => fake.close());

  test('memories are embedded in the background through the endpoint and search fuses its vectors', async t => {
    const app = await buildTestApp({ embedder: 'openai', embedderUrl: fake.url, embedderModel: 'fake-embed', llmApiKey: 'sk-test' });
    try {
      if (await lacksVectorSearch(app, t)) return;
      await createMemory(app, { content: 'The pottery class meets on Thursday evenings' });
      await createMemory(app, { content: 'Quarterly budget review moved to March' });
      await app.deps.indexer!.settle();

      const status = await get(app, '/search-index/status');
      assert.equal(status.body.embedding_mode, 'remote');
      assert.equal(status.body.model_name, 'openai:fake-embed');
      assert.equal(status.body.indexed_vectors, 2);
      assert.equal(status.body.pending_memories, 0);

      const embedCall = fake.requests.find(r => r.path === '/v1/embeddings')!;
      assert.equal(embedCall.body.model, 'fake-embed');
      assert.equal(embedCall.authorization, 'Bearer sk-test');

      const search = await post(app, '/memories/search', { query: 'pottery class' });
      assert.equal(search.status, 200);
      assert.match(search.body[0].memory.content, /pottery/);
      assert.ok(search.body[0].score_breakdown.semantic.similarity > 0, 'the vector signal took part');
    } finally {
      await app.close();
    }
  });

  test('with the endpoint down, writes and search still work from full text, and the status says why', async () => {
    const down = await startFakeOpenAi();
    await down.close();
    const app = await buildTestApp({ embedder: 'openai', embedderUrl: down.url, embedderModel: 'fake-embed' });
    try {
      await createMemory(app, { content: 'Flight to Lisbon on the 14th' });
      const search = await get(app, '/memories/search?q=Lisbon');
      assert.equal(search.status, 200);
      assert.equal(search.body.memories.length, 1);
      assert.equal(search.body.search_metadata.semantic, false);
      assert.match(search.body.search_metadata.semantic_unavailable, /embedding model failed/);

      await app.deps.indexer!.settle();
      const pending = await get(app, '/memories/reindex/status');
      assert.equal(pending.body.count_needing_reindex, 1, 'the memory waits for its embedding');
      const status = await get(app, '/search-index/status');
      assert.equal(status.body.available, false);
      assert.ok(status.body.last_error);
    } finally {
      await app.close();
    }
  });

  test('refuses to start without a model name', async () => {
    await assert.rejects(buildTestApp({ embedder: 'openai', embedderUrl: fake.url, embedderModel: null }), /CAIRN_EMBEDDER_MODEL/);
  });
});
