import { test, describe, beforeEach, afterEach } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../../../main.ts';
import { buildTestApp, closeAppWithHome, openAppWithHome, expectOk, get, post, put, validationLocs } from '../../../../test/helpers.ts';
import { CLAUDE_SESSION, CODEX_SESSION, makeSessionHome, PROJECT, type SessionHome } from '../../../../test/sessions.ts';
import { CLAUDE_FIRST, THREAD_FIXTURES, threadFixture } from '../../../../test/threadFiles.ts';

const PROJECT_FOLDER = PROJECT.replace(/\//g, '-');

/** Polls until `check` holds (the watcher works on its own time), failing after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  assert.fail(`not reached within ${ms} ms`);
}

describe('hidden sessions and discovery (POST /threads/import-config/hide-session, GET /threads/conversations/discover)', () => {
  let fx: SessionHome;
  let app: App;
  beforeEach(async () => void ({ fx, app } = await openAppWithHome(makeSessionHome)));
  afterEach(() => closeAppWithHome({ fx, app }));

  test('discovery lists session files and exports under the home by source; a hidden session is left out until unhidden', async () => {
    mkdirSync(join(fx.home, 'Downloads', 'chatgpt-export'), { recursive: true });
    copyFileSync(join(THREAD_FIXTURES, 'chatgpt-conversations.json'), join(fx.home, 'Downloads', 'chatgpt-export', 'conversations.json'));
    const all = expectOk(await get(app, '/threads/conversations/discover'), 'discover');
    const claude = all.conversations['claude-code'];
    assert.deepEqual(claude.map((c: any) => [c.session_id, c.project_encoded, c.hidden]), [[CLAUDE_SESSION, PROJECT_FOLDER, false]]);
    assert.equal(claude[0].path, fx.claudeFile);
    assert.ok(all.conversations.codex.some((c: any) => c.session_id === CODEX_SESSION));
    assert.equal(all.conversations.chatgpt[0].path, join(fx.home, 'Downloads', 'chatgpt-export', 'conversations.json'));
    assert.equal(all.conversations['claude-ai'], undefined, 'a ChatGPT conversations.json is not a Claude export');
    const onlyCodex = expectOk(await get(app, '/threads/conversations/discover?source=codex'), 'codex');
    assert.deepEqual(Object.keys(onlyCodex.conversations), ['codex']);

    const hidden = expectOk(await post(app, `/threads/import-config/hide-session?session_id=${CLAUDE_SESSION}`), 'hide');
    assert.deepEqual([hidden.hidden, hidden.changed, hidden.hidden_sessions], [true, true, [CLAUDE_SESSION]]);
    assert.equal(expectOk(await post(app, `/threads/import-config/hide-session?session_id=${CLAUDE_SESSION}`), 'again').changed, false);
    assert.deepEqual(expectOk(await get(app, '/threads/import-config'), 'config').hidden_sessions, [CLAUDE_SESSION]);
    assert.equal(expectOk(await get(app, '/threads/conversations/discover?source=claude'), 'hidden').conversations['claude-code'], undefined);
    expectOk(await put(app, '/threads/import-config', { show_hidden_by_default: true }), 'show hidden');
    assert.equal(expectOk(await get(app, '/threads/conversations/discover?source=claude'), 'shown').conversations['claude-code'][0].hidden, true);
    const shown = expectOk(await post(app, `/threads/import-config/unhide-session?session_id=${CLAUDE_SESSION}`), 'unhide');
    assert.deepEqual([shown.hidden, shown.changed, shown.hidden_sessions], [false, true, []]);

    assert.deepEqual(validationLocs(await post(app, '/threads/import-config/hide-session')), ['query.session_id']);
    assert.deepEqual(validationLocs(await get(app, '/threads/conversations/discover?source=myspace')), ['query.source']);
  });

  test('a discovered session imports as the same thread session save makes', async () => {
    const found = expectOk(await get(app, '/threads/conversations/discover?source=claude-code'), 'discover').conversations['claude-code'][0];
    const imported = expectOk(await post(app, '/threads/conversations/import', { path: found.path, source: 'claude', session_id: found.session_id }), 'import');
    assert.equal(imported.thread.thread_id, `claude-code-${CLAUDE_SESSION}`);
    assert.equal(imported.thread.title, 'Fix the flaky label merge test');
    const saved = expectOk(await post(app, '/threads/sessions/save', { client: 'claude-code', project_path: PROJECT }), 'save');
    assert.deepEqual([saved.results[0].action, saved.results[0].messages_added], ['appended', 0]);
    const codex = expectOk(await post(app, '/threads/conversations/import', { path: fx.codexFile, source: 'codex' }), 'codex');
    assert.equal(codex.thread.thread_id, `codex-${CODEX_SESSION}`);
    assert.equal(codex.thread.source, 'codex');
    assert.ok(codex.messages.length > 0);
    assert.equal((await post(app, '/threads/conversations/import', { path: fx.codexFile, source: 'gemini-cli' })).status, 422, 'a Codex file is no Gemini session');
  });
});

describe('history sync cards and tail reconciliation', () => {
  let app: App;
  let fx: SessionHome;
  beforeEach(async () => void ({ fx, app } = await openAppWithHome(makeSessionHome)));
  afterEach(() => closeAppWithHome({ fx, app }));

  test('a completed history sync is one card in the activity feed', async () => {
    const recorded = expectOk(await post(app, '/threads/history-sync/completed', { client: 'codex', imported_count: 3, imported_message_count: 41, created_count: 2, updated_count: 1 }), 'record');
    assert.deepEqual([recorded.recorded, recorded.client, recorded.space_id, recorded.failed_count], [true, 'codex', 'default', 0]);
    const feed = expectOk(await get(app, '/agent/feed/events?event_type=history_synced'), 'feed');
    assert.equal(feed.events.length, 1);
    assert.equal(feed.events[0].id, recorded.event_id);
    assert.equal(feed.events[0].title, 'History sync from codex');
    assert.deepEqual([feed.events[0].metadata.imported_count, feed.events[0].metadata.imported_message_count], [3, 41]);
    assert.deepEqual(validationLocs(await post(app, '/threads/history-sync/completed', { client: 'codex', failed_count: -1 })), ['body.failed_count']);
    assert.deepEqual(validationLocs(await post(app, '/threads/history-sync/completed', { imported_count: 1 })), ['body.client']);
  });

  test('reconcile-tail appends what the source has beyond the thread and never drops what is stored', async () => {
    const messages = ['one', 'two', 'three'].map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content, external_id: `e${i + 1}` }));
    expectOk(await post(app, '/threads', { thread_id: 'tail', messages }), 'create');
    const stale = await post(app, '/threads/tail/reconcile-tail', { matched_count: 2, messages: [], expected_tail_ids: ['e9'] });
    assert.deepEqual([stale.status, stale.body.error_code, stale.body.current_tail_ids], [409, 'tail_conflict', ['e3']]);

    const source = [messages[2], { role: 'assistant', content: 'four', external_id: 'e4' }, { role: 'user', content: 'five' }];
    const done = expectOk(await post(app, '/threads/tail/reconcile-tail', { matched_count: 2, messages: source, expected_tail_ids: ['e3'] }), 'reconcile');
    assert.deepEqual([done.messages_replaced, done.messages_added, done.total_messages, done.diverged_message_ids], [0, 2, 5, []]);
    const again = expectOk(await post(app, '/threads/tail/reconcile-tail', { matched_count: 2, messages: source }), 'again');
    assert.equal(again.messages_added, 0, 'a repeated reconcile adds nothing');

    const rewritten = expectOk(await post(app, '/threads/tail/reconcile-tail', { matched_count: 4, messages: [{ role: 'user', content: 'FIVE, edited' }] }), 'diverged');
    assert.equal(rewritten.messages_added, 1);
    assert.equal(rewritten.diverged_message_ids.length, 1, 'the stored "five" is reported, not removed');
    const thread = expectOk(await get(app, '/threads/tail'), 'thread');
    assert.deepEqual(thread.messages.map((m: any) => m.content), ['one', 'two', 'three', 'four', 'five', 'FIVE, edited']);

    assert.equal((await post(app, '/threads/tail/reconcile-tail', { matched_count: 99, messages: [] })).body.error_code, 'tail_conflict');
    assert.deepEqual(validationLocs(await post(app, '/threads/tail/reconcile-tail', { messages: [] })), ['body.matched_count']);
    assert.deepEqual(validationLocs(await post(app, '/threads/tail/reconcile-tail', { matched_count: -1, messages: [] })), ['body.matched_count']);
    assert.deepEqual(validationLocs(await post(app, '/threads/tail/reconcile-tail', { from_source: true })), ['body.from_source']);
    assert.equal((await post(app, '/threads/nope/reconcile-tail', { matched_count: 0, messages: [] })).status, 404);
  });

  test('reconcile-tail from_source brings an imported thread up to date with its file', async () => {
    const path = join(fx.home, 'Downloads', 'conversations.json');
    mkdirSync(join(fx.home, 'Downloads'), { recursive: true });
    writeFileSync(path, threadFixture('claude-conversations.json'));
    expectOk(await post(app, '/threads/conversations/import', { path, source: 'claude-ai' }), 'import');
    const grown = JSON.parse(threadFixture('claude-conversations.json'));
    grown[0].chat_messages.push({ uuid: 'm-0009', sender: 'assistant', text: 'Late answer.', created_at: '2024-05-02T11:00:00Z' });
    writeFileSync(path, JSON.stringify(grown));
    const done = expectOk(await post(app, `/threads/claude-ai-${CLAUDE_FIRST}/reconcile-tail`, { from_source: true }), 'reconcile');
    assert.deepEqual([done.messages_added, done.total_messages], [1, 4]);
  });
});

describe('the session watcher (GET /threads/watcher/status, POST /threads/watcher/start, /stop)', () => {
  let fx: SessionHome;
  let app: App;
  beforeEach(async () => void ({ fx, app } = await openAppWithHome(makeSessionHome)));
  afterEach(() => closeAppWithHome({ fx, app }));

  test('it runs only once started, imports new and grown session files, and stops', async () => {
    const idle = expectOk(await get(app, '/threads/watcher/status'), 'status');
    assert.deepEqual([idle.running, idle.watched_paths, idle.auto_import_count, idle.last_check], [false, [], 0, null]);
    mkdirSync(join(fx.home, 'Downloads'), { recursive: true });
    const everyHost = expectOk(await post(app, '/threads/watcher/start'), 'start with no platforms named');
    assert.deepEqual(everyHost.watched_paths.sort(), ['.claude/projects', '.codex/sessions', '.gemini/tmp'].map(p => join(fx.home, p)), 'every host, not the Downloads folder');
    expectOk(await post(app, '/threads/watcher/stop'), 'stop');
    expectOk(await put(app, '/threads/import-config', { watched_platforms: ['claude-code'] }), 'config');
    const started = expectOk(await post(app, '/threads/watcher/start'), 'start');
    assert.equal(started.running, true);
    assert.deepEqual(started.watched_paths, [join(fx.home, '.claude', 'projects')]);
    assert.equal(expectOk(await post(app, '/threads/watcher/start'), 'start again').running, true);

    const session = '11111111-2222-4333-8444-555555555555';
    const file = join(fx.home, '.claude', 'projects', PROJECT_FOLDER, `${session}.jsonl`);
    writeFileSync(file, threadFixture('../sessions/claude-code.jsonl').replaceAll(CLAUDE_SESSION, session));
    await eventually(async () => (await get(app, `/threads/claude-code-${session}`)).status === 200);
    const first = expectOk(await get(app, `/threads/claude-code-${session}`), 'imported').message_count;
    appendFileSync(file, threadFixture('../sessions/claude-code.more.jsonl').replaceAll(CLAUDE_SESSION, session));
    await eventually(async () => expectOk(await get(app, `/threads/claude-code-${session}`), 'grown').message_count > first);
    const status = expectOk(await get(app, '/threads/watcher/status'), 'status');
    assert.equal(status.auto_import_count, 2);
    assert.equal(typeof status.last_check, 'number');
    assert.deepEqual(status.errors, []);

    writeFileSync(join(fx.home, '.claude', 'projects', PROJECT_FOLDER, 'broken.jsonl'), '{"not": "a session"}\n');
    await eventually(async () => expectOk(await get(app, '/threads/watcher/status'), 'errors').errors.length === 1);

    const stopped = expectOk(await post(app, '/threads/watcher/stop'), 'stop');
    assert.deepEqual([stopped.running, stopped.watched_paths], [false, []]);
    expectOk(await put(app, '/threads/import-config', { watched_platforms: ['no-such-host', 'codex'] }), 'config');
    const restarted = expectOk(await post(app, '/threads/watcher/start'), 'start with an unknown platform');
    assert.deepEqual([restarted.running, restarted.watched_paths], [true, [join(fx.home, '.codex', 'sessions')]]);
    assert.match(restarted.errors.at(-1), /Unknown source "no-such-host"/);
    expectOk(await post(app, '/threads/watcher/stop'), 'stop again');
    const later = '99999999-2222-4333-8444-555555555555';
    writeFileSync(join(fx.home, '.claude', 'projects', PROJECT_FOLDER, `${later}.jsonl`), threadFixture('../sessions/claude-code.jsonl').replaceAll(CLAUDE_SESSION, later));
    await new Promise(resolve => setTimeout(resolve, 1500));
    assert.equal((await get(app, `/threads/claude-code-${later}`)).status, 404, 'a stopped watcher imports nothing');
  });

  test('closing the server stops a running watcher, with a write still waiting for its debounce', async () => {
    expectOk(await post(app, '/threads/watcher/start'), 'start');
    const session = '22222222-2222-4333-8444-555555555555';
    writeFileSync(join(fx.home, '.claude', 'projects', PROJECT_FOLDER, `${session}.jsonl`), threadFixture('../sessions/claude-code.jsonl').replaceAll(CLAUDE_SESSION, session));
    await new Promise(resolve => setTimeout(resolve, 100));
    await app.close();
    assert.equal(app.deps.threadWatcher!.status().running, false);
    app = await buildTestApp({ homeDir: fx.home }); // for afterEach
  });
});
