/**
 * The first day with an API key, in a real browser: /docs opens with the key (and says how without it), Swagger UI's
 * Try-it-out sends the key, and the web app names its export button for what it makes.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { makeTempDir, REPO_ROOT, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { launchChromium } from '../browser.ts';

const KEY = 'docs-test-key-51ab';
let browser: Browser;
let page: Page;
let server: ServerProcess;
let dataDir: string;

before(async () => {
  browser = await launchChromium();
  dataDir = makeTempDir('cairn-docs-');
  server = await startServer({ entry: 'launcher', dataDir, env: { CAIRN_API_KEY: KEY } });
  page = await browser.newPage();
  page.setDefaultTimeout(15_000);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) removeDir(dataDir);
});

describe('/docs and the web app with an API key', () => {
  test('without a key, /docs is a page that says how to open it', async () => {
    const response = await page.goto(`${server.url}/docs`);
    assert.equal(response?.status(), 401);
    assert.match(response?.headers()['content-type'] ?? '', /text\/html/);
    await page.getByText('/docs?nmem_api_key=YOUR_KEY').waitFor();
    await page.getByText('cairn keys create').waitFor();
  });

  test('/docs?nmem_api_key=KEY lists the operations, drops the key from the address, and Try-it-out sends it', async () => {
    await page.goto(`${server.url}/docs?nmem_api_key=${KEY}`);
    await page.locator('.opblock-tag').first().waitFor();
    // Every group of operations is listed (collapsed), and a group opens to its operations.
    assert.ok((await page.locator('.opblock-tag').count()) >= 20, 'every group of operations is listed');
    await page.locator('.opblock-tag', { hasText: 'Memories' }).first().click();
    await page.locator('.opblock').first().waitFor();
    assert.ok((await page.locator('.opblock').count()) >= 5, "the group's operations are listed");
    assert.equal(new URL(page.url()).search, '', 'the key left the address bar');
    const cookie = (await page.context().cookies()).find(c => c.name === 'cairn_docs')!;
    assert.ok(cookie, 'a docs session cookie');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/docs');
    assert.ok(!cookie.value.includes(KEY), 'the cookie names a session, not the key');

    const operation = page.locator('.opblock-get', { has: page.locator('.opblock-summary-path[data-path="/memories"]') }).first();
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    const [answer] = await Promise.all([
      page.waitForResponse(r => new URL(r.url()).pathname === '/memories' && r.request().method() === 'GET'),
      operation.locator('button.execute').click(),
    ]);
    assert.equal(answer.status(), 200, 'Try-it-out sent the key');
  });

  test("the web app's export button says Export, and points to cairn backup for a full backup", async () => {
    if (!existsSync(join(REPO_ROOT, 'web/dist/app.js'))) throw new Error('The web app is not built: run "npm run build:web" first (npm test does).');
    await page.goto(`${server.url}/app/#/settings`);
    const prompt = page.getByRole('form', { name: 'API key' });
    await prompt.getByText('cairn keys create').waitFor(); // the prompt says where keys come from
    await prompt.getByPlaceholder('API key').fill(KEY);
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: /backup/i }).count(), 0, 'no button calls an export a backup');
    await page.getByText('cairn backup PATH').waitFor();
  });
});
