import { test, describe, before, after } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { App } from '../main.ts';
import { buildTestApp, call, createMemory, get, patch, post, validationLocs } from '../../test/helpers.ts';

/** A JSON object nesting `levels` deep (`{}` is 1), as text: JSON.stringify itself would overflow on the deep ones. */
const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
const postRaw = (app: App, url: string, json: string) => call(app, 'POST', url, json);
const patchRaw = (app: App, url: string, json: string) => call(app, 'PATCH', url, json);

describe('free-form JSON fields are bounded in depth and size', () => {
  let app: App;
  let source: string;
  let target: string;
  before(async () => {
    app = await buildTestApp();
    source = await createMemory(app, { content: 'Redis caches the sessions' });
    target = await createMemory(app, { content: 'Memcached used to cache the sessions' });
  });
  after(() => app.close());

  test('memory metadata nested 5,000 deep is a 422, not a 500', async () => {
    assert.deepEqual(validationLocs(await postRaw(app, '/memories', `{"content":"x","metadata":${nested(5000)}}`)), ['body.metadata']);
  });

  test('memory metadata may nest 32 levels, not 33', async () => {
    assert.equal((await postRaw(app, '/memories', `{"content":"x","metadata":${nested(32)}}`)).status, 200);
    const refused = await postRaw(app, '/memories', `{"content":"x","metadata":${nested(33)}}`);
    assert.deepEqual(validationLocs(refused), ['body.metadata']);
    assert.match(refused.body.detail[0].msg, /deeper than 32/);
  });

  test('memory metadata over 64 KB is a 422', async () => {
    assert.equal((await post(app, '/memories', { content: 'x', metadata: { note: 'x'.repeat(60_000) } })).status, 200);
    assert.deepEqual(validationLocs(await post(app, '/memories', { content: 'x', metadata: { note: 'x'.repeat(70_000) } })), ['body.metadata']);
  });

  test('deep metadata is refused on patch and on upsert too', async () => {
    assert.deepEqual(validationLocs(await patchRaw(app, `/memories/${source}`, `{"metadata":${nested(5000)}}`)), ['body.metadata']);
    assert.deepEqual(validationLocs(await postRaw(app, '/memories', `{"id":"${source}","content":"x","metadata":${nested(1001)}}`)), ['body.metadata']);
    assert.equal((await get(app, `/memories/${source}`)).body.content, 'Redis caches the sessions');
  });

  test('searches with metadata filters keep working (deep metadata never gets stored)', async () => {
    await postRaw(app, '/memories', `{"content":"poison","metadata":${nested(1500)}}`);
    const searched = await post(app, '/memories/search', { query: 'sessions', metadata_filters: ['team=infra'] });
    assert.equal(searched.status, 200);
  });

  test('relation properties are bounded on create and on update', async () => {
    const deep = `{"target_memory_id":"${target}","relation_type":"related","properties":${nested(5000)}}`;
    assert.deepEqual(validationLocs(await postRaw(app, `/memories/${source}/relations`, deep)), ['body.properties']);
    const created = await post(app, `/memories/${source}/relations`, { target_memory_id: target, relation_type: 'related', properties: { a: 1 } });
    assert.equal(created.status, 200, created.text);
    const relationId = created.body.id ?? created.body.relation?.id;
    assert.deepEqual(validationLocs(await patchRaw(app, `/memories/relations/${relationId}`, `{"properties":${nested(40)}}`)), ['body.properties']);
  });

  test('thread and message metadata are bounded on create, append and import', async () => {
    assert.deepEqual(validationLocs(await postRaw(app, '/threads', `{"thread_id":"t-deep","messages":[],"metadata":${nested(5000)}}`)), ['body.metadata']);
    const message = `{"role":"user","content":"hi","metadata":${nested(5000)}}`;
    assert.deepEqual(validationLocs(await postRaw(app, '/threads', `{"thread_id":"t-deep","messages":[${message}]}`)), ['body.messages.0.metadata']);
    assert.equal((await post(app, '/threads', { thread_id: 't-ok', messages: [{ role: 'user', content: 'hi' }] })).status, 200);
    assert.deepEqual(validationLocs(await postRaw(app, '/threads/t-ok/append', `{"messages":[${message}]}`)), ['body.messages.0.metadata']);
    assert.deepEqual(validationLocs(await postRaw(app, '/threads/import', `{"thread_id":"t-imp","messages":[],"metadata":${nested(5000)}}`)), ['body.metadata']);
  });
});

