import { test } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp } from '../../test/helpers.ts';

const KEY = 'docs-access-key';

test('/docs with a key: the key opens a session cookie for /docs, and every part of the page loads with it', async () => {
  const app = await buildTestApp({ apiKey: KEY });
  try {
    const opened = await app.server.inject({ method: 'GET', url: `/docs?nmem_api_key=${KEY}`, headers: { accept: 'text/html' } });
    assert.equal(opened.statusCode, 303);
    assert.equal(opened.headers.location, '/docs/');
    const setCookie = String(opened.headers['set-cookie']);
    assert.match(setCookie, /^cairn_docs=[\w-]+; Path=\/docs; HttpOnly; SameSite=Strict/);
    assert.ok(!setCookie.includes(KEY), 'the cookie is a session, not the key');
    const cookie = setCookie.split(';')[0]!;

    for (const url of ['/docs/', '/docs/static/swagger-ui.css', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-initializer.js']) {
      assert.equal((await app.server.inject({ method: 'GET', url, headers: { cookie } })).statusCode, 200, url);
    }
    const document = await app.server.inject({ method: 'GET', url: '/docs/json', headers: { cookie } });
    assert.equal(document.statusCode, 200);
    assert.equal(document.json()['x-cairn-docs-key'], KEY, 'Swagger UI learns the key for Try-it-out');
    // The cookie opens /docs only, and the plain OpenAPI document never names a key.
    assert.equal((await app.server.inject({ method: 'GET', url: '/memories', headers: { cookie } })).statusCode, 401);
    const plain = await app.server.inject({ method: 'GET', url: '/openapi.json', headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(plain.json()['x-cairn-docs-key'], undefined);
  } finally {
    await app.close();
  }
});

test('/docs without a key: a browser gets a page saying how to open it; other clients the JSON 401', async () => {
  const app = await buildTestApp({ apiKey: KEY });
  try {
    const page = await app.server.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(page.statusCode, 401);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.match(page.body, /\/docs\?nmem_api_key=YOUR_KEY/);
    assert.match(page.body, /cairn keys create/);
    const wrong = await app.server.inject({ method: 'GET', url: '/docs?nmem_api_key=nope', headers: { accept: 'text/html' } });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.headers['set-cookie'], undefined);
    const json = await app.server.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(json.statusCode, 401);
    assert.equal(json.json().error_code, 'unauthorized');
    const forged = await app.server.inject({ method: 'GET', url: '/docs/json', headers: { cookie: 'cairn_docs=forged-session' } });
    assert.equal(forged.statusCode, 401);
  } finally {
    await app.close();
  }
});
