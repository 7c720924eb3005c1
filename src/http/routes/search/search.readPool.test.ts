import { alsoOnPglite, describe, test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../../config.ts';
import type { App } from '../../../main.ts';
import type { ReadRequest } from '../../../services/reads/reads.ts';
import { buildTestApp, del, get, lacksVectorSearch, patch, post, settleBackground, type TestResponse } from '../../../../test/helpers.ts';

// One test searches by meaning: PGlite carries pgvector where Debian's PostgreSQL does not.
alsoOnPglite();

/** An app on a database file (worker threads cannot share an in-memory one), with a read pool of `readWorkers` threads. */
async function fileApp(overrides: Partial<Config> = {}): Promise<App> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-read-pool-'));
  return buildTestApp({ databasePath: join(dir, 'cairn.db'), readWorkers: 2, ...overrides });
}

/** On SQLite the reads go through the pool's threads; on PostgreSQL through the connection pool (no threads). */
function expectPool(app: App) {
  if (app.deps.store.backend === 'sqlite') assert.equal(app.deps.readPool?.size, 2, 'the reads are served by the worker threads');
  else assert.equal(app.deps.readPool ?? null, null);
}

/** The same request answered in process: the pool is set aside for the call. */
async function inProcess<T>(app: App, ask: () => Promise<T>): Promise<T> {
  const pool = app.deps.readPool;
  app.deps.readPool = null;
  try {
    return await ask();
  } finally {
    app.deps.readPool = pool;
  }
}

const withoutTiming = (response: TestResponse) => {
  const body = structuredClone(response.body);
  if (body?.search_metadata) delete body.search_metadata.took_ms;
  return { status: response.status, body };
};

const MEMORIES = [
  { title: 'Kayak trip', content: 'Maria paddled a kayak around Lake Bled in June and camped by the shore.', labels: ['travel'], importance: 0.8 },
  { content: 'The PostgreSQL migration finished on Tuesday; Tom checked every index afterwards.', labels: ['work'] },
  { content: 'Maria prefers green tea in the morning and coffee after lunch.', labels: ['people'] },
  { content: 'We decided to keep SQLite as the default store because it needs no server.', labels: ['work', 'decisions'] },
  { content: 'Lake Bled has a small island with a church; the kayak rental opens at nine.' },
];

