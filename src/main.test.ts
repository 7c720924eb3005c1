import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { serve } from './main.ts';
import { scratchDir } from '../test/scratch.ts';
import { startServer } from '../bench/lib.ts';

const config = (overrides: Record<string, unknown>) => ({
  ...loadConfig({ dataDir: scratchDir('cairn-main-') }, {}),
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

test('a second server on the same data directory refuses to start, and stopping the first frees it', async () => {
  const dataDir = join(scratchDir('cairn-lock-'), 'data');
  const onDisk = { dataDir, databasePath: join(dataDir, 'cairn.db') };
  const first = await serve(config(onDisk));
  try {
    await assert.rejects(serve(config(onDisk)), /Another Cairn server is already running on .*data/);
  } finally {
    await first.close();
  }
  const again = await serve(config(onDisk));
  await again.close();
});

test('the data directory and database are created readable by their owner only', async () => {
  const dataDir = join(scratchDir('cairn-mode-'), 'data');
  const app = await serve(config({ dataDir, databasePath: join(dataDir, 'cairn.db') }));
  try {
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    assert.equal(statSync(join(dataDir, 'cairn.db')).mode & 0o777, 0o600);
    assert.equal(statSync(join(dataDir, 'cairn.db-wal')).mode & 0o777, 0o600);
  } finally {
    await app.close();
  }
});

test('a listening server guards the process against stray errors, and gives the guard up when it closes', async () => {
  const before = process.listenerCount('unhandledRejection');
  const app = await serve(config({}));
  try {
    assert.equal(process.listenerCount('unhandledRejection'), before + 1);
    assert.ok(process.listenerCount('uncaughtException') >= 1);
  } finally {
    await app.close();
  }
  assert.equal(process.listenerCount('unhandledRejection'), before);
});

test('SIGTERM with read workers serving searches: the searches are answered, the workers closed, the server exits 0', async () => {
  const dataDir = scratchDir('cairn-sigterm-');
  const server = await startServer({ dataDir, entry: 'launcher', env: { CAIRN_READ_WORKERS: '2' }, timeoutMs: 60_000 });
  try {
    const json = async (path: string, body?: unknown) =>
      (await fetch(`${server.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    const { workers } = await json('/health');
    assert.deepEqual([workers.read_workers, workers.reads], [2, 'worker_threads']);
    await json('/memories', { content: 'The lighthouse keeper logs the ships at dusk' });
    const searches = Array.from({ length: 16 }, () => json('/memories/search', { query: 'lighthouse ships' }));
    const settled = Promise.allSettled(searches); // those not yet connected when it closes are refused
    await searches[0];
    // Closing waits for the requests in flight, then stops the workers: a worker left running would hold the exit.
    const exit = await server.stop('SIGTERM', 15_000);
    assert.deepEqual(exit, { code: 0, signal: null });
    // A search that arrived before the close is answered in full; one that arrived after it is refused (503).
    for (const answered of await settled) {
      if (answered.status !== 'fulfilled') continue;
      if (Array.isArray(answered.value)) assert.equal(answered.value[0]?.memory.content, 'The lighthouse keeper logs the ships at dusk');
      else assert.equal(answered.value.statusCode ?? answered.value.status_code ?? 503, 503, JSON.stringify(answered.value));
    }
  } finally {
    await server.stop('SIGKILL');
  }
});
