import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from '../../../../test/suite.ts';
import Fastify from 'fastify';
import { makeTempDir, removeDir } from '../../../../bench/lib.ts';
import { buildTestApp, get } from '../../../../test/helpers.ts';
import { webAppRoutesFrom } from './webApp.ts';

const dirs: string[] = [];
after(() => dirs.forEach(removeDir));

async function serverServing(files: Record<string, string>) {
  const dir = makeTempDir('cairn-web-');
  dirs.push(dir);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(webAppRoutesFrom(dir));
  return app;
}

describe('the web app route', () => {
  test('/ and /app send the browser to /app/', async () => {
    const app = await buildTestApp();
    try {
      for (const url of ['/', '/app']) {
        const response = await get(app, url);
        assert.equal(response.status, 302, url);
        assert.equal(response.headers.location, '/app/');
      }
    } finally {
      await app.close();
    }
  });

  test('the page and its assets load without an API key while the API still asks for one', async () => {
    const app = await buildTestApp({ apiKey: 'secret-key' });
    try {
      const page = await get(app, '/app/');
      // Served when the bundle is built, else the page that says how to build it: never a 401.
      assert.ok(page.status === 200 || page.status === 503, `status ${page.status}`);
      assert.match(String(page.headers['content-type']), /text\/html/);
      assert.equal((await get(app, '/memories')).status, 401);
    } finally {
      await app.close();
    }
  });

  test('a built app is served from /app/ with its files', async () => {
    const app = await serverServing({ 'index.html': '<!doctype html><title>Cairn</title>', 'app.js': 'console.log(1)' });
    const page = await app.inject('/app/');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>Cairn<\/title>/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const script = await app.inject('/app/app.js');
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /javascript/);
    assert.equal((await app.inject('/app/missing.js')).statusCode, 404);
    await app.close();
  });

  test('without a built bundle, /app says how to build it instead of failing', async () => {
    const app = await serverServing({});
    for (const url of ['/app/', '/app/app.js']) {
      const response = await app.inject(url);
      assert.equal(response.statusCode, 503, url);
      assert.match(response.body, /npm run build:web/);
    }
    await app.close();
  });
});
