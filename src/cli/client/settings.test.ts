/** Where the command line finds the server and its key: flag > environment > ~/.nowledge-mem/config.json > default. */
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { runBin, tempHome } from '../../../test/cli.ts';

const KEY = 'cairn-cli-settings-key';
let server: ServerProcess;
let dir: string;
/** An address where nothing listens. */
let nowhere: string;

before(async () => {
  dir = makeTempDir('cairn-cli-settings-');
  const gone = await startServer({ entry: 'launcher', dataDir: join(dir, 'gone') });
  nowhere = gone.url;
  await gone.stop();
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data'), env: { CAIRN_API_KEY: KEY } });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

function writeConfig(home: string, config: Record<string, unknown>) {
  mkdirSync(join(home, '.nowledge-mem'), { recursive: true });
  writeFileSync(join(home, '.nowledge-mem', 'config.json'), JSON.stringify(config));
}

test('config client set url and key write the config file (mode 600) that later commands use', async () => {
  const HOME = tempHome();
  assert.equal((await runBin('nmem', ['config', 'client', 'set', 'url', server.url], { env: { HOME } })).code, 0);
  const key = await runBin('nmem', ['config', 'client', 'set', 'key', KEY], { env: { HOME } });
  assert.equal(key.code, 0);
  assert.doesNotMatch(key.stdout, new RegExp(KEY), 'the key is not echoed');
  const path = join(HOME, '.nowledge-mem', 'config.json');
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), { apiUrl: server.url, apiKey: KEY });
  assert.equal(statSync(path).mode & 0o777, 0o600);
  const status = await runBin('nmem', ['--json', 'status'], { env: { HOME } });
  assert.equal(status.code, 0, status.stderr);
  assert.deepEqual(status.json<{ auth: string; config: unknown }>().config, { apiUrl: 'config file', apiKey: 'config file', space: 'default' });
});

test('the original clients’ snake_case config file works too', async () => {
  const HOME = tempHome();
  writeConfig(HOME, { api_url: server.url, api_key: KEY });
  const added = await runBin('nmem', ['--json', 'm', 'add', 'Configured by file'], { env: { HOME } });
  assert.equal(added.code, 0, added.stderr);
});

test('the environment beats the config file, and a flag beats the environment', async () => {
  const HOME = tempHome();
  writeConfig(HOME, { apiUrl: nowhere, apiKey: 'wrong-key' });
  const byEnv = await runBin('nmem', ['--json', 'status'], { env: { HOME, NMEM_API_URL: server.url, NMEM_API_KEY: KEY } });
  assert.equal(byEnv.code, 0, byEnv.stdout + byEnv.stderr);
  assert.equal(byEnv.json<{ auth: string }>().auth, 'ok');
  const byFlag = await runBin('nmem', ['--json', '--api-url', nowhere, 'status'], { env: { HOME, NMEM_API_URL: server.url, NMEM_API_KEY: KEY } });
  assert.equal(byFlag.code, 1);
  const keyFlag = await runBin('nmem', ['--json', 'status', '--api-key', 'wrong'], { env: { HOME, CAIRN_URL: server.url, NMEM_API_KEY: KEY } });
  assert.equal(keyFlag.json<{ auth: string }>().auth, 'rejected');
  assert.equal(keyFlag.code, 1);
});

test('--space and NMEM_SPACE choose the space every request goes to', async () => {
  const env = { NMEM_API_URL: server.url, NMEM_API_KEY: KEY };
  assert.equal((await runBin('nmem', ['m', 'add', 'Only in the work space', '--space', 'work'], { env })).code, 0);
  const inWork = await runBin('nmem', ['--json', 'm', 'search', 'work', 'space'], { env: { ...env, NMEM_SPACE: 'work' } });
  assert.equal(inWork.json<{ memories: unknown[] }>().memories.length, 1);
  const inDefault = await runBin('nmem', ['--json', 'm', 'search', 'work', 'space'], { env });
  assert.equal(inDefault.json<{ memories: unknown[] }>().memories.length, 0);
});

test('without the key the server needs: status exits 1 and says how to give one', async () => {
  const status = await runBin('nmem', ['status'], { env: { NMEM_API_URL: server.url } });
  assert.equal(status.code, 1);
  assert.match(status.stdout, /auth\s+missing/);
  const search = await runBin('nmem', ['m', 'search', 'x'], { env: { NMEM_API_URL: server.url } });
  assert.equal(search.code, 1);
  assert.match(search.stderr, /401[\s\S]*hint: the server needs an API key/);
});

test('when no server answers, the message says where it looked and how to fix it', async () => {
  const text = await runBin('nmem', ['status'], { env: { NMEM_API_URL: nowhere } });
  assert.equal(text.code, 1);
  assert.match(text.stderr, new RegExp(`Cannot reach a Cairn server at ${nowhere}[\\s\\S]*cairn serve`));
  const json = await runBin('cairn', ['--json', 'm', 'search', 'x'], { env: { NMEM_API_URL: nowhere } });
  assert.equal(json.code, 1);
  assert.equal(json.stdout, '', 'stdout is for answers');
  assert.equal(json.errorJson<{ error: string }>().error, 'connection_failed');
});

test('cairn keys list and revoke: keys by id and creation time, never the key', async () => {
  const dataDir = join(dir, 'keys');
  const created = await runBin('cairn', ['keys', 'create', '--data-dir', dataDir]);
  assert.equal(created.code, 0, created.stderr);
  const key = created.stdout.trim();
  const listed = await runBin('cairn', ['keys', 'list', '--json', '--data-dir', dataDir]);
  assert.equal(listed.code, 0, listed.stderr);
  const [only] = listed.json<{ keys: { id: string; created_at: string }[] }>().keys;
  assert.ok(only?.id && only.created_at);
  assert.doesNotMatch(listed.stdout, new RegExp(key));
  assert.equal((await runBin('cairn', ['keys', 'revoke', only.id, '--data-dir', dataDir])).code, 0);
  assert.match((await runBin('cairn', ['keys', 'list', '--data-dir', dataDir])).stdout, /No stored API keys/);
  assert.equal((await runBin('cairn', ['keys', 'revoke', only.id, '--data-dir', dataDir])).code, 1);
  assert.equal((await runBin('cairn', ['keys', 'lst', '--data-dir', dataDir])).code, 2);
});
