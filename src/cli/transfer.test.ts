import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestApp, createMemory, get, post } from '../../test/helpers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `cairn …` as its own process (output not a terminal), with a clean environment apart from `env`. */
function cairn(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise(resolve => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { cwd: root, env: { PATH: process.env.PATH!, HOME: env.HOME ?? tmpdir(), ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** An address where nothing listens, so the command works on the data dir itself. */
const NO_SERVER = 'http://127.0.0.1:9';

test('without a server, cairn export and import work on the data dirs directly, with progress lines', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-cli-'));
  const exportDir = join(dir, 'exports');
  try {
    const source = await buildTestApp({ storage: 'sqlite', dataDir: join(dir, 'a'), databasePath: join(dir, 'a', 'cairn.db'), exportDir });
    const id = await createMemory(source, { content: 'Carried over by the command line' });
    await source.close();

    const exported = await cairn(['export', 'cli.zip', '--data-dir', join(dir, 'a')], { CAIRN_URL: NO_SERVER, CAIRN_EXPORT_DIR: exportDir });
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /No server at/);
    assert.match(exported.stderr, /export: 100%/);
    assert.match(exported.stdout, /memories: 1/);
    assert.ok(existsSync(join(exportDir, 'cli.zip')));

    const imported = await cairn(['import', 'cli.zip', '--mode', 'skip', '--data-dir', join(dir, 'b')], { CAIRN_URL: NO_SERVER, CAIRN_EXPORT_DIR: exportDir });
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
    const exported = await cairn(['export', 'served', '--format', 'folder'], env);
    assert.equal(exported.code, 0, exported.stderr);
    assert.doesNotMatch(exported.stderr, /No server/);
    assert.ok(existsSync(join(dir, 'exports', 'served', 'manifest.json')));
    assert.equal(existsSync(join(dir, 'unused', 'cairn.db')), false, 'the data dir was not touched');

    const imported = await cairn(['import', 'served', '--mode', 'skip'], env);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /memories: 1 skipped/);

    // An explicit --data-dir is that data dir, never whatever server answers.
    const own = await cairn(['export', 'own.zip', '--data-dir', join(dir, 'own')], env);
    assert.equal(own.code, 0, own.stderr);
    assert.ok(existsSync(join(dir, 'own', 'exports', 'own.zip')));
    assert.equal(existsSync(join(dir, 'exports', 'own.zip')), false, 'the server did not write it');

    // A server named with --api-url that does not answer is an error, not a quiet switch to the local data dir.
    const dead = await cairn(['export', 'dead.zip', '--api-url', 'http://127.0.0.1:1'], env);
    assert.notEqual(dead.code, 0);
    assert.match(dead.stderr, /No Cairn server answers at http:\/\/127\.0\.0\.1:1/);
    assert.equal(existsSync(join(dir, 'unused', 'cairn.db')), false);

    const refused = await cairn(['import', '../elsewhere.zip'], env);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /422/);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
