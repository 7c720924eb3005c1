import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, createMemory, get, post } from '../../test/helpers.ts';
import { runBin } from '../../test/cli.ts';
import { REPO_ROOT } from '../../bench/lib.ts';
import { TEST_DATABASE_URL, testDatabase } from '../../test/postgres.ts';
import { lockDataDir } from '../storage/sqlite/dataDirLock.ts';

const skip = TEST_DATABASE_URL ? false : 'needs a PostgreSQL server: set CAIRN_TEST_DATABASE_URL (CAIRN_TEST_DATABASE_URL=$(bash scripts/pg-cluster.sh start))';
const NO_SERVER = 'http://127.0.0.1:9';

/** A SQLite data dir holding two labelled memories, a relation, a thread with two messages and an entity. */
async function sqliteDataDir(dir: string, embedder = 'default') {
  const app = await buildTestApp({ storage: 'sqlite', dataDir: dir, databasePath: join(dir, 'cairn.db'), embedder });
  const first = await createMemory(app, { content: 'The team moves Cairn onto PostgreSQL', labels: ['infra'] });
  const second = await createMemory(app, { content: 'SQLite stays the default on a laptop', labels: ['infra', 'db'] });
  const related = await post(app, `/memories/${first}/relations`, { target_memory_id: second, relation_type: 'RELATED' });
  assert.equal(related.status, 200, related.text);
  await post(app, '/threads', { thread_id: 'move-plan', title: 'Moving day', messages: [{ role: 'user', content: 'when do we move?' }, { role: 'assistant', content: 'Friday' }] });
  const applied = await post(app, `/memories/${first}/extract-kg/apply`, { entities: [{ name: 'PostgreSQL', entity_type: 'technology' }], relationships: [], extraction_confidence: 1 });
  assert.equal(applied.status, 200, applied.text);
  await app.close();
  return { first, second };
}

const migrate = (dir: string, url: string, ...extra: string[]) => migrateWith({}, dir, url, ...extra);
const migrateWith = (env: Record<string, string>, dir: string, url: string, ...extra: string[]) =>
  runBin('cairn', ['migrate', '--to', 'postgres', '--database-url', url, '--data-dir', dir, ...extra], { env: { CAIRN_URL: NO_SERVER, ...env } });

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

test('cairn migrate moves a SQLite store with labels, a thread and entities into PostgreSQL, verified by counts', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-migrate-'));
  const database = await testDatabase();
  try {
    const { first } = await sqliteDataDir(dir);
    const keys = await runBin('cairn', ['keys', 'create', '--data-dir', dir]);
    assert.equal(keys.code, 0, keys.stderr);
    const apiKey = keys.stdout.trim();
    const before = { sum: digest(join(dir, 'cairn.db')), mtime: statSync(join(dir, 'cairn.db')).mtimeMs };

    const moved = await migrate(dir, database.url);
    assert.equal(moved.code, 0, moved.stderr);
    assert.match(moved.stdout, /memories\s+2\s+2\n/);
    assert.match(moved.stdout, /labels\s+2\s+2\n/);
    assert.match(moved.stdout, /messages\s+2\s+2\n/);
    assert.match(moved.stdout, /relations\s+1\s+1\n/);
    assert.match(moved.stdout, /entities\s+([1-9]\d*)\s+\1\n/);
    assert.match(moved.stdout, /counts verified/);
    assert.match(moved.stdout, /1 API key \(cairn keys\) came along/);
    assert.match(moved.stdout, /2 memories are queued for embedding.*no CAIRN_EMBEDDER is set here/);
    assert.match(moved.stdout, /CAIRN_STORAGE=postgres\n\s+CAIRN_DATABASE_URL=postgres:\/\//);
    assert.equal(digest(join(dir, 'cairn.db')), before.sum, 'the SQLite source is unchanged');
    assert.equal(statSync(join(dir, 'cairn.db')).mtimeMs, before.mtime);

    const app = await buildTestApp({ storage: 'postgres', databaseUrl: database.url, pgPoolSize: 2 });
    try {
      assert.equal((await get(app, `/memories/${first}`)).status, 401, 'the moved API key is required on PostgreSQL too');
      const auth = { authorization: `Bearer ${apiKey}` };
      const memory = await get(app, `/memories/${first}`, auth);
      assert.equal(memory.body.content, 'The team moves Cairn onto PostgreSQL');
      assert.deepEqual(memory.body.labels.map((l: { name: string }) => l.name), ['infra']);
      assert.equal((await get(app, '/threads/move-plan', auth)).body.messages.length, 2);
      assert.ok((await get(app, '/entities', auth)).body.some((e: { name: string }) => e.name === 'PostgreSQL'));
      const found = await get(app, '/memories/search?q=PostgreSQL', auth);
      assert.ok(found.body.memories.some((m: { id: string }) => m.id === first), 'full text finds the moved memory');
    } finally {
      await app.close();
    }
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cairn migrate carries the embeddings of the configured embedder, so nothing waits to be embedded again', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-migrate-'));
  const database = await testDatabase();
  try {
    await sqliteDataDir(dir, 'hash');
    const moved = await migrateWith({ CAIRN_EMBEDDER: 'hash' }, dir, database.url);
    assert.equal(moved.code, 0, moved.stderr);
    assert.match(moved.stdout, /2 embeddings \(hash-\d+\) came along\. No memory waits for embedding/);
    const app = await buildTestApp({ storage: 'postgres', databaseUrl: database.url, pgPoolSize: 2 }); // no embedder: nothing re-made here
    try {
      assert.equal((await get(app, '/memories/reindex/status')).body.count_needing_reindex, 0);
    } finally {
      await app.close();
    }
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cairn migrate refuses a target that already holds memories unless --merge or --force', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-migrate-'));
  const database = await testDatabase();
  try {
    await sqliteDataDir(dir);
    const other = await buildTestApp({ storage: 'postgres', databaseUrl: database.url, pgPoolSize: 2 });
    const kept = await createMemory(other, { content: 'Already on PostgreSQL' });
    await other.close();

    const refused = await migrate(dir, database.url);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /already holds 1 memories.*: pass --merge to add this store to it, or --force to replace what it holds/);

    const merged = await migrate(dir, database.url, '--merge');
    assert.equal(merged.code, 0, merged.stderr);
    assert.match(merged.stdout, /memories\s+2\s+3\n/);

    const replaced = await migrate(dir, database.url, '--force');
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.match(replaced.stdout, /memories\s+2\s+2\n/);
    const app = await buildTestApp({ storage: 'postgres', databaseUrl: database.url, pgPoolSize: 2 });
    assert.equal((await get(app, `/memories/${kept}`)).status, 404, '--force replaced what the target held');
    await app.close();
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cairn migrate refuses while a server runs on the SQLite data dir', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-migrate-'));
  const database = await testDatabase();
  try {
    await sqliteDataDir(dir);
    const lock = lockDataDir(dir); // what a running server holds
    try {
      const refused = await migrate(dir, database.url);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /Another Cairn server is already running on/);
    } finally {
      lock.release();
    }
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cairn migrate refuses a data dir without a SQLite store, and a backend other than postgres', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-migrate-'));
  try {
    const empty = await migrate(dir, 'postgres://nobody@127.0.0.1:9/none');
    assert.notEqual(empty.code, 0);
    assert.match(empty.stderr, /No SQLite store at .*cairn\.db: nothing to migrate/);
    const wrong = await runBin('cairn', ['migrate', '--to', 'mysql', '--database-url', 'postgres://x@127.0.0.1:9/y', '--data-dir', dir]);
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /--to must be postgres, not "mysql"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs `cairn serve` until it logs that it listens (then stops it), or until it exits; resolves with its output. */
function serveOnce(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'cairn.js'), 'serve', '--port', '0', ...args], { env: { PATH: process.env.PATH!, HOME: tmpdir(), CAIRN_LOG_LEVEL: 'info', ...env } });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      if (/listening on/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', code => resolve({ code, output }));
  });
}

