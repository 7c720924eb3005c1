import { test, describe, before, after, alsoOnPglite } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, patch, post, validationLocs } from '../../../../test/helpers.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

const contents = (results: { memory: { content: string } }[]) => results.map(r => r.memory.content);

for (const embedder of ['none', 'hash']) {
  describe(`search over HTTP (embedder: ${embedder})`, () => {
    let app: App;
    before(async () => {
      app = await buildTestApp({ embedder });
      await createMemory(app, { content: 'Caroline went to a pottery class on Tuesday', labels: ['hobby'], importance: 0.9 });
      await createMemory(app, { content: 'Melanie painted a sunset over the lake', labels: ['art'], unit_type: 'event', event_start: '2023-05-08' });
      await createMemory(app, { content: 'Caroline is researching adoption agencies', metadata: { topic: 'family' } });
      await createMemory(app, { content: 'The team decided to use PostgreSQL for production', unit_type: 'decision', space_id: 'work' });
      await createMemory(app, { content: '我喜欢在北京吃烤鸭' });
      await app.deps.indexer?.settle();
    });
    after(() => app.close());

    test('finds a memory by its words, with a readable reason and a score breakdown', async () => {
      const response = await post(app, '/memories/search', { query: 'pottery classes' });
      assert.equal(response.status, 200);
      assert.equal(response.body[0].memory.content, 'Caroline went to a pottery class on Tuesday');
      assert.match(response.body[0].relevance_reason, /pottery/);
      assert.ok(response.body[0].similarity_score > 0 && response.body[0].similarity_score < 0.9);
      assert.ok('lexical' in response.body[0].score_breakdown);
      assert.deepEqual(response.body[0].memory.labels, ['hobby']);
    });

    test('a near-duplicate of stored content scores at least 0.9, an unrelated query much less', async () => {
      const duplicate = await post(app, '/memories/search', { query: 'Caroline went to a pottery class on Tuesday' });
      assert.ok(duplicate.body[0].similarity_score >= 0.9);
      const loose = await post(app, '/memories/search', { query: 'Caroline' });
      assert.ok(loose.body.every((r: { similarity_score: number }) => r.similarity_score < 0.9));
    });

    test('scores never rise down the list', async () => {
      const results = (await post(app, '/memories/search', { query: 'Caroline pottery adoption lake', mode: 'deep' })).body;
      for (let i = 1; i < results.length; i++) assert.ok(results[i].similarity_score <= results[i - 1].similarity_score);
    });

    test('search stays in its space', async () => {
      assert.deepEqual(contents((await post(app, '/memories/search', { query: 'PostgreSQL' })).body), []);
      assert.deepEqual(contents((await post(app, '/memories/search', { query: 'PostgreSQL', space_id: 'work' })).body), [
        'The team decided to use PostgreSQL for production',
      ]);
    });

    test('filters: labels, unit type, metadata, event dates', async () => {
      const query = 'Caroline Melanie pottery sunset adoption';
      const byLabel = await post(app, '/memories/search', { query, filter_labels: ['art'] });
      assert.deepEqual(contents(byLabel.body), ['Melanie painted a sunset over the lake']);
      const byType = await post(app, '/memories/search', { query, unit_type: 'event' });
      assert.deepEqual(contents(byType.body), ['Melanie painted a sunset over the lake']);
      const byMetadata = await post(app, '/memories/search', { query, metadata_filters: ['topic=family'] });
      assert.deepEqual(contents(byMetadata.body), ['Caroline is researching adoption agencies']);
      const byDate = await post(app, '/memories/search', { query, event_date_from: '2023-05-01', event_date_to: '2023-05-31' });
      assert.deepEqual(contents(byDate.body), ['Melanie painted a sunset over the lake']);
    });

    test('archived memories are found only when asked for', async () => {
      const id = await createMemory(app, { content: 'The old wifi password was swordfish' });
      await post(app, `/memories/${id}/archive`);
      assert.deepEqual(contents((await post(app, '/memories/search', { query: 'wifi password' })).body), []);
      const asked = await post(app, '/memories/search', { query: 'wifi password', include_states: ['active', 'archived'] });
      assert.deepEqual(contents(asked.body), ['The old wifi password was swordfish']);
      await post(app, `/memories/${id}/forget`);
      const forgotten = await post(app, '/memories/search', { query: 'wifi password', include_states: ['archived'] });
      assert.deepEqual(contents(forgotten.body), []);
    });

    test('CJK content is found by a CJK query', async () => {
      assert.deepEqual(contents((await post(app, '/memories/search', { query: '北京吃烤鸭' })).body), ['我喜欢在北京吃烤鸭']);
    });

    test('CJK search follows edits and deletes', async () => {
      const id = await createMemory(app, { content: '東京で寿司を食べた' });
      assert.deepEqual(contents((await post(app, '/memories/search', { query: '寿司を食べ' })).body), ['東京で寿司を食べた']);
      await patch(app, `/memories/${id}`, { title: 'Sushi', content: 'I ate sushi in Tokyo' });
      assert.deepEqual(contents((await post(app, '/memories/search', { query: '寿司を食べ' })).body), []);
      await patch(app, `/memories/${id}`, { title: 'たこ焼き', content: '大阪でたこ焼きを食べた' });
      assert.deepEqual(contents((await post(app, '/memories/search', { query: 'たこ焼き' })).body), ['大阪でたこ焼きを食べた']);
      await del(app, `/memories/${id}`);
      assert.deepEqual(contents((await post(app, '/memories/search', { query: 'たこ焼き' })).body), []);
    });

    test('the GET form returns memories with relevance and metadata', async () => {
      const response = await get(app, '/memories/search?q=adoption&limit=5');
      assert.equal(response.status, 200);
      assert.equal(response.body.memories[0].content, 'Caroline is researching adoption agencies');
      assert.equal(response.body.memories[0].relevance_score > 0, true);
      assert.equal(response.body.search_metadata.query, 'adoption');
      assert.equal(response.body.search_metadata.total, response.body.memories.length);
    });

    test('deep mode works and honours the limit', async () => {
      const response = await post(app, '/memories/search', { query: 'Caroline', mode: 'deep', limit: 1 });
      assert.equal(response.status, 200);
      assert.equal(response.body.length, 1);
    });

    test('deep mode lifts the turn right after a strong hit (the answer that follows a question), by turn position', async () => {
      // Posted last turn first: neighbours follow the turns' positions (dia_id), not the order they were written in.
      await createMemory(app, { content: 'Melanie: I went hiking with my kids.', space_id: 'chat', metadata: { dia_id: 'D1:3' } });
      await createMemory(app, { content: 'Melanie: The clarinet, in a community band.', space_id: 'chat', metadata: { dia_id: 'D1:2' } });
      await createMemory(app, { content: 'Caroline: What instrument do you play these days?', space_id: 'chat', metadata: { dia_id: 'D1:1' } });
      await app.deps.indexer?.settle();
      const results = (await post(app, '/memories/search', { query: 'Which instrument does Melanie play?', space_id: 'chat', mode: 'deep' })).body;
      const order = contents(results);
      assert.ok(order.indexOf('Melanie: The clarinet, in a community band.') < order.indexOf('Melanie: I went hiking with my kids.'));
      const answer = results.find((r: { memory: { content: string } }) => r.memory.content.includes('clarinet'));
      assert.ok(answer.score_breakdown.neighbour > 0);
    });

    test('bad search input is a 422', async () => {
      assert.deepEqual(validationLocs(await post(app, '/memories/search', {})), ['body.query']);
      assert.deepEqual(validationLocs(await post(app, '/memories/search', { query: 'x', limit: 0 })), ['body.limit']);
      assert.deepEqual(validationLocs(await post(app, '/memories/search', { query: 'x', limit: 101 })), ['body.limit']);
      assert.deepEqual(validationLocs(await post(app, '/memories/search', { query: 'x', mode: 'slow' })), ['body.mode']);
      assert.deepEqual(validationLocs(await post(app, '/memories/search', { query: 'x', include_states: ['deleted'] })), ['body.include_states.0']);
      assert.deepEqual(validationLocs(await get(app, '/memories/search')), ['query.q']);
      assert.deepEqual(validationLocs(await get(app, '/memories/search?q=x&limit=0')), ['query.limit']);
    });
  });
}

