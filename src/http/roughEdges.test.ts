import { test, describe, before, after } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../main.ts';
import { buildTestApp, call, get } from '../../test/helpers.ts';

describe('415 says to send JSON', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const send = (headers: Record<string, string>) =>
    app.server.inject({ method: 'POST', url: '/memories', headers, payload: '{"content":"x"}' }).then(r => ({ status: r.statusCode, body: r.json() }));

  test('a body without Content-Type is a 415 that names application/json', async () => {
    const response = await send({});
    assert.equal(response.status, 415);
    assert.equal(response.body.error_code, 'unsupported_media_type');
    assert.match(response.body.detail, /Content-Type: application\/json/);
  });

  test('a body sent as text/plain is a 415 that names application/json', async () => {
    const response = await send({ 'content-type': 'text/plain' });
    assert.equal(response.status, 415);
    assert.match(response.body.detail, /'text\/plain'.*application\/json/);
  });

  test('application/json with a charset is still accepted', async () => {
    assert.equal((await send({ 'content-type': 'application/json; charset=utf-8' })).status, 200);
  });
});

describe('a wrong method on a known path is a 405', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('PUT /memories is a 405 with Allow listing GET and POST', async () => {
    const response = await call(app, 'PUT', '/memories');
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'GET, HEAD, POST');
    assert.equal(response.body.detail, 'Method Not Allowed');
    assert.equal(response.body.error_code, 'method_not_allowed');
  });

  test('POST on a memory id path is a 405 with the methods of /memories/{id}', async () => {
    const response = await call(app, 'POST', '/memories/some-id', {});
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'DELETE, GET, HEAD, PATCH');
  });

  test('the trailing slash the router ignores is ignored here too', async () => {
    assert.equal((await call(app, 'DELETE', '/labels/')).status, 405);
  });

  test('an unknown path stays a 404 Not Found', async () => {
    const response = await get(app, '/no/such/path');
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'Not Found');
    assert.equal((await call(app, 'PUT', '/memories/a/b/c/d')).status, 404);
  });
});
