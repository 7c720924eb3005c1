/**
 * The `nmem` command lines the integrations in nowledge-co/community run (Copilot CLI's capture and auto-distill,
 * DeepSeek Harness's checkpointed import, Bub, Hermes, setup steps, the benchmark harness), through the real binary
 * against a real server, with the effect checked over REST.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { type CliOptions, runBin, tempHome } from '../../../test/cli.ts';
import { MCP_CLIENTS } from '../../cli/mcpConfig.ts';

let server: ServerProcess;
let dir: string;
let home: string;

before(async () => {
  dir = makeTempDir('cairn-cli-integrations-');
  home = tempHome();
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data') });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

const nmem = (args: string[], options: CliOptions = {}) => runBin('nmem', args, { ...options, env: { NMEM_API_URL: server.url, HOME: home, ...options.env } });
const ok = async (args: string[]) => {
  const result = await nmem(args);
  assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}${result.stdout}`);
  return result;
};
const rest = async <T = any>(path: string): Promise<T> => (await fetch(`${server.url}${path}`)).json() as Promise<T>;
const messages = (...contents: string[]) => contents.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content }));
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

test('Copilot CLI: t import -f -t --id -s, then t append -f adds only new messages; t triage and t distill --triage answer', async () => {
  const turns = ['We decided to keep PostgreSQL 15 for the staging cluster.', 'Noted: staging stays on PostgreSQL 15.', 'Also, I prefer small pull requests.'];
  const first = file('copilot-1.json', messages(...turns.slice(0, 2)));
  const imported = (await ok(['--json', 't', 'import', '-f', first, '-t', 'Staging database', '--id', 'copilot-s1', '-s', 'copilot-cli'])).json<any>();
  assert.equal(imported.success, true);
  const grown = file('copilot-2.json', messages(...turns));
  assert.equal((await ok(['--json', 't', 'append', 'copilot-s1', '-f', grown])).json<any>().messages_added, 1);
  assert.equal((await ok(['--json', 't', 'append', 'copilot-s1', '-f', grown])).json<any>().messages_added, 0);
  const thread = await rest(`/threads/copilot-s1`);
  assert.deepEqual([thread.thread.title, thread.thread.source, thread.total_messages], ['Staging database', 'copilot-cli', 3]);
  const triage = (await ok(['--json', 't', 'triage', 'copilot-s1'])).json<any>();
  assert.equal(typeof triage.should_distill, 'boolean');
  const distilled = (await ok(['--json', 't', 'distill', 'copilot-s1', '--triage'])).json<any>();
  assert.equal(distilled.thread_id, 'copilot-s1');
  assert.equal((await ok(['--json', 't', 'distill', 'copilot-s1', '--level', 'swift'])).json<any>().thread_id, 'copilot-s1');
});

test('DeepSeek Harness: checkpointed t import with --expected-message-count and --idempotency-key, acknowledged as it checks', async () => {
  const base = ['--json', 't', 'import', '--source', 'deepseek-harness', '--id', 'deepseek-harness-s1', '--title', 'DSH session', '--space-id', 'work'];
  const created = (await ok([...base, '--file', file('dsh-1.json', { title: 'DSH session', messages: messages('one', 'two') })])).json<any>();
  assert.deepEqual([created.success, created.results[0].success, created.results[0].message_count], [true, true, 2]);
  const delta = [...base, '--file', file('dsh-2.json', { title: 'DSH session', messages: [{ role: 'user', content: 'three' }] }), '--expected-message-count', '2', '--idempotency-key', 'dsh:s1:2-3:abc'];
  const ack = (await ok(delta)).json<any>();
  assert.deepEqual([ack.success, ack.failed_count, ack.results[0].append_mode, ack.results[0].message_count], [true, 0, 'checkpointed', 3]);
  assert.equal((await ok(delta)).json<any>().results[0].message_count, 3, 'a retried batch is acknowledged again, adding nothing');
  const stale = await nmem([...base, '--file', file('dsh-3.json', { messages: [{ role: 'user', content: 'four' }] }), '--expected-message-count', '1']);
  assert.equal(stale.json<any>().results[0].error_code, 'checkpoint_conflict');
  assert.equal((await rest('/threads/deepseek-harness-s1?space_id=work')).total_messages, 3);
});

test('Bub and Hermes: t create --id -m, t create positional, t append -m, m add --id upserts, m delete several, g evolves ID', async () => {
  await ok(['--json', 't', 'create', '--id', 'bub-1', '-t', 'Bub tape', '-m', JSON.stringify(messages('hello', 'hi')), '-s', 'bub']);
  assert.equal((await ok(['--json', 't', 'append', 'bub-1', '-m', JSON.stringify(messages('hello', 'hi', 'more'))])).json<any>().messages_added, 1);
  assert.equal((await ok(['--json', 't', 'append', 'bub-1', '-m', 'a plain note'])).json<any>().messages_added, 1);
  assert.equal((await rest('/threads/bub-1')).total_messages, 4);
  const note = (await ok(['--json', 't', 'create', 'Remember the release is on Friday', '-t', 'Release'])).json<any>();
  assert.equal((await rest(`/threads/${note.id}`)).messages[0].content, 'Remember the release is on Friday');

  await ok(['--json', 'm', 'add', 'The office moved to Berlin', '-s', 'hermes', '--id', 'hermes-mem-1']);
  await ok(['--json', 'm', 'add', 'The office moved to Hamburg', '-s', 'hermes', '--id', 'hermes-mem-1']);
  assert.equal((await rest('/memories/hermes-mem-1')).content, 'The office moved to Hamburg');
  await ok(['--json', 'm', 'add', 'second', '--id', 'hermes-mem-2']);
  const deleted = (await ok(['--json', 'm', 'delete', 'hermes-mem-1', 'hermes-mem-2', '-f'])).json<any>();
  assert.deepEqual(deleted.deleted, ['hermes-mem-1', 'hermes-mem-2']);
  assert.equal((await fetch(`${server.url}/memories/hermes-mem-2`)).status, 404);
  const evolves = (await ok(['--json', 'g', 'evolves', 'hermes-mem-1', '-n', '5'])).json<any>();
  assert.ok(evolves && typeof evolves === 'object');
});

test('setup steps: config client set api-key, config mcp show --host for every host; nmem stats counts', async () => {
  await ok(['config', 'client', 'set', 'api-key', 'nmem_test_key_123456']);
  const shown = (await ok(['--json', 'config', 'client', 'show'])).json<any>();
  assert.equal(shown.api_key, 'nmem_t…3456');
  const setupHome = tempHome();
  for (const host of [...MCP_CLIENTS, 'codebuddy', 'workbuddy', 'kimi-code', 'kimi-work', 'devin', 'cindy', 'craft-agent', 'deepseek-harness', 'google-antigravity']) {
    const result = await runBin('nmem', ['config', 'mcp', 'show', '--host', host], { env: { HOME: setupHome } });
    assert.equal(result.code, 0, `${host}: ${result.stderr}`);
    assert.match(result.stdout, /\/mcp\//);
  }
  const before = (await ok(['--json', 'stats'])).json<any>();
  await ok(['--json', 'm', 'add', 'counted memory']);
  const after = (await ok(['--json', 'stats'])).json<any>();
  assert.equal(after.memories, before.memories + 1);
  assert.ok(after.threads >= 2 && typeof after.entities === 'number' && typeof after.communities === 'number');
  // What a harness waits on: the background work still owed, which reaches 0 once the queue has caught up.
  assert.equal(typeof after.pending, 'number');
  for (let tries = 0; (await ok(['--json', 'stats'])).json<any>().pending > 0; tries++) {
    assert.ok(tries < 100, 'the background queue never caught up');
    await new Promise(resolve => setTimeout(resolve, 100));
  }
});
