/** `nmem t save` and `nmem t sync`: coding sessions on the client's machine, saved over REST, twice adding nothing. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { type CliOptions, runBin } from '../../../test/cli.ts';
import { CLAUDE_SESSION, CODEX_SESSION, makeSessionHome, PROJECT, type SessionHome } from '../../../test/sessions.ts';

let server: ServerProcess;
let dir: string;
let home: SessionHome;

before(async () => {
  dir = makeTempDir('cairn-cli-sessions-');
  home = makeSessionHome();
  // The server's own home holds no sessions: everything it gets comes from the command line's machine.
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data'), env: { CAIRN_HOME_DIR: join(dir, 'server-home') } });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
  home?.cleanup();
});

const nmem = (args: string[], options: CliOptions = {}) => runBin('nmem', args, { ...options, env: { NMEM_API_URL: server.url, HOME: home.home, ...options.env } });

type SyncAnswer = { mode: string; results: { thread_id: string; action: string; messages_added?: number; new_messages?: number }[] };

test('t sync --hook-stdin with a Claude Code hook payload saves the transcript; the second run adds nothing', async () => {
  const payload = JSON.stringify({ session_id: CLAUDE_SESSION, transcript_path: home.claudeFile, cwd: PROJECT, hook_event_name: 'Stop' });
  const first = await nmem(['--json', 't', 'sync', '--from', 'claude-code', '--hook-stdin', '--apply'], { input: payload });
  assert.equal(first.code, 0, first.stderr);
  const [created] = first.json<SyncAnswer>().results;
  assert.deepEqual([created!.thread_id, created!.action, created!.messages_added], [`claude-code-${CLAUDE_SESSION}`, 'created', 5]);

  const second = await nmem(['--json', 't', 'sync', '--from', 'claude-code', '--hook-stdin', '--apply'], { input: payload });
  assert.equal(second.code, 0, second.stderr);
  assert.deepEqual(second.json<SyncAnswer>().results.map(r => [r.action, r.messages_added]), [['unchanged', 0]]);
  const thread = (await nmem(['--json', 't', 'show', `claude-code-${CLAUDE_SESSION}`])).json<{ message_count: number; source: string }>();
  assert.deepEqual([thread.message_count, thread.source], [5, 'claude-code']);
});

test('t save --from codex --project saves the newest session of the project, and again adds nothing', async () => {
  const first = await nmem(['--json', 't', 'save', '--from', 'codex', '--project', PROJECT, '--truncate']);
  assert.equal(first.code, 0, first.stderr);
  const answer = first.json<{ status: string; results: { thread_id: string; action: string }[] }>();
  assert.deepEqual([answer.status, answer.results.map(r => [r.thread_id, r.action])], ['success', [[`codex-${CODEX_SESSION}`, 'created']]]);
  const again = await nmem(['t', 'save', '--from', 'codex', '-p', PROJECT]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /is up to date/);
});

test('t sync without --apply previews and writes nothing; with it, every project is synced', async () => {
  const preview = await nmem(['--json', 't', 'sync', '--from', 'codex', '--all-projects']);
  assert.equal(preview.code, 0, preview.stderr);
  const planned = preview.json<SyncAnswer>();
  assert.equal(planned.mode, 'preview');
  assert.deepEqual(planned.results.map(r => r.action).sort(), ['up_to_date', 'would_create', 'would_create']);
  assert.equal((await nmem(['--json', 't', 'list', '--source', 'codex'])).json<{ threads: unknown[] }>().threads.length, 1);

  const applied = (await nmem(['--json', 't', 'sync', '--from', 'codex', '--all-projects', '--apply', '--limit', '20'])).json<SyncAnswer>();
  assert.deepEqual(applied.results.map(r => r.action).sort(), ['created', 'created', 'unchanged']);
  assert.equal((await nmem(['--json', 't', 'list', '--source', 'codex'])).json<{ threads: unknown[] }>().threads.length, 3);
});

test('t save --from gemini-cli -m all reads Gemini CLI chats', async () => {
  const saved = await nmem(['--json', 't', 'save', '--from', 'gemini-cli', '-p', PROJECT, '-m', 'all', '-s', 'Gemini chat about the demo']);
  assert.equal(saved.code, 0, saved.stderr);
  assert.equal(saved.json<{ results: { action: string }[] }>().results[0]!.action, 'created');
});

test('no session for the project is exit 1 with a plain reason; a client Cairn cannot read is skipped with exit 0', async () => {
  const none = await nmem(['t', 'save', '--from', 'claude-code', '--project', '/nowhere/at/all']);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /No claude-code session found for \/nowhere\/at\/all/);
  for (const command of ['save', 'sync']) {
    const devin = await nmem(['--json', 't', command, '--from', 'devin']);
    assert.equal(devin.code, 0, 'a hook of an assistant Cairn cannot read must not fail on every turn');
    const body = devin.json<{ status: string; reason: string }>();
    assert.equal(body.status, 'skipped');
    assert.match(body.reason, /Devin keeps its sessions in sessions\.db/);
  }
  assert.equal((await nmem(['t', 'sync', '--all-projects'])).code, 2, '--from is required');
});
