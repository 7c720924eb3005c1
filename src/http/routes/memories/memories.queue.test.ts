import { test, describe } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, get, post, settleBackground } from '../../../../test/helpers.ts';
import { QUIET_AFTER_MS } from '../../../services/graph/loopRoom.ts';

/** Keeps the event loop busy for `ms`, as a burst of requests does: turns of 5 ms of work back to back, never idle. */
async function keepLoopBusy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await new Promise(resolve => setImmediate(resolve));
    const turnEnd = Math.min(end, performance.now() + 5);
    while (performance.now() < turnEnd);
  }
}

const entityNames = async (app: Awaited<ReturnType<typeof buildTestApp>>) =>
  ((await get(app, '/entities?limit=100')).body as { name: string }[]).map(e => e.name).sort();

describe('a create is acknowledged before its graph, which follows from the background queue', () => {
  test('the create answers "queued" with no entities yet; they appear once the queue is processed', async () => {
    const app = await buildTestApp();
    try {
      const created = await post(app, '/memories', { content: 'Priya joined Stripe as a staff engineer in Dublin.' });
      assert.equal(created.status, 200);
      assert.deepEqual([created.body.extraction, created.body.extracted_entities, created.body.created_relationships], ['queued', [], 0]);
      const found = await post(app, '/memories/search', { query: 'Stripe staff engineer' });
      assert.deepEqual(found.body.map((r: { memory: { id: string } }) => r.memory.id), [created.body.id], 'searchable by text at once');
      await settleBackground(app);
      assert.deepEqual(await entityNames(app), ['Dublin', 'Priya', 'Stripe']);
    } finally {
      await app.close();
    }
  });

  test('/health and /search-index/status report the backlog and the age of its oldest memory', async () => {
    const app = await buildTestApp();
    try {
      app.deps.extraction.jobs!.stop(); // nothing processes: the backlog stays
      for (const content of ['Mei moved to Osaka.', 'Bob adopted a cat.']) await post(app, '/memories', { content });
      const health = (await get(app, '/health')).body.background_queue;
      assert.equal(health.pending, 2);
      assert.ok(Number.isInteger(health.lag_ms) && health.lag_ms >= 0, JSON.stringify(health));
      assert.equal(health.failed, 0);
      assert.equal((await get(app, '/search-index/status')).body.background_queue.pending, 2);
    } finally {
      await app.close();
    }
  });

  test('an empty queue reports nothing pending and no lag', async () => {
    const app = await buildTestApp();
    try {
      await post(app, '/memories', { content: 'Mei moved to Osaka.' });
      await settleBackground(app);
      assert.deepEqual((await get(app, '/health')).body.background_queue, { pending: 0, lag_ms: null, failed: 0, claimed_here: 1 });
    } finally {
      await app.close();
    }
  });

  test('a memory queued by a server that died is processed after a restart, once its lease ran out', async () => {
    const app = await buildTestApp();
    try {
      app.deps.extraction.jobs!.stop();
      const { id } = (await post(app, '/memories', { content: 'Xiomara moved to Quito.' })).body;
      // As a dead process leaves it: claimed, with a lease that has run out.
      await app.deps.store.extractionQueue.claim({ worker: 'dead', limit: 10, max_attempts: 3, now: '2000-01-01T00:00:00.000Z', lease_until: '2000-01-01T00:01:00.000Z' });
      const restarted = { ...app.deps.extraction };
      const { createExtractionSetup } = await import('../../../services/graph/setup.ts');
      const fresh = createExtractionSetup({ mode: 'rules', primary: restarted.rules, rules: restarted.rules, store: app.deps.store, clock: app.deps.clock, ids: app.deps.ids });
      await fresh.jobs!.settle();
      assert.deepEqual(await entityNames(app), ['Quito', 'Xiomara']);
      assert.equal((await app.deps.store.extractionQueue.stats(3)).pending, 0);
      assert.equal((await get(app, `/memories/${id}`)).status, 200);
    } finally {
      await app.close();
    }
  });

  test('with CAIRN_EXTRACTOR=none a created memory is still linked to the older one it updates', async () => {
    const app = await buildTestApp({ extractor: 'none' });
    try {
      const older = (await post(app, '/memories', { content: 'Priya lives in Berlin with her two cats' })).body.id;
      const newer = (await post(app, '/memories', { content: 'Priya now lives in Lisbon with her two cats' })).body.id;
      await settleBackground(app);
      const relations = (await get(app, `/memories/${newer}/relations?types=EVOLVES`)).body.relations;
      assert.equal(relations.length, 1, JSON.stringify(relations));
      assert.ok(JSON.stringify(relations).includes(older));
    } finally {
      await app.close();
    }
  });

  test("a burst of creates on a fresh server: the queue's first batch (the models' cold start) waits until the writes are quiet", async () => {
    // The rules' libraries are loaded once per process: loaded here first, so that on a server that did not hold its
    // first batch back, that batch would be done within the wait below.
    const warmup = await buildTestApp();
    try {
      await post(warmup, '/memories', { content: 'Mei moved to Osaka.' });
      await settleBackground(warmup);
    } finally {
      await warmup.close();
    }
    const app = await buildTestApp();
    try {
      const contents = Array.from({ length: 40 }, (_, i) => `Priya ${i} joined Stripe as a staff engineer in Dublin.`);
      const created = await Promise.all(contents.map(content => post(app, '/memories', { content })));
      assert.deepEqual(new Set(created.map(c => c.body.extraction)), new Set(['queued']));
      // The event loop is idle now: only the burst just before holds the first batch back (for QUIET_AFTER_MS after
      // its last write at least); a queue that looked at the loop alone claims its first batch within milliseconds.
      await new Promise(resolve => setTimeout(resolve, QUIET_AFTER_MS / 2));
      assert.equal((await app.deps.extraction.jobs!.status()).claimed_here, 0, 'nothing claimed right after the burst');
      assert.equal(await app.deps.extraction.jobs!.pending(), 40);
      await settleBackground(app);
      assert.equal(await app.deps.extraction.jobs!.pending(), 0, 'all processed once the writes are quiet');
      assert.ok((await entityNames(app)).includes('Dublin'));
    } finally {
      await app.close();
    }
  });

  test('the queue gives way while requests keep the event loop busy, and processes what waited once they let up', async () => {
    const app = await buildTestApp();
    try {
      // A first memory loads the rules, so the one below is not held up by that instead.
      await post(app, '/memories', { content: 'Mei moved to Osaka.' });
      await settleBackground(app);
      const created = await post(app, '/memories', { content: 'Priya joined Stripe as a staff engineer in Dublin.' });
      assert.equal(created.body.extraction, 'queued');
      await keepLoopBusy(600);
      assert.equal(await app.deps.extraction.jobs!.pending(), 1, 'not processed while the loop had no room');
      await settleBackground(app);
      assert.equal(await app.deps.extraction.jobs!.pending(), 0);
      assert.ok((await entityNames(app)).includes('Priya'));
    } finally {
      await app.close();
    }
  });
});