describe('search index and storage endpoints', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ embedder: 'hash' });
  });
  after(() => app.close());

  test('new memories wait for their embedding, then the count settles to 0', async () => {
    await createMemory(app, { content: 'embedding waits in the background' });
    await app.deps.indexer!.settle();
    const status = await get(app, '/memories/reindex/status?include_ids=true');
    assert.deepEqual(
      { count: status.body.count_needing_reindex, has: status.body.has_memories_needing_reindex, ids: status.body.all_memory_ids },
      { count: 0, has: false, ids: [] },
    );
    assert.deepEqual(validationLocs(await get(app, '/memories/reindex/status?include_ids=perhaps')), ['query.include_ids']);
  });

  test('reindex by id reports unknown ids as failed without failing the call', async () => {
    const id = await createMemory(app, { content: 'reindex me' });
    const response = await post(app, '/memories/reindex', { memory_ids: [id, 'missing-id'] });
    assert.equal(response.status, 200);
    assert.equal(response.body.processed, 1);
    assert.equal(response.body.failed, 1);
    assert.deepEqual(response.body.details.find((d: { memory_id: string }) => d.memory_id === 'missing-id'), {
      memory_id: 'missing-id',
      status: 'failed',
      reason: 'not_found',
    });
    assert.deepEqual(validationLocs(await post(app, '/memories/reindex?batch_size=11', {})), ['query.batch_size']);
    assert.deepEqual(validationLocs(await post(app, '/memories/reindex?batch_size=0')), ['query.batch_size']);
  });

  test('the search index status names the model', async () => {
    const status = (await get(app, '/search-index/status')).body;
    assert.equal(status.available, true);
    assert.equal(status.model_name, 'hash-256');
    assert.equal(status.semantic_search, (await app.deps.store.vectors.status()).available);
  });

  test('a full rebuild runs in the background and reports its run', async () => {
    await createMemory(app, { content: 'rebuilt memory about lighthouses' });
    const started = await post(app, '/search-index/reindex');
    assert.equal(started.status, 200);
    assert.equal(typeof started.body.run_id, 'string');
    await app.deps.rebuilds.settle();
    const status = (await get(app, '/search-index/reindex/status')).body;
    assert.deepEqual({ run: status.run_id, active: status.active, success: status.success, stage: status.stage }, {
      run: started.body.run_id, active: false, success: true, stage: 'completed',
    });
    const found = await post(app, '/memories/search', { query: 'lighthouses' });
    assert.equal(found.body[0].memory.content, 'rebuilt memory about lighthouses');
  });

  test('storage info and optimize report sizes', async () => {
    const info = (await get(app, '/storage/info')).body;
    for (const field of ['graph_db_bytes', 'message_store_bytes', 'search_index_bytes', 'total_bytes']) assert.equal(typeof info[field], 'number');
    const optimized = (await post(app, '/storage/optimize')).body;
    assert.equal(optimized.success, true);
    assert.equal(optimized.freed_bytes, Math.max(0, optimized.before_bytes - optimized.after_bytes));
    assert.equal((await post(app, '/memories/search', { query: 'lighthouses' })).body.length, 1);
  });

  test('without an embedder the status says search is full-text only', async () => {
    const plain = await buildTestApp({ embedder: 'none' });
    try {
      const status = (await get(plain, '/search-index/status')).body;
      assert.equal(status.semantic_search, false);
      assert.match(status.message, /Full-text search only/);
    } finally {
      await plain.close();
    }
  });
});
