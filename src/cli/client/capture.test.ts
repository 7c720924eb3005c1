/**
 * `nmem t capture` and `t sync --session-dir` as each integration's hooks run them (the exact command lines of the
 * plugins in nowledge-co/community), through the real binary against a real server, checked over REST: the hook gets
 * `{"status":"enqueued"}` at once, the thread appears in the background, and capturing again adds only what is new.
 */
import assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { type CliOptions, runBin } from '../../../test/cli.ts';
import { CURSOR_CONVERSATION, HERMES_SESSION, HOST_FIXTURES, type HostHome, makeHostHome, OPENCODE_SESSION } from '../../../test/hosts.ts';
import { CLAUDE_SESSION, CODEX_SESSION, FIXTURES, makeSessionHome, PROJECT, type SessionHome } from '../../../test/sessions.ts';

let server: ServerProcess;
let dir: string;
let sessions: SessionHome;
let hosts: HostHome;

before(async () => {
  dir = makeTempDir('cairn-cli-capture-');
  sessions = makeSessionHome();
  hosts = makeHostHome(PROJECT);
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data'), env: { CAIRN_HOME_DIR: join(dir, 'server-home') } });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
  sessions?.cleanup();
  hosts?.cleanup();
});

const nmemIn = (home: string) => (args: string[], options: CliOptions = {}) => runBin('nmem', args, { ...options, env: { NMEM_API_URL: server.url, HOME: home, ...options.env } });

async function thread(id: string): Promise<{ count: number; source: string; contents: string[] } | null> {
  const response = await fetch(`${server.url}/threads/${encodeURIComponent(id)}?limit=500`);
  if (response.status === 404) return null;
  const body = (await response.json()) as { thread: { source: string }; total_messages: number; messages: { content: string }[] };
  return { count: body.total_messages, source: body.thread.source, contents: body.messages.map(m => m.content) };
}

/** Background captures that finished: each ends with one `<time> capture <host> <session>: done|failed…` line in the log. */
const finishedCaptures = (home: string) => {
  try {
    return (readFileSync(join(home, '.nowledge-mem', 'capture.log'), 'utf8').match(/^\S+ capture \S+ \S+: (done|failed)/gm) ?? []).length;
  } catch {
    return 0;
  }
};

async function waitForCaptures(home: string, count: number) {
  const deadline = Date.now() + 30_000;
  while (finishedCaptures(home) < count) {
    if (Date.now() > deadline) assert.fail(`capture did not finish: ${readFileSync(join(home, '.nowledge-mem', 'capture.log'), 'utf8')}`);
    await new Promise(resolve => setTimeout(resolve, 100));
  }
}

/** Runs a hook's capture line; checks the acknowledgement every hook checks; waits for the background work. */
async function capture(home: string, args: string[]) {
  const before = finishedCaptures(home);
  const started = Date.now();
  const result = await nmemIn(home)(['--json', 't', 'capture', ...args]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.json<{ status: string }>().status, 'enqueued');
  const answeredMs = Date.now() - started;
  await waitForCaptures(home, before + 1);
  return answeredMs;
}

test('Claude Code Stop hook: t capture is acknowledged at once, saves the transcript, and a grown transcript adds only its new messages', async () => {
  const home = sessions.home;
  const transcript = sessions.claudeFile;
  const args = ['--from', 'claude-code', '--session-id', CLAUDE_SESSION, '--project', PROJECT, '--transcript-path', transcript];
  await capture(home, args);
  assert.deepEqual(await thread(`claude-code-${CLAUDE_SESSION}`).then(t => [t?.count, t?.source]), [5, 'claude-code']);
  await capture(home, args);
  assert.equal((await thread(`claude-code-${CLAUDE_SESSION}`))?.count, 5, 'the same transcript again adds nothing');
  appendFileSync(transcript, readFileSync(join(FIXTURES, 'claude-code.more.jsonl')));
  await capture(home, args);
  assert.equal((await thread(`claude-code-${CLAUDE_SESSION}`))?.count, 7, 'a later turn adds exactly its two messages');
});

test('Codex Stop hook (no transcript path): the session is found by id under ~/.codex/sessions', async () => {
  await capture(sessions.home, ['--from', 'codex', '--session-id', CODEX_SESSION, '--project', PROJECT]);
  assert.ok(((await thread(`codex-${CODEX_SESSION}`))?.count ?? 0) > 0);
});