test('after cairn migrate the old data dir is refused by serve, backup, export and import (naming the database, no password); --force uses it', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-moved-'));
  const database = await testDatabase();
  // The throwaway cluster trusts local connections: a password in the URL is accepted and must never be shown.
  const withPassword = new URL(database.url);
  withPassword.password = withPassword.password || 'pg-s3cret';
  const password = decodeURIComponent(withPassword.password);
  const url = withPassword.toString();
  try {
    await sqliteDataDir(dir);
    const moved = await migrate(dir, url);
    assert.equal(moved.code, 0, moved.stderr);
    const marker = readFileSync(join(dir, 'MOVED-TO-POSTGRES.json'), 'utf8');
    assert.ok(!marker.includes(password), 'the marker holds no password');

    const env = { CAIRN_URL: NO_SERVER };
    writeFileSync(join(dir, 'archive.zip'), ''); // import refuses the data dir, not a missing archive
    const refusals = [
      await runBin('cairn', ['backup', join(dir, 'stale.db'), '--data-dir', dir], { env }),
      await runBin('cairn', ['export', join(dir, 'stale.zip'), '--data-dir', dir], { env }),
      await runBin('cairn', ['import', join(dir, 'archive.zip'), '--data-dir', dir], { env }),
      await runBin('cairn', ['keys', 'create', '--data-dir', dir], { env }),
    ];
    const served = await serveOnce({ CAIRN_DATA_DIR: dir });
    for (const [name, text, code] of [
      ['backup', refusals[0]!.stderr, refusals[0]!.code],
      ['export', refusals[1]!.stderr, refusals[1]!.code],
      ['import', refusals[2]!.stderr, refusals[2]!.code],
      ['keys create', refusals[3]!.stderr, refusals[3]!.code],
      ['serve', served.output, served.code],
    ] as const) {
      assert.equal(code, 1, `${name}: ${text}`);
      assert.match(text, /was moved to PostgreSQL/, name);
      assert.match(text, new RegExp(`${withPassword.hostname}:${withPassword.port}`), `${name} names where the data went`);
      assert.match(text, /--force/, name);
      assert.ok(!text.includes(password), `${name} shows no password`);
    }
    assert.equal(existsSync(join(dir, 'stale.db')), false, 'no stale backup was written');

    const forced = await runBin('cairn', ['backup', join(dir, 'forced.db'), '--force', '--data-dir', dir], { env });
    assert.equal(forced.code, 0, forced.stderr);

    // The server on PostgreSQL says where its data is: the database (password hidden), not the data dir.
    const onPostgres = await serveOnce({ CAIRN_STORAGE: 'postgres', CAIRN_DATABASE_URL: url, CAIRN_DATA_DIR: dir });
    assert.match(onPostgres.output, new RegExp(`listening on .*data in PostgreSQL postgres://[^ ]*${withPassword.hostname}:${withPassword.port}`));
    assert.ok(!onPostgres.output.includes(password), 'the log shows no password');
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