describe('search metadata_filters are bounded', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('1,000 metadata filters are a 422, not a 500', async () => {
    const filters = Array.from({ length: 1000 }, (_, i) => `k${i}=v`);
    assert.deepEqual(validationLocs(await post(app, '/memories/search', { query: 'x', metadata_filters: filters })), ['body.metadata_filters']);
  });

  test('50 metadata filters are accepted, 51 are not', async () => {
    const filters = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=v`);
    assert.equal((await post(app, '/memories/search', { query: 'x', metadata_filters: filters(50) })).status, 200);
    assert.deepEqual(validationLocs(await post(app, '/memories/search', { query: 'x', metadata_filters: filters(51) })), ['body.metadata_filters']);
  });
});

describe('every id the service accepts can be addressed, and no id answers 414', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a 200-character caller id (slashes, spaces, accents, percent-encoded) is created and read back', async () => {
    const id = 'é/ ?'.repeat(50);
    assert.equal(id.length, 200);
    assert.equal((await post(app, '/memories', { id, content: 'long id' })).status, 200);
    const read = await get(app, `/memories/${encodeURIComponent(id)}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.id, id);
  });

  test('a caller id of 201 characters is a 422 on create', async () => {
    assert.deepEqual(validationLocs(await post(app, '/memories', { id: 'm'.repeat(201), content: 'x' })), ['body.id']);
  });

  test('reading an unknown id of 150 characters is a 404, of 5,000 a 422', async () => {
    assert.equal((await get(app, `/memories/${'u'.repeat(150)}`)).status, 404);
    const long = await get(app, `/memories/${'u'.repeat(5000)}`);
    assert.deepEqual(validationLocs(long), ['path']);
    assert.equal((await get(app, `/threads/${'u'.repeat(5000)}`)).status, 422);
    assert.equal((await get(app, `/labels/${'u'.repeat(201)}`)).status, 422);
  });

  test('thread ids follow the same bound: 200 is created and read, 201 is a 422', async () => {
    const id = 't'.repeat(200);
    assert.equal((await post(app, '/threads', { thread_id: id, messages: [{ role: 'user', content: 'hi' }] })).status, 200);
    assert.equal((await get(app, `/threads/${id}`)).status, 200);
    assert.deepEqual(validationLocs(await post(app, '/threads', { thread_id: 't'.repeat(201), messages: [] })), ['body.thread_id']);
  });

  test('an exact-mode entity id of 200 characters is applied and read back', async () => {
    const memory = await createMemory(app, { content: 'Grace Hopper wrote compilers' });
    const id = 'g'.repeat(200);
    const applied = await post(app, `/memories/${memory}/extract-kg/apply?resolution=exact`, { entities: [{ id, name: 'Grace Hopper', entity_type: 'person' }] });
    assert.equal(applied.status, 200, applied.text);
    const read = await get(app, `/entities/${id}`);
    assert.equal(read.status, 200, read.text);
  });

  test('an entity id over 200 characters in an extraction apply is a 422', async () => {
    const memory = await createMemory(app, { content: 'Ada Lovelace wrote notes' });
    const entities = [{ id: 'e'.repeat(201), name: 'Ada', entity_type: 'person' }];
    assert.deepEqual(validationLocs(await post(app, `/memories/${memory}/extract-kg/apply`, { entities })), ['body.entities.0.id']);
  });
});

describe('router and HTTP-parser errors answer in the {detail, error_code} shape', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a path that is not valid percent-encoding is a 400 bad_url', async () => {
    const response = await get(app, '/memories/%E0%A4%A');
    assert.equal(response.status, 400);
    assert.deepEqual(Object.keys(response.body).sort(), ['detail', 'error_code']);
    assert.equal(response.body.error_code, 'bad_url');
  });

  test('a body over the limit is a 413 body_too_large', async () => {
    const response = await post(app, '/memories', { content: 'x', metadata: { a: 'x'.repeat(17 * 1024 * 1024) } });
    assert.equal(response.status, 413);
    assert.equal(response.body.error_code, 'body_too_large');
    assert.match(response.body.detail, /at most \d+ bytes/);
  });

  test('headers too large for the HTTP parser are a 431 with detail and error_code', async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET /memories/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      let data = '';
      socket.on('data', chunk => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    assert.equal(body.error_code, 'headers_too_large');
    assert.equal(typeof body.detail, 'string');
  });
});
