import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from './errors.ts';
import { createReadPool } from './mainReadPool.ts';
import type { ReadRequest } from './services/reads/reads.ts';

/**
 * A stand-in read worker: it answers a get with the id it was asked, and crashes (the whole thread) on the id
 * `crash`: always, or only once when `once` (a marker file remembers that it did, across the replacement thread).
 */
function crashingWorker(once: boolean): URL {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-read-pool-crash-'));
  const marker = join(dir, 'crashed');
  const file = join(dir, 'worker.mjs');
  writeFileSync(
    file,
    `import { parentPort, threadId } from 'node:worker_threads';
import { existsSync, writeFileSync } from 'node:fs';
parentPort.on('message', ({ id, request }) => {
  if (request.id === 'crash' && !(${once} && existsSync(${JSON.stringify(marker)}))) {
    writeFileSync(${JSON.stringify(marker)}, '');
    process.exit(7);
  }
  parentPort.postMessage({ id, value: { id: request.id, thread: threadId } });
});
parentPort.postMessage({ ready: true });
`,
  );
  return pathToFileURL(file);
}

const getOf = (id: string): ReadRequest => ({ kind: 'get', id, query: {} });

describe('the read pool', () => {
  test('a worker that crashes under a read is replaced, and the read runs again on a worker that answers', async () => {
    const messages: string[] = [];
    const pool = createReadPool({ size: 2, databasePath: 'unused', embedder: null, script: crashingWorker(true), log: m => messages.push(m) });
    try {
      assert.equal(((await pool.run(getOf('a'))) as { id: string }).id, 'a');
      const [crashed, other] = await Promise.all([pool.run(getOf('crash')), pool.run(getOf('b'))]);
      assert.equal((crashed as { id: string }).id, 'crash');
      assert.equal((other as { id: string }).id, 'b');
      assert.match(messages.join('\n'), /read worker stopped \(exit code 7\); it is started again/);
      assert.equal(pool.size, 2, 'the crashed worker was replaced');
      assert.equal(((await pool.run(getOf('c'))) as { id: string }).id, 'c');
    } finally {
      await pool.close();
    }
  });

  test('a read that crashes every worker it is given is answered 503 (never a hang), and the pool keeps serving', async () => {
    const pool = createReadPool({ size: 2, databasePath: 'unused', embedder: null, script: crashingWorker(false) });
    try {
      const error = await pool.run(getOf('crash')).then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok(error instanceof AppError);
      assert.deepEqual([error.status, error.code], [503, 'read_worker_unavailable']);
      assert.equal(pool.size, 2);
      assert.equal(((await pool.run(getOf('d'))) as { id: string }).id, 'd');
    } finally {
      await pool.close();
    }
  });

  test('workers that cannot start leave the reads in process: nothing waits on them', async () => {
    const messages: string[] = [];
    const missing = pathToFileURL(join(tmpdir(), 'no-such-cairn-read-worker.mjs'));
    const pool = createReadPool({
      size: 2,
      databasePath: 'unused',
      embedder: null,
      script: missing,
      fallback: async request => ({ inProcess: (request as { id: string }).id }),
      log: m => messages.push(m),
    });
    try {
      assert.deepEqual(await pool.run(getOf('e')), { inProcess: 'e' });
      assert.equal(pool.size, 0);
      assert.match(messages[0] ?? '', /read worker did not start/);
    } finally {
      await pool.close();
    }
    assert.ok(!existsSync(missing));
  });

  test('the threads start when asked (the server, once it listens) or with the first read, not when the pool is made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-read-pool-start-'));
    const file = join(dir, 'worker.mjs');
    // Each thread leaves a file behind as it starts.
    writeFileSync(
      file,
      `import { parentPort, threadId } from 'node:worker_threads';\nimport { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(dir)} + '/started-' + threadId, '');\nparentPort.postMessage({ ready: true });\nparentPort.on('message', ({ id, request }) => parentPort.postMessage({ id, value: request.id }));\n`,
    );
    const startedThreads = () => readdirSync(dir).filter(name => name.startsWith('started-')).length;
    const asked = createReadPool({ size: 2, databasePath: 'unused', embedder: null, script: pathToFileURL(file) });
    const onFirstRead = createReadPool({ size: 2, databasePath: 'unused', embedder: null, script: pathToFileURL(file) });
    try {
      await new Promise(resolve => setTimeout(resolve, 300));
      assert.equal(startedThreads(), 0, 'no thread before start() or a read');
      assert.equal(asked.size, 2, 'the size it will serve with is reported meanwhile');
      asked.start();
      asked.start(); // once only
      assert.equal(await onFirstRead.run(getOf('f')), 'f');
      assert.equal(await asked.run(getOf('g')), 'g');
      for (let i = 0; i < 50 && startedThreads() < 4; i++) await new Promise(resolve => setTimeout(resolve, 20));
      assert.equal(startedThreads(), 4);
    } finally {
      await asked.close();
      await onFirstRead.close();
    }
  });

  test('closing the pool answers what it still held with a 503 and stops every worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-read-pool-slow-'));
    const file = join(dir, 'worker.mjs');
    writeFileSync(file, `import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ ready: true });\nparentPort.on('message', () => {});\n`);
    const pool = createReadPool({ size: 1, databasePath: 'unused', embedder: null, script: pathToFileURL(file) });
    const outcome = pool.run(getOf('never')).then(
      () => null,
      (e: unknown) => e,
    );
    await new Promise(resolve => setTimeout(resolve, 100));
    await pool.close();
    const error = await outcome;
    assert.ok(error instanceof AppError && error.status === 503);
    assert.equal(pool.size, 0);
  });
});