test('Cursor stop hook: the agent transcript; without one, the conversation from the SQLite store', async () => {
  const transcript = hosts.at['cursor-agent-transcript.jsonl']!;
  const conversation = 'c0ffee00-1111-4222-8333-444455556666';
  await capture(hosts.home, ['--from', 'cursor', '--project', PROJECT, '--session-id', conversation, '--transcript-path', transcript]);
  const saved = await thread(`cursor-${conversation}`);
  assert.deepEqual([saved?.count, saved?.contents[0]], [4, 'Why does the importer skip empty lines?']);
  appendFileSync(transcript, readFileSync(join(HOST_FIXTURES, 'cursor-agent-transcript.more.jsonl')));
  await capture(hosts.home, ['--from', 'cursor', '--project', PROJECT, '--session-id', conversation, '--transcript-path', transcript]);
  assert.equal((await thread(`cursor-${conversation}`))?.count, 5);

  await capture(hosts.home, ['--from', 'cursor', '--project', PROJECT, '--session-id', CURSOR_CONVERSATION]);
  const fromStore = await thread(`cursor-${CURSOR_CONVERSATION}`);
  assert.deepEqual(fromStore?.contents, [
    'The search index rebuild takes 40 seconds. Can it be incremental?',
    'Yes: keep a per-document checksum and only re-embed changed documents.',
    'Do it for the vector table too.',
  ]);
});

test('CodeBuddy, WorkBuddy (SubagentStop), Proma and Kimi Code hooks: --sync --all-projects', async () => {
  const run = (args: string[]) => capture(hosts.home, [...args, '--sync', '--all-projects']);
  await run(['--from', 'codebuddy', '--session-id', 'cb-5a1e', '--transcript-path', hosts.at['codebuddy-session.jsonl']!]);
  await run(['--from', 'workbuddy', '--session-id', 'wb-agent-1', '--transcript-path', hosts.at['workbuddy-agent.jsonl']!]);
  await run(['--from', 'proma', '--session-id', 'pm-77', '--project', PROJECT, '--transcript-path', hosts.at['proma-session.jsonl']!]);
  await run(['--from', 'kimi-code', '--session-id', 'kimi-2c41']);
  assert.deepEqual(
    await Promise.all(['codebuddy-cb-5a1e', 'workbuddy-wb-agent-1', 'proma-pm-77', 'kimi-code-kimi-2c41'].map(async id => [id, (await thread(id))?.count])),
    [['codebuddy-cb-5a1e', 2], ['workbuddy-wb-agent-1', 3], ['proma-pm-77', 2], ['kimi-code-kimi-2c41', 3]],
  );
});

test('t sync --session-dir (CodeBuddy import-history, Pi, Kimi Work), Hermes state.db, OpenCode storage, Cursor text transcripts', async () => {
  const nmem = nmemIn(hosts.home);
  const pi = await nmem(['--json', 't', 'sync', '--from', 'pi', '--session-dir', join(hosts.home, '.pi', 'agent', 'sessions'), '--apply']);
  assert.equal(pi.code, 0, pi.stderr);
  assert.equal((await thread('pi-pi-9b2f'))?.count, 2);
  const importHistory = ['--json', 't', 'sync', '--from', 'codebuddy', '--session-id', 'cb-import', '--session-dir', hosts.at['codebuddy-session.jsonl']!, '--all-projects', '--apply'];
  assert.deepEqual((await nmem(importHistory)).json<{ results: { action: string }[] }>().results.map(r => r.action), ['created']);
  assert.deepEqual((await nmem(importHistory)).json<{ results: { action: string }[] }>().results.map(r => r.action), ['unchanged']);
  assert.equal((await thread('codebuddy-cb-import'))?.count, 2);
  const hermes = await nmem(['--json', 't', 'sync', '--from', 'hermes', '--all-projects', '--apply']);
  assert.equal(hermes.code, 0, hermes.stderr);
  assert.deepEqual((await thread(`hermes-${HERMES_SESSION}`))?.contents, ['How often do backups run?', 'Every night at 02:00, keeping seven.']);
  const kimi = await nmem(['--json', 't', 'sync', '--from', 'kimi-code', '--project', PROJECT, '--apply']);
  assert.deepEqual(kimi.json<{ results: { thread_id: string }[] }>().results.map(r => r.thread_id), ['kimi-code-kimi-2c41'], 'the project is found by the MD5 folder Kimi names it with');
  const kimiWork = await nmem(['--json', 't', 'sync', '--from', 'kimi-work', '--session-dir', join(hosts.home, '.kimi-code', 'sessions'), '--apply']);
  assert.equal((await thread(`kimi-work-${kimiWork.json<{ results: { session_id: string }[] }>().results[0]!.session_id}`))?.count, 3);
  const opencode = await nmem(['--json', 't', 'sync', '--from', 'opencode', '--all-projects', '--apply']);
  assert.equal(opencode.code, 0, opencode.stderr);
  assert.deepEqual((await thread(`opencode-${OPENCODE_SESSION}`))?.contents, ['Why is search.test.ts flaky?', 'It depends on insertion order; sort the results before comparing.', 'Do it.']);
  const txt = await nmem(['--json', 't', 'save', '--from', 'cursor', '--project', PROJECT, '--session-id', 'deadbeef-1111-4222-8333-444455556666']);
  assert.equal(txt.code, 0, txt.stderr);
  assert.deepEqual((await thread('cursor-deadbeef-1111-4222-8333-444455556666'))?.contents, ['Rename the config loader.', 'Renamed loadConfig to readSettings in three files.', 'Thanks, run the tests.']);
});

