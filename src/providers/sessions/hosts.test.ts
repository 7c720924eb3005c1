/** The host readers on the fixtures of test/fixtures/hosts: what each keeps of a transcript, and ids that stay put. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { HOST_FIXTURES } from '../../../test/hosts.ts';
import { parseChatJsonl, parseRoleTranscript, sessionIdFromPath } from './chatJsonl.ts';
import { HOSTS, hostName, isReadable, parseHostFile } from './hosts.ts';
import { readOpencodeStorage } from './opencode.ts';

const fixture = (name: string) => readFileSync(join(HOST_FIXTURES, name), 'utf8');
const contents = (session: { messages: { role: string; content: string }[] } | null) => session?.messages.map(m => `${m.role}: ${m.content}`);

test('Cursor agent transcripts: <user_query> unwrapped, tool calls summarised; a grown file keeps the old ids', () => {
  const first = parseHostFile('cursor', 'cursor', fixture('cursor-agent-transcript.jsonl'), '/x/agent-transcripts/c0ffee.jsonl')!;
  assert.deepEqual(contents(first), [
    'user: Why does the importer skip empty lines?',
    'assistant: Empty lines are torn writes; the reader skips them so a half-written record never fails the import.',
    'assistant: [tool: read_file] src/importer.ts',
    'user: Add a test for it.',
  ]);
  const grown = parseHostFile('cursor', 'cursor', fixture('cursor-agent-transcript.jsonl') + fixture('cursor-agent-transcript.more.jsonl'), '/x/agent-transcripts/c0ffee.jsonl')!;
  assert.deepEqual(grown.messages.slice(0, 4).map(m => m.external_id), first.messages.map(m => m.external_id));
  assert.equal(grown.messages.length, 5);
  assert.equal(first.session_id, 'c0ffee');
  assert.deepEqual(contents(parseRoleTranscript('cursor', fixture('cursor-agent-transcript.txt'), 'deadbeef.txt')), [
    'user: Rename the config loader.',
    'assistant: Renamed loadConfig to readSettings in three files.',
    'user: Thanks, run the tests.',
  ]);
});

test('Kimi Code context.jsonl: bookkeeping and tool records left out; the session id is the folder', () => {
  const session = parseChatJsonl('kimi-code', fixture('kimi-context.jsonl'), '/h/.kimi/sessions/5f0e/kimi-2c41/context.jsonl')!;
  assert.equal(session.session_id, 'kimi-2c41');
  assert.deepEqual(contents(session), ['user: How do I list the spaces?', 'assistant: Run nmem spaces.', 'user: And create one?']);
  assert.equal(sessionIdFromPath('/a/b/transcript.jsonl'), 'b');
});

test('Pi sessions: the header names the session and its directory; toolResult messages are left out; ids are the entries\'', () => {
  const session = parseChatJsonl('pi', fixture('pi-session.jsonl'), '2026_pi.jsonl')!;
  assert.deepEqual([session.session_id, session.cwd], ['pi-9b2f', '/home/dev/projects/cairn-demo']);
  assert.deepEqual(contents(session), ['user: What does the label merge do?', 'assistant: It folds two labels into one and moves every memory.\n\n[tool: bash] npm test']);
  assert.deepEqual(session.messages.map(m => m.external_id), ['pi-9b2f:u1', 'pi-9b2f:a1']);
});

test('Claude Code style hosts (CodeBuddy, Proma) and Copilot CLI events', () => {
  const codebuddy = parseHostFile('codebuddy', 'jsonl', fixture('codebuddy-session.jsonl'), 'cb-5a1e.jsonl')!;
  assert.deepEqual([codebuddy.client, codebuddy.session_id, codebuddy.messages.length], ['codebuddy', 'cb-5a1e', 2]);
  assert.deepEqual(contents(parseChatJsonl('copilot-cli', fixture('copilot-events.jsonl'), 'cp-31.jsonl')), ['user: Open the failing test.', 'assistant: The failing test is search.test.ts line 40.']);
});

test('OpenCode storage: text parts only (no tool, step or synthetic parts), in message order', async () => {
  const [session] = await readOpencodeStorage(join(HOST_FIXTURES, 'opencode-storage'));
  assert.deepEqual([session!.session_id, session!.title, session!.cwd], ['ses_7a1b2c3d4e5fOpen', 'Flaky search test', '/home/dev/projects/cairn-demo']);
  assert.deepEqual(contents(session!), ['user: Why is search.test.ts flaky?', 'assistant: It depends on insertion order; sort the results before comparing.', 'user: Do it.']);
  assert.deepEqual(await readOpencodeStorage(join(HOST_FIXTURES, 'opencode-storage'), 'ses_other'), []);
});

test('every host a plugin names is known: readable with a format, or with the reason it is not', () => {
  for (const host of ['claude-code', 'codex', 'gemini-cli', 'grok', 'cursor', 'devin', 'codebuddy', 'workbuddy', 'kimi-code', 'kimi-work', 'pi', 'omp', 'opencode', 'hermes', 'craft-agent', 'antigravity', 'proma', 'droid', 'copilot']) {
    const spec = HOSTS[hostName(host)];
    assert.ok(spec, host);
    assert.ok(isReadable(spec) || spec.unreadable.length > 20, host);
  }
});
