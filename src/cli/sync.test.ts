/**
 * `cairn sync` through its process: through the running server, or on a data dir when no server runs.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { runBin } from '../../test/cli.ts';
import { callServer, createMemoryOn } from '../../test/server.ts';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
after(async () => {
  await Promise.all(servers.map(server => server.stop('SIGKILL')));
  dirs.forEach(removeDir);
});
const tempDir = () => {
  const dir = makeTempDir('cairn-sync-cli-');
  dirs.push(dir);
  return dir;
};

describe('cairn sync', { timeout: 300_000 }, () => {
  test('runs a round through the running server, then on a data dir no server holds, which then has the memory', async () => {
    const remote = tempDir();
    const env = { CAIRN_SYNC_REMOTE: remote, CAIRN_SYNC_PASSPHRASE: 'cli passphrase', CAIRN_SYNC_INTERVAL_S: '0' };
    const laptop = await startServer({ entry: 'launcher', dataDir: tempDir(), env, timeoutMs: 60_000 });
    servers.push(laptop);
    await createMemoryOn(laptop, 'The spare key is under the blue flowerpot');

    const throughServer = await runBin('cairn', ['sync', '--api-url', laptop.url], { env });
    assert.equal(throughServer.code, 0, throughServer.stderr);
    assert.match(throughServer.stdout, /^Sent 1 change, received 0, 0 conflicts$/m);

    const phoneDir = tempDir();
    const onDataDir = await runBin('cairn', ['sync', '--data-dir', phoneDir], { env });
    assert.equal(onDataDir.code, 0, onDataDir.stderr);
    assert.match(onDataDir.stdout, /received 1,/);
    const phone = await startServer({ entry: 'launcher', dataDir: phoneDir, env, timeoutMs: 60_000 });
    servers.push(phone);
    const list = await callServer(phone, 'GET', '/memories?limit=10');
    assert.deepEqual(list.body.memories.map((m: { content: string }) => m.content), ['The spare key is under the blue flowerpot']);
  });

  test('says what is wrong: no remote set, or a wrong passphrase', async () => {
    const unset = await runBin('cairn', ['sync', '--data-dir', tempDir()]);
    assert.notEqual(unset.code, 0);
    assert.match(unset.stderr, /Sync is not set up: set CAIRN_SYNC_REMOTE/);
    const remote = tempDir();
    const first = await runBin('cairn', ['sync', '--data-dir', tempDir()], { env: { CAIRN_SYNC_REMOTE: remote, CAIRN_SYNC_PASSPHRASE: 'right' } });
    assert.equal(first.code, 0, first.stderr);
    const wrong = await runBin('cairn', ['sync', '--data-dir', tempDir()], { env: { CAIRN_SYNC_REMOTE: remote, CAIRN_SYNC_PASSPHRASE: 'wrong' } });
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /Wrong CAIRN_SYNC_PASSPHRASE/);
  });
});