test('a host whose sessions cannot be read: exit 0, status skipped, the reason once on stderr', async () => {
  const result = await nmemIn(hosts.home)(['--json', 't', 'capture', '--from', 'devin', '--session-id', 'x']);
  assert.equal(result.code, 0);
  assert.equal(result.json<{ status: string }>().status, 'skipped');
  assert.equal(result.stderr.trim().split('\n').length, 1);
  assert.match(result.stderr, /Devin keeps its sessions in sessions\.db/);
});

test('with no server answering, the hook still gets {"status":"enqueued"} at once; the failure goes to the capture log', async () => {
  const home = hosts.home;
  const before = finishedCaptures(home);
  const started = Date.now();
  const result = await runBin('nmem', ['--json', 't', 'capture', '--from', 'codebuddy', '--session-id', 'cb-offline', '--transcript-path', hosts.at['codebuddy-session.jsonl']!, '--sync', '--all-projects'], {
    env: { HOME: home, NMEM_API_URL: 'http://127.0.0.1:9' },
  });
  assert.deepEqual([result.code, result.json<{ status: string }>().status], [0, 'enqueued']);
  assert.ok(Date.now() - started < 5000, 'the hook does not wait for the server');
  await waitForCaptures(home, before + 1);
  assert.match(readFileSync(join(home, '.nowledge-mem', 'capture.log'), 'utf8'), /capture codebuddy cb-offline: failed: Cannot reach a Cairn server at http:\/\/127\.0\.0\.1:9/);
});

test('nmem status lists the hosts whose sessions can be captured, and why the others cannot', async () => {
  const status = (await nmemIn(hosts.home)(['--json', 'status'])).json<{ capture: { hosts: string[]; unreadable: { host: string; reason: string }[] } }>();
  for (const host of ['claude-code', 'codex', 'cursor', 'codebuddy', 'workbuddy', 'kimi-code', 'proma', 'grok', 'pi', 'hermes']) assert.ok(status.capture.hosts.includes(host), host);
  assert.ok(status.capture.unreadable.some(u => u.host === 'devin' && /sessions\.db/.test(u.reason)));
});

test('t sync --hook-stdin reads a Cursor stop payload (conversation_id, transcript_path, workspace_roots)', async () => {
  const transcript = hosts.at['cursor-agent-transcript.txt']!;
  const payload = JSON.stringify({ conversation_id: 'cursor-hook-1', generation_id: 'g1', transcript_path: transcript, workspace_roots: [PROJECT], hook_event_name: 'stop' });
  const result = await nmemIn(hosts.home)(['--json', 't', 'sync', '--from', 'cursor', '--hook-stdin', '--apply'], { input: payload });
  assert.equal(result.code, 0, result.stderr);
  assert.equal((await thread('cursor-cursor-hook-1'))?.count, 3);
});
