/** `nmem spaces …` against a real server process, as plugins provision spaces and route by name. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { type CliOptions, runBin } from '../../../test/cli.ts';

let server: ServerProcess;
let dir: string;

before(async () => {
  dir = makeTempDir('cairn-cli-spaces-');
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data') });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

const nmem = (args: string[], options: CliOptions = {}) => runBin('nmem', args, { ...options, env: { NMEM_API_URL: server.url, ...options.env } });
type Listed = { enabled: boolean; current: string; spaces: { id: string; name: string; usage: { memories: number } }[] };

test('create a space, write to it by the name a person sees, list, show, rename and delete it', async () => {
  const created = await nmem(['--json', 'spaces', 'create', 'Research Agent', '--key', 'rsch', '--instructions', 'Cite sources', '--retrieval', 'strict']);
  assert.equal(created.code, 0, created.stderr);
  assert.ok(created.json<Listed>().spaces.some(s => s.id === 'research-agent'));

  // The Claude Code plugin passes $NMEM_SPACE lower-cased; the opencode plugin may pass --space-id with the key.
  assert.equal((await nmem(['m', 'add', 'Attention replaced recurrence', '--space', 'research agent'])).code, 0);
  assert.equal((await nmem(['m', 'add', 'Heads specialise', '--space-id', 'rsch'])).code, 0);
  const listed = (await nmem(['--json', 'spaces', 'list'], { env: { NMEM_SPACE: 'Research Agent' } })).json<Listed>();
  assert.equal(listed.spaces.find(s => s.id === 'research-agent')?.usage.memories, 2);
  const table = await nmem(['spaces'], { env: { NMEM_SPACE: 'research-agent' } });
  assert.match(table.stdout, /\* research-agent +Research Agent +2/);

  const shown = await nmem(['spaces', 'show', 'RSCH']);
  assert.match(shown.stdout, /Research Agent \(research-agent, key rsch\)/);
  assert.match(shown.stdout, /agents +Cite sources/);

  assert.equal((await nmem(['spaces', 'update', 'rsch', '--name', 'Papers'])).code, 0);
  const blocked = await nmem(['--json', 'spaces', 'delete', 'Papers']);
  assert.notEqual(blocked.code, 0);
  const error = blocked.errorJson<{ status_code: number; detail: string }>();
  assert.equal(error.status_code, 409);
  assert.match(error.detail, /still holds 2 memories/);
});

test('spaces can be switched off and on', async () => {
  assert.equal((await nmem(['--json', 'spaces', 'disable'])).json<Listed>().enabled, false);
  assert.match((await nmem(['spaces', 'list'])).stdout, /switched off/);
  assert.equal((await nmem(['--json', 'spaces', 'enable'])).json<Listed>().enabled, true);
});
