import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseClaudeCodeSession } from './claudeCode.ts';
import { parseCodexSession } from './codex.ts';
import { parseGeminiSession } from './geminiCli.ts';
import { summarizeToolCall } from './text.ts';
import { CLAUDE_SESSION, CODEX_SESSION, fixture, GEMINI_SESSION, PROJECT } from '../../../test/sessions.ts';

describe('Claude Code sessions', () => {
  const session = parseClaudeCodeSession(fixture('claude-code.jsonl'), `${CLAUDE_SESSION}.jsonl`)!;

  test('user and assistant text in order; tool calls summarised; tool results, thinking, meta and side chains left out', () => {
    assert.deepEqual(
      session.messages.map(m => [m.role, m.content]),
      [
        ['user', 'The label merge test fails about one run in ten. Can you find out why?'],
        [
          'assistant',
          "I'll start by running the test a few times to reproduce it.\n\n[tool: Bash] for i in $(seq 10); do node --import tsx --test src/http/routes/labels.merge.test.ts; done",
        ],
        ['assistant', 'The failure comes from two merges recorded in the same millisecond: the undo picks whichever SQLite returns first.'],
        ['assistant', `[tool: Edit] ${PROJECT}/src/storage/shared/labelMerges.ts`],
        ['assistant', 'Fixed: merges now order by id after merged_at, so undo is deterministic. Ten runs in a row pass.'],
      ],
    );
  });

  test('session metadata, timestamps and record ids are kept', () => {
    assert.equal(session.session_id, CLAUDE_SESSION);
    assert.equal(session.cwd, PROJECT);
    assert.equal(session.title, 'Fix the flaky label merge test');
    assert.equal(session.tool_version, '1.0.98');
    assert.equal(session.messages[0]!.timestamp, '2025-09-14T09:12:03.120Z');
    assert.equal(session.messages[0]!.external_id, 'a1b2c3d4-0001-4000-8000-000000000001');
    assert.equal(session.started_at, '2025-09-14T09:12:03.120Z');
    assert.equal(session.updated_at, '2025-09-14T09:14:20.777Z');
  });

  test('a torn last line is skipped; a file with no conversation is no session', () => {
    const torn = `${fixture('claude-code.jsonl')}{"type":"user","message":{"role":"user","content":"half`;
    assert.equal(parseClaudeCodeSession(torn, 'x.jsonl')!.messages.length, 5);
    assert.equal(parseClaudeCodeSession('{"type":"summary","summary":"only a title"}\n', 'x.jsonl'), null);
    assert.equal(parseClaudeCodeSession('not json at all', 'x.jsonl'), null);
  });
});

describe('Codex rollouts', () => {
  const session = parseCodexSession(fixture('codex-rollout.jsonl'), `rollout-2025-09-15T14-03-11-${CODEX_SESSION}.jsonl`)!;

  test('injected context is dropped, tool calls summarised, events and reasoning skipped', () => {
    const messages = session.messages.map(m => [m.role, m.content]);
    assert.equal(messages.length, 4);
    assert.deepEqual(messages[0], ['user', 'Add a --dry-run flag to the export command.']);
    assert.deepEqual(messages[1], ['assistant', '[tool: shell] rg -n "export" src/cli']);
    assert.equal(messages[2]![0], 'assistant');
    assert.match(messages[2]![1]!, /^\[tool: apply_patch\] \*\*\* Begin Patch \*\*\* Update File: src\/cli\/index\.ts/);
    assert.deepEqual(messages[3], ['assistant', 'Added --dry-run: the export command now prints what it would write and exits without writing.']);
    assert.ok(session.messages.every(m => !m.content.includes('environment_context') && !m.content.includes('user_instructions')));
  });

  test('the session id, working directory and version come from session_meta; lines are stable ids', () => {
    assert.equal(session.session_id, CODEX_SESSION);
    assert.equal(session.cwd, PROJECT);
    assert.equal(session.tool_version, '0.39.0');
    assert.equal(session.messages[0]!.timestamp, '2025-09-15T14:03:25.002Z');
    assert.equal(session.messages[0]!.external_id, `${CODEX_SESSION}:3`);
  });

  test('older files without the envelope are read too', () => {
    const legacy = [
      JSON.stringify({ id: 'legacy-1', timestamp: '2025-04-01T10:00:00Z', instructions: null }),
      JSON.stringify({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] }),
      JSON.stringify({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hi' }] }),
    ].join('\n');
    const parsed = parseCodexSession(legacy, 'rollout-legacy.jsonl')!;
    assert.equal(parsed.session_id, 'legacy-1');
    assert.deepEqual(parsed.messages.map(m => m.content), ['hello', 'hi']);
  });
});

describe('Gemini CLI chats', () => {
  const session = parseGeminiSession(fixture('gemini-chat.json'), 'session-2025-09-16T08-30-5d1e2f3a.json')!;

  test('user and gemini turns with tool calls summarised; info notices skipped', () => {
    assert.deepEqual(
      session.messages.map(m => [m.role, m.content]),
      [
        ['user', 'Why does npm test print a dependency-cruiser warning?'],
        ['assistant', `Let me look at the configuration first.\n\n[tool: read_file] ${PROJECT}/.dependency-cruiser.cjs`],
        ['assistant', 'The warning comes from an npm user config key (nodedir) that npm no longer supports; it is harmless and unrelated to dependency-cruiser.'],
      ],
    );
    assert.equal(session.session_id, GEMINI_SESSION);
    assert.equal(session.messages[1]!.external_id, 'f1e2d3c4-0002');
    assert.equal(session.started_at, '2025-09-16T08:30:12.044Z');
    assert.equal(session.updated_at, '2025-09-16T08:33:40.918Z');
  });

  test('a file that is not a chat is no session', () => {
    assert.equal(parseGeminiSession('{"hello": 1}', 'x.json'), null);
    assert.equal(parseGeminiSession('{', 'x.json'), null);
  });
});

test('tool calls read as one line naming the command or file', () => {
  assert.equal(summarizeToolCall('Bash', { command: 'npm test', description: 'run' }), '[tool: Bash] npm test');
  assert.equal(summarizeToolCall('shell', { command: ['bash', '-lc', 'ls -la'] }), '[tool: shell] ls -la');
  assert.equal(summarizeToolCall('Read', { file_path: '/a/b.ts' }), '[tool: Read] /a/b.ts');
  assert.equal(summarizeToolCall('Custom', { n: 1 }), '[tool: Custom] {"n":1}');
  assert.ok(summarizeToolCall('Bash', { command: 'x'.repeat(1000) }).length < 260);
});
