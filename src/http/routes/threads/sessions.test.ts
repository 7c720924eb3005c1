import { test, describe, beforeEach, afterEach } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../../../main.ts';
import { closeAppWithHome, openAppWithHome, get, post, validationLocs } from '../../../../test/helpers.ts';
import {
  CLAUDE_SESSION,
  CODEX_OLDER_SESSION,
  CODEX_SESSION,
  fixture,
  GEMINI_SESSION,
  makeSessionHome,
  PROJECT,
  type SessionHome,
} from '../../../../test/sessions.ts';

const save = (app: App, body: Record<string, unknown>) => post(app, '/threads/sessions/save', { project_path: PROJECT, ...body });

describe('saving coding sessions (POST /threads/sessions/save)', () => {
  let fx: SessionHome;
  let app: App;
  beforeEach(async () => void ({ fx, app } = await openAppWithHome(makeSessionHome)));
  afterEach(() => closeAppWithHome({ fx, app }));

  test('claude-code: the newest session becomes a thread with its messages, title and timestamps', async () => {
    const saved = await save(app, { client: 'claude-code' });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.status, 'success');
    assert.deepEqual([saved.body.client, saved.body.project_path, saved.body.persist_mode], ['claude-code', PROJECT, 'current']);
    assert.equal(saved.body.results.length, 1);
    const [result] = saved.body.results;
    assert.deepEqual(
      { action: result.action, session_id: result.session_id, message_count: result.message_count, messages_added: result.messages_added, file: result.file },
      { action: 'created', session_id: CLAUDE_SESSION, message_count: 5, messages_added: 5, file: `${CLAUDE_SESSION}.jsonl` },
    );
    const thread = await get(app, `/threads/${result.thread_id}`);
    assert.equal(thread.body.title, 'Fix the flaky label merge test');
    assert.equal(thread.body.source, 'claude-code');
    assert.equal(thread.body.thread.project, PROJECT);
    assert.equal(thread.body.messages[0].timestamp, '2025-09-14T09:12:03.120Z');
    assert.match(thread.body.messages[1].content, /\[tool: Bash\] for i in/);
  });

  test('re-saving appends only the new records of the session', async () => {
    const first = await save(app, { client: 'claude-code' });
    const again = await save(app, { client: 'claude-code' });
    assert.deepEqual([again.body.results[0].action, again.body.results[0].messages_added, again.body.results[0].message_count], ['appended', 0, 5]);
    appendFileSync(fx.claudeFile, fixture('claude-code.more.jsonl'));
    const grown = await save(app, { client: 'claude-code', summary: 'Fixed the flaky merge test and added a regression test.' });
    assert.deepEqual([grown.body.results[0].action, grown.body.results[0].messages_added, grown.body.results[0].message_count], ['appended', 2, 7]);
    assert.equal(grown.body.results[0].thread_id, first.body.results[0].thread_id);
    const thread = await get(app, `/threads/${grown.body.results[0].thread_id}`);
    assert.equal(thread.body.messages.at(-1).content, 'Added a test that records two merges with the same clock value and undoes the later one.');
    assert.equal(thread.body.thread.summary, 'Fixed the flaky merge test and added a regression test.');
  });

  test('codex: sessions whose recorded cwd is the project; persist_mode all saves each of them', async () => {
    const current = await save(app, { client: 'codex' });
    assert.deepEqual(current.body.results.map((r: any) => [r.session_id, r.message_count]), [[CODEX_SESSION, 4]]);
    const all = await save(app, { client: 'codex', persist_mode: 'all' });
    assert.deepEqual(all.body.results.map((r: any) => [r.session_id, r.action]), [[CODEX_SESSION, 'appended'], [CODEX_OLDER_SESSION, 'created']]);
    const thread = await get(app, `/threads/${current.body.results[0].thread_id}`);
    assert.equal(thread.body.source, 'codex');
    assert.deepEqual(thread.body.messages.map((m: any) => m.role), ['user', 'assistant', 'assistant', 'assistant']);
    assert.equal(thread.body.thread.tool_version, '0.39.0');
  });

  test('gemini-cli: the chat under the sha256 of the project path', async () => {
    const saved = await save(app, { client: 'gemini-cli' });
    assert.deepEqual(saved.body.results.map((r: any) => [r.session_id, r.message_count]), [[GEMINI_SESSION, 3]]);
    const thread = await get(app, `/threads/${saved.body.results[0].thread_id}`);
    assert.equal(thread.body.messages[0].content, 'Why does npm test print a dependency-cruiser warning?');
    assert.match(thread.body.messages[1].content, /\[tool: read_file\]/);
  });

  test('a chosen session_id, a space, and truncation of large content', async () => {
    const older = await save(app, { client: 'codex', session_id: CODEX_OLDER_SESSION, space_id: 'work' });
    assert.deepEqual(older.body.results.map((r: any) => r.session_id), [CODEX_OLDER_SESSION]);
    assert.equal((await get(app, `/threads/${older.body.results[0].thread_id}?space_id=work`)).status, 200);

    const big = { type: 'user', sessionId: 'big-1', cwd: PROJECT, uuid: 'big-u1', timestamp: '2025-09-20T10:00:00Z', message: { role: 'user', content: 'x'.repeat(25_000) } };
    writeFileSync(join(fx.claudeFile, '..', 'big-1.jsonl'), `${JSON.stringify(big)}\n`);
    const cut = await save(app, { client: 'claude-code', session_id: 'big-1', truncate_large_content: true });
    const message = (await get(app, `/threads/${cut.body.results[0].thread_id}`)).body.messages[0].content;
    assert.ok(message.length < 10_100);
    assert.match(message, /truncated 15000 characters/);
  });

  test('no session found answers 200 with status "error", an error and a hint', async () => {
    const none = await save(app, { client: 'claude-code', project_path: '/home/dev/projects/never-opened' });
    assert.equal(none.status, 200);
    assert.equal(none.body.status, 'error');
    assert.deepEqual(none.body.results, []);
    assert.match(none.body.error, /No claude-code session found/);
    assert.equal(typeof none.body.hint, 'string');
    const relative = await save(app, { client: 'codex', project_path: 'projects/cairn-demo' });
    assert.equal(relative.body.status, 'error');
  });

  test('escapes read nothing: .. in the path, a traversing session_id, symlinks out of the tool folder', async () => {
    mkdirSync(join(fx.outside, 'loot'), { recursive: true });
    copyFileSync(fx.claudeFile, join(fx.outside, 'loot', `${CLAUDE_SESSION}.jsonl`));
    symlinkSync(join(fx.outside, 'loot'), join(fx.home, '.claude', 'projects', '-home-dev-projects-loot'));
    const attempts = [
      { client: 'claude-code', project_path: '/home/dev/projects/loot' },
      { client: 'claude-code', project_path: '/../../outside/loot' },
      { client: 'claude-code', session_id: `../../../outside/loot/${CLAUDE_SESSION}` },
      { client: 'gemini-cli', project_path: `${PROJECT}/../../../../../outside` },
    ];
    for (const attempt of attempts) {
      const response = await save(app, attempt);
      assert.equal(response.status, 200);
      assert.equal(response.body.status, 'error', JSON.stringify(attempt));
    }
    assert.deepEqual((await get(app, '/threads')).body.threads, []);
  });

  test('unknown client or persist_mode, or a missing project_path, is a 422', async () => {
    assert.deepEqual(validationLocs(await save(app, { client: 'cursor' })), ['body.client']);
    assert.deepEqual(validationLocs(await save(app, { client: 'codex', persist_mode: 'latest' })), ['body.persist_mode']);
    assert.deepEqual(validationLocs(await post(app, '/threads/sessions/save', { client: 'codex' })), ['body.project_path']);
  });
});
