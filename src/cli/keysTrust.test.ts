/**
 * The first day with an API key, through the real binaries and a real server: a lockout a misconfigured client causes
 * is explained, logged and lifted without a restart (`cairn keys unlock`); one saved key serves every command.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { runBin, tempHome } from '../../test/cli.ts';

const KEY = 'cairn-first-day-key';
let server: ServerProcess;
let dir: string;
let log = '';

before(async () => {
  dir = makeTempDir('cairn-keys-trust-');
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data'), env: { CAIRN_API_KEY: KEY } });
  server.child.stdout!.on('data', chunk => (log += chunk));
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

function homeWith(settings: Record<string, unknown>): string {
  const home = tempHome();
  mkdirSync(join(home, '.nowledge-mem'), { recursive: true });
  writeFileSync(join(home, '.nowledge-mem', 'config.json'), JSON.stringify(settings));
  return home;
}

test('a misconfigured plugin locks its owner out: status says why and how, the server logs it, cairn keys unlock lifts it', async () => {
  for (let i = 0; i < 8; i++) {
    const response = await fetch(`${server.url}/memories`, { headers: { 'x-nmem-api-key': 'stale-plugin-key', 'user-agent': 'misconfigured-plugin/1.0' } });
    assert.equal(response.status, 401);
  }
  const owner = homeWith({ apiUrl: server.url, apiKey: KEY });
  const locked = await runBin('nmem', ['status'], { env: { HOME: owner } });
  assert.equal(locked.code, 1, locked.stdout + locked.stderr);
  assert.doesNotMatch(locked.stdout, /: ok\b/, 'never "ok" and then a failure');
  assert.match(locked.stdout, /locked out/);
  assert.match(locked.stdout, /cairn keys unlock/);
  const lockedJson = (await runBin('nmem', ['--json', 'status'], { env: { HOME: owner } })).json<{ status: string; auth: string; retry_after: number }>();
  assert.equal(lockedJson.status, 'locked_out');
  assert.ok(lockedJson.retry_after > 500 && lockedJson.retry_after <= 600);

  await waitFor(() => /API key lockout/.test(log));
  const line = log.split('\n').find(l => l.includes('API key lockout'))!;
  assert.match(line, /127\.0\.0\.1/);
  assert.match(line, /X-NMEM-API-Key header/);
  assert.match(line, /misconfigured-plugin\/1\.0/);
  assert.doesNotMatch(line, /stale-plugin-key/);

  const unlocked = await runBin('cairn', ['keys', 'unlock', '--data-dir', server.dataDir]);
  assert.equal(unlocked.code, 0, unlocked.stderr);
  const open = await runBin('nmem', ['--json', 'status'], { env: { HOME: owner } });
  assert.equal(open.code, 0, open.stdout + open.stderr);
  assert.equal(open.json<{ status: string; auth: string }>().auth, 'ok');
});

test('a refused key: status does not say ok, and the hint names cairn keys create', async () => {
  const home = homeWith({ apiUrl: server.url, apiKey: 'not-the-key' });
  const status = await runBin('nmem', ['status'], { env: { HOME: home } });
  assert.equal(status.code, 1);
  assert.doesNotMatch(status.stdout, /: ok\b/);
  assert.match(status.stdout + status.stderr, /cairn keys create/);
  const json = await runBin('nmem', ['--json', 'status'], { env: { HOME: home } });
  assert.equal(json.json<{ status: string }>().status, 'key_rejected');
  const search = await runBin('nmem', ['m', 'search', 'x'], { env: { HOME: home } });
  assert.match(search.stderr, /401[\s\S]*cairn keys create/);
  await runBin('cairn', ['keys', 'unlock', '--data-dir', server.dataDir]); // the refused keys above count toward a lockout
});

test('cairn mcp-config and cairn export use the key saved with nmem config client set key', async () => {
  const home = tempHome();
  assert.equal((await runBin('nmem', ['config', 'client', 'set', 'url', server.url], { env: { HOME: home } })).code, 0);
  assert.equal((await runBin('nmem', ['config', 'client', 'set', 'key', KEY], { env: { HOME: home } })).code, 0);
  const snippet = await runBin('cairn', ['mcp-config', '--client', 'cursor'], { env: { HOME: home } });
  assert.equal(snippet.code, 0, snippet.stderr);
  const config = JSON.parse(snippet.stdout) as { mcpServers: { cairn: { url: string; headers?: Record<string, string> } } };
  assert.equal(config.mcpServers.cairn.url, `${server.url}/mcp/`);
  assert.equal(config.mcpServers.cairn.headers?.Authorization, `Bearer ${KEY}`);
  // The environment still wins over the saved settings.
  const byEnv = await runBin('cairn', ['mcp-config', '--client', 'cursor'], { env: { HOME: home, CAIRN_API_KEY: 'from-env' } });
  assert.match(byEnv.stdout, /Bearer from-env/);

  const target = join(dir, 'saved-key-export.zip');
  const exported = await runBin('cairn', ['export', target], { env: { HOME: home, CAIRN_DATA_DIR: join(dir, 'unused') } });
  assert.equal(exported.code, 0, exported.stdout + exported.stderr);
  assert.match(exported.stdout, new RegExp(`Exported to ${target}`));
});

async function waitFor(condition: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out; server log:\n${log}`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}
