/** The embedder as search sees it: health on the default configuration, and a switch of model embedding what exists. */
import { test, describe, before, after, type TestContext, alsoOnPglite } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../../config.ts';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, patch, post, lacksVectorSearch } from '../../../../test/helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakeOpenAi.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

describe('health on the default configuration', () => {
  test('full-text search only, by choice, is not degraded', async () => {
    const app = await buildTestApp(); // CAIRN_EMBEDDER unset: no embedding model
    try {
      const { body } = await get(app, '/health');
      assert.equal(body.embedding.provider, 'none');
      assert.equal(body.embedding.degraded, false);
    } finally {
      await app.close();
    }
  });

  test('a configured model that cannot run is degraded', async () => {
    const app = await buildTestApp({ embedder: 'transformers', embedderModel: 'Xenova/all-MiniLM-L6-v2' });
    try {
      await createMemory(app, { content: 'something to embed' });
      await app.deps.indexer!.settle();
      assert.equal((await get(app, '/health')).body.embedding.degraded, true);
    } finally {
      await app.close();
    }
  });
});

describe('switching the embedder embeds the memories that already exist', () => {
  let dir: string;
  let fake: FakeOpenAi;
  const open = (overrides: Partial<Config>) => buildTestApp({ dataDir: dir, databasePath: join(dir, 'cairn.db'), ...overrides });
  before(async () => {
    fake = await startFakeOpenAi();
  });
  after(() => fake.close());

  const withDataDir = (name: string, body: (t: TestContext) => Promise<void>) =>
    test(name, async t => {
      dir = mkdtempSync(join(tmpdir(), 'cairn-backfill-'));
      try {
        await body(t);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

  withDataDir('memories written with no embedder are embedded when the service starts with one', async t => {
    const before = await open({ embedder: 'none' });
    await createMemory(before, { content: 'The pottery class meets on Thursday evenings' });
    await createMemory(before, { content: 'Quarterly budget review moved to March' });
    await createMemory(before, { content: 'Caroline adopted a grey kitten' });
    await before.close();

    const app = await open({ embedder: 'hash' });
    try {
      await app.deps.indexer!.settle();
      const status = (await get(app, '/search-index/status')).body;
      assert.equal(status.indexed_vectors, 3);
      assert.equal(status.pending_memories, 0);
      assert.deepEqual(
        { in_progress: status.backfill.in_progress, queued: status.backfill.queued, embedded: status.backfill.embedded, remaining: status.backfill.remaining },
        { in_progress: false, queued: 3, embedded: 3, remaining: 0 },
      );
      const [hit] = (await post(app, '/memories/search', { query: 'pottery class' })).body;
      assert.match(hit.memory.content, /pottery/);
      if (await lacksVectorSearch(app, t)) return;
      assert.notEqual(hit.score_breakdown.semantic.rank, null, 'found by its vector too');
    } finally {
      await app.close();
    }
  });

  withDataDir('a memory edited while no embedder was configured is embedded again with its new text', async t => {
    const first = await open({ embedder: 'hash' });
    const id = await createMemory(first, { content: 'Lunch with Ana on Friday' });
    await first.deps.indexer!.settle();
    await first.close();
    const plain = await open({ embedder: 'none' });
    await patch(plain, `/memories/${id}`, { title: 'Dinner plans', content: 'Dinner with Ana on Saturday' });
    await plain.close();

    const app = await open({ embedder: 'hash' });
    try {
      await app.deps.indexer!.settle();
      assert.equal((await get(app, '/search-index/status')).body.backfill.embedded, 1);
      if (await lacksVectorSearch(app, t)) return;
      const [hit] = (await post(app, '/memories/search', { query: 'Dinner plans Dinner with Ana on Saturday' })).body;
      assert.ok(hit.score_breakdown.semantic.similarity > 0.9, 'the vector is of the new text');
    } finally {
      await app.close();
    }
  });

  withDataDir('a new model re-embeds everything, and the status shows the backfill while it waits', async () => {
    const first = await open({ embedder: 'hash' });
    await createMemory(first, { content: 'The pottery class meets on Thursday evenings' });
    await createMemory(first, { content: 'Quarterly budget review moved to March' });
    await first.deps.indexer!.settle();
    await first.close();

    fake.failWith = 503; // the new model is not reachable yet
    const app = await open({ embedder: 'openai', embedderUrl: fake.url, embedderModel: 'fake-embed' });
    try {
      await app.deps.indexer!.settle();
      const waiting = (await get(app, '/search-index/status')).body;
      assert.equal(waiting.backfill.in_progress, true);
      assert.deepEqual([waiting.backfill.queued, waiting.backfill.embedded, waiting.backfill.remaining], [2, 0, 2]);
      assert.match(waiting.message, /0 of 2/);

      fake.failWith = null;
      const reindex = await post(app, '/memories/reindex', {});
      assert.equal(reindex.body.processed, 2);
      const done = (await get(app, '/search-index/status')).body;
      assert.deepEqual([done.backfill.in_progress, done.backfill.embedded, done.indexed_vectors], [false, 2, 2]);
    } finally {
      fake.failWith = null;
      await app.close();
    }
  });
});
