import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from './config.ts';
import { serve } from './main.ts';

const config = (overrides: Record<string, unknown>) => ({
  ...loadConfig({ dataDir: '/tmp/cairn-test-unused' }, {}),
  databasePath: ':memory:',
  logLevel: 'silent',
  port: 0,
  ...overrides,
});

test('refuses to listen beyond loopback without an API key', async () => {
  await assert.rejects(serve(config({ host: '0.0.0.0' })), /Refusing to listen on 0\.0\.0\.0 without an API key/);
});

test('listens beyond loopback once a key is configured', async () => {
  const app = await serve(config({ host: '0.0.0.0', apiKey: 'secret-key' }));
  try {
    const port = (app.server.server.address() as { port: number }).port;
    const open = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(open.status, 200);
    const guarded = await fetch(`http://127.0.0.1:${port}/memories`);
    assert.equal(guarded.status, 401);
  } finally {
    await app.close();
  }
});
