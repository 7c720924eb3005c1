import { test as onceOnSqlite } from 'node:test';
import { test } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProgram } from '../../test/cli.ts';
import { buildTestApp, createMemory, get, post } from '../../test/helpers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `cairn …` as its own process (output not a terminal), with a clean environment apart from `env`. */
async function cairn(args: string[], env: Record<string, string>, cwd = root): Promise<{ code: number; stdout: string; stderr: string }> {
  const program = await serverProgram();
  return new Promise(resolve => {
    execFile(process.execPath, [...program, ...args], { cwd, env: { PATH: process.env.PATH!, HOME: env.HOME ?? tmpdir(), ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// A test that works on data dirs (SQLite files whatever the backend) runs once, not once per backend: on PostgreSQL it
// would repeat the same SQLite work; going through a server on each backend is the second test's.

/** An address where nothing listens, so the command works on the data dir itself. */
const NO_SERVER = 'http://127.0.0.1:9';

onceOnSqlite('without a server, cairn export and import work on the data dirs directly, with progress lines', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-cli-'));
  const exportDir = join(dir, 'exports');
  try {
    const source = await buildTestApp({ storage: 'sqlite', dataDir: join(dir, 'a'), databasePath: join(dir, 'a', 'cairn.db'), exportDir });
    const id = await createMemory(source, { content: 'Carried over by the command line' });
    await source.close();

    const exported = await cairn(['export', 'exports/cli.zip', '--data-dir', join(dir, 'a')], { CAIRN_URL: NO_SERVER, CAIRN_EXPORT_DIR: exportDir }, dir);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /No server at/);
    assert.match(exported.stderr, /export: 100%/);
    assert.match(exported.stdout, /memories: 1/);
    assert.ok(existsSync(join(exportDir, 'cli.zip')));

    const imported = await cairn(['import', 'cli.zip', '--mode', 'skip', '--data-dir', join(dir, 'b')], { CAIRN_URL: NO_SERVER, CAIRN_EXPORT_DIR: exportDir }, exportDir);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /memories: 1 inserted/);
    const target = await buildTestApp({ storage: 'sqlite', dataDir: join(dir, 'b'), databasePath: join(dir, 'b', 'cairn.db'), exportDir });
    assert.equal((await get(target, `/memories/${id}`)).body.content, 'Carried over by the command line');
    await target.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('with a server running, cairn export and import go through its background jobs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-cli-'));
  const app = await buildTestApp({ exportDir: join(dir, 'exports'), apiKey: 'cli-test-key' });
  try {
    await post(app, '/memories', { content: 'Served memory' }, { authorization: 'Bearer cli-test-key' });
    const address = await app.server.listen({ host: '127.0.0.1', port: 0 });
    const env = { CAIRN_URL: address, CAIRN_API_KEY: 'cli-test-key', CAIRN_DATA_DIR: join(dir, 'unused') };
    const exported = await cairn(['export', join(dir, 'exports', 'served'), '--format', 'folder'], env);
    assert.equal(exported.code, 0, exported.stderr);
    assert.doesNotMatch(exported.stderr, /No server/);
    assert.ok(existsSync(join(dir, 'exports', 'served', 'manifest.json')));
    assert.equal(existsSync(join(dir, 'unused', 'cairn.db')), false, 'the data dir was not touched');

    const imported = await cairn(['import', join(dir, 'exports', 'served'), '--mode', 'skip'], env);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /memories: 1 skipped/);

    // An explicit --data-dir is that data dir, never whatever server answers.
    const own = await cairn(['export', '--data-dir', join(dir, 'own')], env);
    assert.equal(own.code, 0, own.stderr);
    assert.match(own.stdout, new RegExp(`Exported to ${join(dir, 'own', 'exports')}/cairn-export-`));
    assert.equal(existsSync(join(dir, 'exports', 'own.zip')), false, 'the server did not write it');

    // A server named with --api-url that does not answer is an error, not a quiet switch to the local data dir.
    const dead = await cairn(['export', join(dir, 'dead.zip'), '--api-url', 'http://127.0.0.1:1'], env);
    assert.notEqual(dead.code, 0);
    assert.match(dead.stderr, /No Cairn server answers at http:\/\/127\.0\.0\.1:1/);
    assert.equal(existsSync(join(dir, 'unused', 'cairn.db')), false);

    const refused = await cairn(['import', join(dir, 'elsewhere.zip')], env);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /No export found at .*elsewhere\.zip/);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

onceOnSqlite('the command line writes and reads where its user says, outside the export root too; one overwrite flag', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-cli-'));
  const exportDir = join(dir, 'root');
  const elsewhere = join(dir, 'elsewhere');
  try {
    const source = await buildTestApp({ storage: 'sqlite', dataDir: join(dir, 'a'), databasePath: join(dir, 'a', 'cairn.db'), exportDir });
    await createMemory(source, { content: 'Written where the user said' });
    await source.close();
    const env = { CAIRN_URL: NO_SERVER, CAIRN_EXPORT_DIR: exportDir };
    const exported = await cairn(['export', 'elsewhere/mine.zip', '--data-dir', join(dir, 'a')], env, dir);
    assert.equal(exported.code, 0, exported.stderr);
    assert.ok(existsSync(join(elsewhere, 'mine.zip')), 'relative to the working folder, outside the export root');
    assert.match(exported.stdout, new RegExp(`Exported to ${join(elsewhere, 'mine.zip')}`));

    const again = await cairn(['export', join(elsewhere, 'mine.zip'), '--data-dir', join(dir, 'a')], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already exists: pass --overwrite/);
    assert.doesNotMatch(again.stderr, /overwrite: true/);
    assert.equal((await cairn(['export', join(elsewhere, 'mine.zip'), '--overwrite', '--data-dir', join(dir, 'a')], env)).code, 0);
    assert.equal((await cairn(['export', join(elsewhere, 'mine.zip'), '--force', '--data-dir', join(dir, 'a')], env)).code, 0, '--force stays an alias');

    const imported = await cairn(['import', join(elsewhere, 'mine.zip'), '--data-dir', join(dir, 'b')], env);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /memories: 1 inserted/);

    // Through a running server, too: it writes in its export root, and the archive moves where the user said.
    const app = await buildTestApp({ storage: 'sqlite', exportDir, apiKey: 'cli-test-key' });
    try {
      await post(app, '/memories', { content: 'Served and moved' }, { authorization: 'Bearer cli-test-key' });
      const address = await app.server.listen({ host: '127.0.0.1', port: 0 });
      const served = { CAIRN_URL: address, CAIRN_API_KEY: 'cli-test-key', CAIRN_EXPORT_DIR: exportDir };
      const viaServer = await cairn(['export', join(elsewhere, 'new', 'served.zip')], served);
      assert.equal(viaServer.code, 0, viaServer.stderr);
      assert.ok(existsSync(join(elsewhere, 'new', 'served.zip')));
      const back = await cairn(['import', join(elsewhere, 'new', 'served.zip'), '--mode', 'skip'], served);
      assert.equal(back.code, 0, back.stderr);
      assert.match(back.stdout, /memories: 1 skipped/);
    } finally {
      await app.close();
    }

    // cairn backup takes the same flag (and keeps --force).
    const backup = join(elsewhere, 'b.db');
    assert.equal((await cairn(['backup', backup, '--data-dir', join(dir, 'a')], env)).code, 0);
    const refused = await cairn(['backup', backup, '--data-dir', join(dir, 'a')], env);
    assert.equal(refused.code, 1);
    assert.equal((await cairn(['backup', backup, '--overwrite', '--data-dir', join(dir, 'a')], env)).code, 0, refused.stderr);
    assert.equal((await cairn(['backup', backup, '--force', '--data-dir', join(dir, 'a')], env)).code, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
