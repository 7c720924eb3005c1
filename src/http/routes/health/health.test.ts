import { test, describe, before, after, currentBackend } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../../../main.ts';
import { buildTestApp, call, createMemory, get, post, type TestResponse } from '../../../../test/helpers.ts';

const isJson = (response: TestResponse) => assert.match(String(response.headers['content-type']), /^application\/json\b/);

describe('health, capabilities and service endpoints', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('GET /livez answers {status: "ok"}', async () => {
    const live = await get(app, '/livez');
    assert.equal(live.status, 200);
    assert.deepEqual(live.body, { status: 'ok' });
    isJson(live);
  });

  test('GET /health carries the reference HealthResponse fields', async () => {
    const health = await get(app, '/health');
    assert.equal(health.status, 200);
    assert.equal(health.body.status, 'healthy');
    assert.equal(typeof health.body.version, 'string');
    assert.ok(health.body.version.length > 0);
    assert.match(health.body.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    assert.ok(Math.abs(Date.parse(health.body.timestamp) - Date.now()) < 60_000);
    assert.equal(health.body.database_connected, true);
    assert.equal(health.body.services_ready, true);
  });

  test('GET /health also reports the embedding provider and the storage backend', async () => {
    const { body } = await get(app, '/health');
    assert.deepEqual(Object.keys(body.embedding).sort(), ['available', 'degraded', 'model', 'provider']);
    assert.equal(typeof body.embedding.provider, 'string');
    assert.equal(typeof body.embedding.available, 'boolean');
    assert.equal(typeof body.embedding.degraded, 'boolean');
    assert.ok(body.embedding.model === null || typeof body.embedding.model === 'string');
    assert.deepEqual(body.storage, { backend: currentBackend() === 'sqlite' ? 'sqlite' : 'postgres' });
  });

  test('GET /health ignores the space_id real clients add', async () => {
    const health = await get(app, '/health?space_id=work');
    assert.equal(health.status, 200);
    assert.equal(health.body.status, 'healthy');
  });

  test('GET /capabilities gives the version, interface version, feature flags and spaces', async () => {
    const caps = await get(app, '/capabilities');
    assert.equal(caps.status, 200);
    isJson(caps);
    assert.equal(caps.body.version, (await get(app, '/health')).body.version);
    assert.equal(caps.body.interface_version, '0.9.15');
    assert.equal(caps.body.spaces_enabled, true);
    const features = caps.body.features as Record<string, unknown>;
    for (const name of ['semantic_search', 'llm_extraction', 'llm_synthesis', 'mcp', 'auth_required']) {
      assert.ok(name in features, `features names ${name}`);
    }
    for (const [name, on] of Object.entries(features)) assert.equal(typeof on, 'boolean', `feature ${name} is a boolean`);
  });

  test('capabilities say auth is not required when no key is configured', async () => {
    assert.equal((await get(app, '/capabilities')).body.features.auth_required, false);
  });

  test('capabilities say auth is required when a key is configured', async () => {
    const locked = await buildTestApp({ apiKey: 'secret-key' });
    try {
      const caps = await get(locked, '/capabilities');
      assert.equal(caps.status, 200);
      assert.equal(caps.body.features.auth_required, true);
    } finally {
      await locked.close();
    }
  });

  test('POST /health/checkpoint answers {success, checkpointed, detail}', async () => {
    const result = await post(app, '/health/checkpoint');
    assert.equal(result.status, 200);
    isJson(result);
    assert.deepEqual(Object.keys(result.body).sort(), ['checkpointed', 'detail', 'success']);
    assert.equal(result.body.success, true);
    assert.equal(result.body.checkpointed, true);
    assert.equal(typeof result.body.detail, 'string');
  });

  test('POST /health/checkpoint accepts an empty JSON body, as real clients send', async () => {
    const result = await post(app, '/health/checkpoint', '');
    assert.equal(result.status, 200);
    assert.equal(result.body.success, true);
  });

  test('GET /openapi.json is an OpenAPI document that lists /memories', async () => {
    const doc = await get(app, '/openapi.json');
    assert.equal(doc.status, 200);
    isJson(doc);
    assert.match(doc.body.openapi, /^3\./);
    assert.equal(typeof doc.body.info.title, 'string');
    assert.ok(doc.body.paths['/memories'], 'lists /memories');
    assert.ok(doc.body.paths['/memories'].post, 'lists POST /memories');
    assert.ok(doc.body.paths['/labels'], 'lists /labels');
    assert.ok(doc.body.paths['/memories/{memory_id}'], 'uses {braces} for path parameters');
  });

  test('GET /docs serves the interactive documentation page', async () => {
    let response = await get(app, '/docs');
    for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
      response = await get(app, new URL(String(response.headers.location), 'http://localhost/docs').pathname);
    }
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
  });

  test('an unknown path answers 404 with detail "Not Found"', async () => {
    const missing = await get(app, '/no/such/endpoint');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.detail, 'Not Found');
    assert.equal(typeof missing.body.error_code, 'string');
    isJson(missing);
    assert.equal((await call(app, 'DELETE', '/livez')).status, 405); // a known path: wrong method, not unknown path
  });

  test('JSON responses carry Content-Type: application/json, errors included', async () => {
    isJson(await get(app, '/health'));
    isJson(await get(app, '/memories'));
    isJson(await get(app, '/labels'));
    isJson(await get(app, '/memories/does-not-exist'));
    const invalid = await get(app, '/labels?limit=0');
    assert.equal(invalid.status, 422);
    isJson(invalid);
    const malformed = await post(app, '/memories', '{"content": ');
    assert.equal(malformed.status, 422);
    isJson(malformed);
  });
});

describe('health when the database is unreachable', () => {
  test('/livez stays ok without the database while /health reports it disconnected', async () => {
    const app = await buildTestApp();
    try {
      await app.deps.store.close();
      const live = await get(app, '/livez');
      assert.equal(live.status, 200);
      assert.deepEqual(live.body, { status: 'ok' });
      const health = await get(app, '/health');
      assert.equal(health.status, 200);
      assert.equal(health.body.database_connected, false);
      assert.equal(health.body.services_ready, false);
      assert.notEqual(health.body.status, 'healthy');
    } finally {
      await app.close();
    }
  });
});

describe('checkpoint on a database file', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-checkpoint-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a checkpoint empties the write-ahead log so a copy of the database file alone holds every write', async () => {
    const databasePath = join(dir, 'cairn.db');
    const app = await buildTestApp({ storage: 'sqlite', dataDir: dir, databasePath });
    let id: string;
    try {
      id = await createMemory(app, { content: 'must survive the copy', labels: ['durable'] });
      assert.ok(existsSync(`${databasePath}-wal`) && statSync(`${databasePath}-wal`).size > 0, 'the write sits in the WAL first');
      const result = await post(app, '/health/checkpoint');
      assert.equal(result.status, 200);
      assert.equal(result.body.success, true);
      assert.equal(result.body.checkpointed, true);
      assert.equal(statSync(`${databasePath}-wal`).size, 0);
      // Copy only the main file, as a backup taken while the service runs would.
      copyFileSync(databasePath, join(dir, 'copy.db'));
    } finally {
      await app.close();
    }
    const copy = await buildTestApp({ storage: 'sqlite', dataDir: dir, databasePath: join(dir, 'copy.db') });
    try {
      const read = await get(copy, `/memories/${id}`);
      assert.equal(read.status, 200);
      assert.equal(read.body.content, 'must survive the copy');
      assert.deepEqual(read.body.labels.map((l: { name: string }) => l.name), ['durable']);
    } finally {
      await copy.close();
    }
  });
});