describe('reads on worker threads (CAIRN_READ_WORKERS)', () => {
  test('search (fast and deep, POST and GET), get, list and their errors answer exactly as in process', async () => {
    const app = await fileApp();
    try {
      expectPool(app);
      const ids: string[] = [];
      for (const memory of MEMORIES) ids.push((await post(app, '/memories', memory)).body.id);
      await settleBackground(app); // entities written, so deep search's entity part has something to find
      const requests: [string, string, unknown?][] = [
        ['POST', '/memories/search', { query: 'kayak lake bled' }],
        ['POST', '/memories/search', { query: 'where did Maria go kayaking', mode: 'deep', limit: 3 }],
        ['POST', '/memories/search', { query: 'sqlite default', filter_labels: ['work'] }],
        ['POST', '/memories/search', { query: 'tea', include_states: ['archived'] }],
        ['GET', '/memories/search?q=migration%20index&mode=deep'],
        ['GET', `/memories/${ids[0]}`],
        ['GET', `/memories/${ids[1]}?space_id=elsewhere`],
        ['GET', '/memories/0191f0a0-0000-7000-8000-000000000000'],
        ['GET', '/memories?limit=2&offset=1'],
        ['GET', '/memories?labels=work&importance_min=0.1'],
      ];
      for (const [method, url, body] of requests) {
        const ask = () => (method === 'GET' ? get(app, url) : post(app, url, body));
        const pooled = withoutTiming(await ask());
        assert.deepEqual(pooled, withoutTiming(await inProcess(app, ask)), `${method} ${url} ${JSON.stringify(body ?? '')}`);
      }
      // The answers are real ones, not two empty lists that happen to agree.
      assert.ok((await post(app, '/memories/search', { query: 'kayak lake bled' })).body.length >= 2);
      const missing = await get(app, '/memories/0191f0a0-0000-7000-8000-000000000000');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error_code, 'memory_not_found');
    } finally {
      await app.close();
    }
  });

  test('POST /memories/search sends the JSON text the worker made: byte for byte the event loop’s answer, schema checked', async () => {
    const app = await fileApp();
    try {
      expectPool(app);
      for (const memory of MEMORIES) await post(app, '/memories', memory);
      await settleBackground(app);
      const bodies = [{ query: 'kayak lake bled' }, { query: 'maria', include_entities: false, limit: 2 }, { query: 'nothing matches zzyzx' }];
      for (const body of bodies) {
        const pooled = await post(app, '/memories/search', body);
        const local = await inProcess(app, () => post(app, '/memories/search', body));
        assert.equal(pooled.status, 200);
        assert.match(String(pooled.headers['content-type']), /^application\/json/);
        assert.equal(pooled.text, local.text, JSON.stringify(body));
      }
      assert.ok((await post(app, '/memories/search', bodies[0])).body.length >= 2, 'real answers, not two empty lists');
      if (app.deps.readPool) {
        // The worker serialises: what crosses the thread is the text itself, not objects to serialise again here.
        const request: ReadRequest = { kind: 'searchResultsJson', input: { query: 'kayak', limit: 10, mode: 'fast', include_entities: true, include_states: ['active'] } };
        const text = await app.deps.readPool.run(request);
        assert.equal(typeof text, 'string');
        assert.equal((JSON.parse(text as string) as unknown[]).length, 2);
      }
      // Bad input is refused before any thread is asked, in the interface's error shape, as in process.
      for (const bad of [{ query: 'kayak', limit: 0 }, { limit: 5 }, { query: 'kayak', mode: 'sideways' }, { query: 'kayak', event_date_from: 'soon' }]) {
        const pooled = await post(app, '/memories/search', bad);
        assert.equal(pooled.status, 422, JSON.stringify(bad));
        assert.ok(Array.isArray(pooled.body.detail) && pooled.body.detail.length > 0, 'FastAPI’s 422 shape: a list of issues');
        assert.deepEqual(pooled.body, (await inProcess(app, () => post(app, '/memories/search', bad))).body);
      }
    } finally {
      await app.close();
    }
  });

  test('read your writes: a memory is found by the next search and get after its create was answered', async () => {
    const app = await fileApp();
    try {
      expectPool(app);
      const words = ['quokka', 'narwhal', 'axolotl', 'pangolin', 'okapi', 'capybara', 'tapir', 'dugong', 'fossa', 'kinkajou', 'numbat', 'saola'];
      for (const [i, word] of words.entries()) {
        const created = await post(app, '/memories', { content: `A note about ${word} number ${i}` });
        assert.equal(created.status, 200);
        const [found, read] = await Promise.all([post(app, '/memories/search', { query: word }), get(app, `/memories/${created.body.id}`)]);
        assert.deepEqual(found.body.map((r: { memory: { id: string } }) => r.memory.id), [created.body.id], `search right after create ${i}`);
        assert.equal(read.status, 200);
        assert.equal(read.body.content, `A note about ${word} number ${i}`);
      }
    } finally {
      await app.close();
    }
  });

  test('an edit is searched by its new words at once, and a deleted memory is gone from search, get and list', async () => {
    const app = await fileApp();
    try {
      expectPool(app);
      const { id } = (await post(app, '/memories', { content: 'The wombat burrow is behind the shed' })).body;
      assert.equal((await post(app, '/memories/search', { query: 'wombat' })).body.length, 1);
      assert.equal((await patch(app, `/memories/${id}`, { content: 'The platypus pond is behind the shed' })).status, 200);
      assert.deepEqual((await post(app, '/memories/search', { query: 'wombat' })).body, []);
      const edited = await post(app, '/memories/search', { query: 'platypus pond' });
      assert.deepEqual(edited.body.map((r: { memory: { id: string; content: string } }) => [r.memory.id, r.memory.content]), [[id, 'The platypus pond is behind the shed']]);
      assert.equal((await get(app, `/memories/${id}`)).body.content, 'The platypus pond is behind the shed');

      assert.equal((await del(app, `/memories/${id}`)).status, 200);
      assert.deepEqual((await post(app, '/memories/search', { query: 'platypus pond' })).body, []);
      assert.equal((await get(app, `/memories/${id}`)).status, 404);
      assert.equal((await get(app, '/memories')).body.pagination.total, 0);
    } finally {
      await app.close();
    }
  });

  test('semantic search from the workers embeds the query with the server’s model and sees vectors written since', async t => {
    const app = await fileApp({ embedder: 'hash' });
    try {
      if (await lacksVectorSearch(app, t)) return;
      expectPool(app);
      for (const memory of MEMORIES) await post(app, '/memories', memory);
      await settleBackground(app); // entities and vectors written: the two answers compared see the same data
      await app.deps.indexer!.settle();
      const ask = () => post(app, '/memories/search', { query: 'kayak around the lake', limit: 5 });
      const pooled = await ask();
      assert.equal(pooled.status, 200);
      assert.deepEqual(pooled.body, (await inProcess(app, ask)).body);
      assert.ok(pooled.body.some((r: { score_breakdown: { semantic: { rank: number | null } } }) => r.score_breakdown.semantic.rank !== null), 'vectors took part');

      const { id } = (await post(app, '/memories', { content: 'A kayak around the lake at dawn is the calmest thing' })).body;
      await settleBackground(app);
      await app.deps.indexer!.settle();
      const again = await ask();
      assert.ok(again.body.some((r: { memory: { id: string }; score_breakdown: { semantic: { rank: number | null } } }) => r.memory.id === id && r.score_breakdown.semantic.rank !== null));
      assert.deepEqual(again.body, (await inProcess(app, ask)).body);
    } finally {
      await app.close();
    }
  });

  test('/health says where reads and background work run; 0 workers keeps reads on the event loop', async () => {
    const pooled = await fileApp();
    try {
      const { workers } = (await get(pooled, '/health')).body;
      assert.ok(workers.cores >= 1);
      assert.equal(workers.write_lock, null, 'one writer (no background threads): no shared write lock to report');
      if (pooled.deps.store.backend === 'sqlite') assert.deepEqual([workers.read_workers, workers.reads], [2, 'worker_threads']);
      else assert.deepEqual([workers.read_workers, workers.reads], [0, 'connection_pool']);
    } finally {
      await pooled.close();
    }
    const inline = await fileApp({ readWorkers: 0, extractorWorker: true, backgroundWorkers: 3 });
    try {
      assert.equal(inline.deps.readPool ?? null, null);
      const { workers } = (await get(inline, '/health')).body;
      assert.equal(workers.read_workers, 0);
      assert.equal(workers.reads, inline.deps.store.backend === 'sqlite' ? 'event_loop' : 'connection_pool');
      assert.equal(workers.background_workers, 3);
      if (inline.deps.store.backend === 'sqlite') {
        // The queue's threads share SQLite's one write lock with the server's thread: how long each side held it.
        assert.equal((await post(inline, '/memories', { content: 'Priya moved to Lisbon in March.' })).status, 200);
        await settleBackground(inline);
        const lock = (await get(inline, '/health')).body.workers.write_lock;
        assert.ok(lock.server.takes >= 1 && lock.server.held_ms > 0, JSON.stringify(lock));
        assert.ok(lock.background.takes >= 1 && lock.background.held_ms > 0, JSON.stringify(lock));
      } else assert.equal(workers.write_lock, null);
    } finally {
      await inline.close();
    }
  });

  test('closing the app stops the read workers', async () => {
    const app = await fileApp();
    const pool = app.deps.readPool;
    await post(app, '/memories/search', { query: 'anything' });
    await app.close();
    assert.equal(pool?.size ?? 0, 0);
  });
});
