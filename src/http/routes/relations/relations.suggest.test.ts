import { test, describe, before, after, alsoOnPglite } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post, validationLocs } from '../../../../test/helpers.ts';
import { startFakeOpenAi } from '../../../../test/fakeOpenAi.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

const suggest = (app: App, from: string, body: Record<string, unknown>) => post(app, `/memories/${from}/relations/suggest`, body);

describe('suggesting a relation (POST /memories/{id}/relations/suggest), offline', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('an update of an older memory is suggested as EVOLVES from the newer to the older, whichever end asks', async () => {
    const older = await createMemory(app, { content: 'The billing service runs on Heroku' });
    const newer = await createMemory(app, { content: 'The billing service now runs on Fly.io' });
    for (const [from, to] of [[newer, older], [older, newer]]) {
      const response = await suggest(app, from!, { target_memory_id: to });
      assert.equal(response.status, 200);
      const s = response.body;
      assert.equal(s.should_link, true);
      assert.equal(s.relation_type, 'EVOLVES');
      assert.equal(s.display_label, 'Replaces');
      assert.deepEqual(s.properties, { relation: 'replaces' });
      assert.equal(s.bidirectional, false);
      assert.deepEqual([s.from_memory_id, s.to_memory_id], [newer, older]);
      assert.ok(s.confidence > 0.5 && s.confidence <= 1);
      assert.match(s.reason, /changed/);
    }
  });

  test('two memories on the same subject without an update are suggested as RELATED_TO, both ways', async () => {
    const a = await createMemory(app, { content: 'Kafka topics for payments are partitioned by customer id' });
    const b = await createMemory(app, { content: 'Payments consumers read Kafka topics in customer id order' });
    const s = (await suggest(app, a, { target_memory_id: b })).body;
    assert.equal(s.should_link, true);
    assert.equal(s.relation_type, 'RELATED_TO');
    assert.equal(s.bidirectional, true);
    assert.match(s.reason, /'kafka'/);
    assert.ok(s.confidence >= 0.35);
  });

  test('unrelated memories are not linked', async () => {
    const a = await createMemory(app, { content: 'The cat sleeps on the red sofa every afternoon' });
    const b = await createMemory(app, { content: 'Quarterly tax filing is due in April' });
    const s = (await suggest(app, a, { target_memory_id: b })).body;
    assert.equal(s.should_link, false);
    assert.equal(s.relation_type, null);
    assert.equal(s.display_label, '');
    assert.ok(s.confidence < 0.35);
  });

  test("the caller's vocabulary spelling is used when it has the type", async () => {
    const a = await createMemory(app, { content: 'Redis caches the session tokens for the web app' });
    const b = await createMemory(app, { content: 'Session tokens of the web app expire after one hour in Redis' });
    const s = (await suggest(app, a, { target_memory_id: b, known_relation_types: ['supports', 'related'] })).body;
    assert.equal(s.relation_type, 'related');
  });

  test('suggest writes nothing', async () => {
    const older = await createMemory(app, { content: 'The team standup is at 9:30 in room B' });
    const newer = await createMemory(app, { content: 'The team standup is now at 10:00 in room B' });
    const before = JSON.stringify(await app.deps.store.relations.listAll());
    assert.equal((await suggest(app, newer, { target_memory_id: older })).body.should_link, true);
    assert.equal(JSON.stringify(await app.deps.store.relations.listAll()), before);
  });

  test('unknown memories are a 404; no target or itself as target is a 422', async () => {
    const a = await createMemory(app, { content: 'suggest validation' });
    const missing = await suggest(app, a, { target_memory_id: 'no-such-memory' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
    assert.equal((await suggest(app, 'no-such-memory', { target_memory_id: a })).status, 404);
    assert.deepEqual(validationLocs(await suggest(app, a, {})), ['body.target_memory_id']);
    assert.deepEqual(validationLocs(await suggest(app, a, { target_memory_id: a })), ['body.target_memory_id']);
  });
});

describe('suggesting a relation with semantic search on', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ embedder: 'hash' });
  });
  after(() => app.close());

  test("the configured embedder's similarity is one of the signals", async () => {
    const a = await createMemory(app, { content: 'Grafana dashboards show API latency' });
    const b = await createMemory(app, { content: 'API latency alerts fire from Grafana' });
    const s = (await suggest(app, a, { target_memory_id: b })).body;
    assert.equal(typeof s.signals.semantic_similarity, 'number');
    assert.ok(s.signals.semantic_similarity > 0);
    assert.equal(s.should_link, true);
  });
});

describe('suggesting a relation while a remote embedder is down', () => {
  test('the suggestion still answers from the offline signals, without a semantic one', async () => {
    const down = await startFakeOpenAi();
    await down.close();
    const app = await buildTestApp({ embedder: 'openai', embedderUrl: down.url, embedderModel: 'fake-embed' });
    try {
      const older = await createMemory(app, { content: 'The billing service runs on Heroku' });
      const newer = await createMemory(app, { content: 'The billing service now runs on Fly.io' });
      const response = await suggest(app, newer, { target_memory_id: older });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.relation_type, 'EVOLVES');
      assert.equal(response.body.signals.semantic_similarity, null);
    } finally {
      await app.close();
    }
  });
});
