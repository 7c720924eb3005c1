import { test, describe, beforeEach, afterEach } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { copyFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../../../main.ts';
import { buildTestApp, closeAppWithHome, openAppWithHome, expectOk, get, post, validationLocs } from '../../../../test/helpers.ts';
import { CHATGPT_FIRST, CHATGPT_SECOND, CLAUDE_FIRST, makeThreadFileHome, threadFixture, type ThreadFileHome } from '../../../../test/threadFiles.ts';

const parse = (app: App, file_name: string, file_content: string, source?: string) => post(app, '/threads/parse', { file_name, file_content, ...(source ? { source } : {}) });
const threadCount = async (app: App) => expectOk(await get(app, '/threads?limit=100'), 'list').pagination.total as number;

describe('parsing pasted conversations (POST /threads/parse)', () => {
  let app: App;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  test('ChatGPT export: the current branch only, noise left out, times and ids kept', async () => {
    const body = expectOk(await parse(app, 'conversations.json', threadFixture('chatgpt-conversations.json')), 'parse');
    assert.equal(body.success, true);
    assert.equal(body.format_detected, 'chatgpt');
    assert.equal(body.conversations.length, 2);
    const first = body.parsed_thread;
    assert.equal(first.conversation_count, 2);
    assert.equal(first.title, 'Sourdough starter schedule');
    assert.equal(first.thread_id, `chatgpt-${CHATGPT_FIRST}`);
    assert.deepEqual(first.messages.map((m: any) => [m.role, m.external_id]), [['user', 'u1'], ['assistant', 'a1'], ['user', 'u2'], ['assistant', 'a3']]);
    assert.equal(first.messages[3].content, '1:1:1 by weight: starter, flour, water.');
    assert.equal(first.messages[0].timestamp, new Date(1718000010 * 1000).toISOString());
    assert.equal(first.skipped_messages, 3, 'the hidden system message, the browsing call and its output');
    assert.ok(!JSON.stringify(first.messages).includes('edited-away'), 'the abandoned branch is not the conversation');
    assert.equal(await threadCount(app), 0, 'parse stores nothing');
  });

  test('Claude export: human/assistant turns from text blocks; thinking and tools left out; text as fallback', async () => {
    const body = expectOk(await parse(app, 'conversations.json', threadFixture('claude-conversations.json')), 'parse');
    assert.equal(body.format_detected, 'claude-ai');
    const [first, empty] = body.conversations;
    assert.deepEqual(first.messages.map((m: any) => m.role), ['user', 'assistant', 'user']);
    assert.equal(first.messages[1].content, 'GIN: faster lookups, slower updates.\nUse GiST only when writes dominate.');
    assert.equal(first.messages[2].content, 'Thanks, GIN it is.');
    assert.deepEqual(first.messages[0].metadata, { attachments: ['schema.sql'] });
    assert.equal(first.messages[0].timestamp, '2024-05-02T10:00:01.000Z');
    assert.equal(empty.message_count, 0);
  });

  test('Markdown transcripts: "## User" sections and "**User:**" lines', async () => {
    const sections = expectOk(await parse(app, 'garden.md', threadFixture('transcript.md')), 'parse');
    assert.equal(sections.format_detected, 'markdown');
    assert.equal(sections.parsed_thread.title, 'Planning the garden');
    assert.deepEqual(sections.parsed_thread.messages.map((m: any) => m.role), ['user', 'assistant', 'user', 'assistant']);
    const bold = expectOk(await parse(app, 'bike.md', threadFixture('transcript-bold.md')), 'parse');
    assert.equal(bold.parsed_thread.messages.length, 4);
    assert.match(bold.parsed_thread.messages[3].content, /Replace the chain/);
  });

  test('content that holds no conversation is success: false with the reason; an unknown source is 422', async () => {
    const json = expectOk(await parse(app, 'data.json', threadFixture('not-an-export.json')), 'parse');
    assert.equal(json.success, false);
    assert.equal(json.parsed_thread, null);
    assert.match(json.error, /No conversation found/);
    const asChatGpt = expectOk(await parse(app, 'x.json', threadFixture('claude-conversations.json'), 'chatgpt'), 'parse');
    assert.equal(asChatGpt.success, false);
    assert.match(asChatGpt.error, /Not a ChatGPT export/);
    assert.deepEqual(validationLocs(await parse(app, 'x.md', '## User\nhi', 'myspace-app')), ['body.source']);
    assert.deepEqual(validationLocs(await post(app, '/threads/parse', { file_name: 'x.md' })), ['body.file_content']);
  });

  test('pasted content is bounded: a body over 16 MiB is 413 and nothing is parsed', async () => {
    const tooLarge = await parse(app, 'big.md', `## User\n${'x'.repeat(17 * 1024 * 1024)}`);
    assert.deepEqual([tooLarge.status, tooLarge.body.error_code], [413, 'body_too_large']);
  });
});

describe('importing conversation files (POST /threads/conversations/preview, import, export-raw)', () => {
  let fx: ThreadFileHome;
  let app: App;
  beforeEach(async () => void ({ fx, app } = await openAppWithHome(makeThreadFileHome)));
  afterEach(() => closeAppWithHome({ fx, app }));

  test('a ChatGPT export: preview writes nothing; import makes one thread per conversation; importing again adds nothing', async () => {
    const path = fx.place('chatgpt-conversations.json', 'Downloads/chatgpt/conversations.json');
    const preview = expectOk(await post(app, '/threads/conversations/preview', { path, source: 'chatgpt' }), 'preview');
    assert.deepEqual([preview.format, preview.conversation_count, preview.message_count, preview.new_message_count], ['chatgpt', 2, 6, 6]);
    assert.equal(await threadCount(app), 0);

    const imported = expectOk(await post(app, '/threads/conversations/import', { path, source: 'chatgpt' }), 'import');
    assert.equal(imported.thread.thread_id, `chatgpt-${CHATGPT_FIRST}`);
    assert.equal(imported.thread.source, 'chatgpt');
    assert.equal(imported.messages.length, 4);
    assert.equal(imported.messages[0].timestamp, new Date(1718000010 * 1000).toISOString());
    assert.deepEqual(imported.threads.map((t: any) => [t.thread_id, t.action, t.messages_added]), [
      [`chatgpt-${CHATGPT_FIRST}`, 'created', 4],
      [`chatgpt-${CHATGPT_SECOND}`, 'created', 2],
    ]);
    assert.equal(imported.skipped_messages, 3);

    const again = expectOk(await post(app, '/threads/conversations/import', { path, source: 'auto' }), 'import again');
    assert.deepEqual([again.imported_count, again.messages_added], [0, 0]);
    assert.deepEqual(again.threads.map((t: any) => t.action), ['unchanged', 'unchanged']);
    assert.equal(await threadCount(app), 2);
    assert.equal(expectOk(await get(app, `/threads/chatgpt-${CHATGPT_FIRST}`), 'get').message_count, 4);
    const after = expectOk(await post(app, '/threads/conversations/preview', { path, source: 'chatgpt' }), 'preview after');
    assert.equal(after.new_message_count, 0);
    assert.ok(after.conversations.every((c: any) => c.already_imported));
  });

  test('a Claude export that grew: the re-import appends only the new message; the empty conversation is a warning', async () => {
    const path = fx.place('claude-conversations.json', 'Downloads/conversations.json');
    const first = expectOk(await post(app, '/threads/conversations/import', { path, source: 'claude-ai' }), 'import');
    assert.equal(first.threads.length, 1);
    assert.match(first.warnings[0], /has no messages/);
    const grown = JSON.parse(threadFixture('claude-conversations.json'));
    grown[0].chat_messages.push({ uuid: 'm-0004', sender: 'assistant', text: 'Glad to help.', content: [], created_at: '2024-05-02T10:05:00Z' });
    writeFileSync(path, JSON.stringify(grown));
    const second = expectOk(await post(app, '/threads/conversations/import', { path, source: 'claude-ai' }), 'import grown');
    assert.deepEqual(second.threads.map((t: any) => [t.action, t.messages_added, t.message_count]), [['appended', 1, 4]]);
    const thread = expectOk(await get(app, `/threads/claude-ai-${CLAUDE_FIRST}`), 'get');
    assert.deepEqual(thread.messages.map((m: any) => m.content.slice(0, 6)), ['Should', 'GIN: f', 'Thanks', 'Glad t']);
  });

  test('session_id picks one conversation of an export; thread_id_override names its thread; Markdown keeps its id by path', async () => {
    const path = fx.place('chatgpt-conversations.json', 'Downloads/conversations.json');
    const one = expectOk(await post(app, '/threads/conversations/import', { path, source: 'chatgpt', session_id: CHATGPT_SECOND, thread_id_override: 'lisbon' }), 'import one');
    assert.deepEqual(one.threads.map((t: any) => t.thread_id), ['lisbon']);
    assert.equal((await post(app, '/threads/conversations/import', { path, source: 'chatgpt', session_id: 'nope' })).body.error_code, 'conversation_not_found');
    assert.deepEqual(validationLocs(await post(app, '/threads/conversations/import', { path, source: 'chatgpt', thread_id_override: 'both' })), ['body.thread_id_override']);

    const md = fx.place('transcript.md', 'notes/garden.md');
    const a = expectOk(await post(app, '/threads/conversations/import', { path: md, source: 'markdown' }), 'md');
    const b = expectOk(await post(app, '/threads/conversations/import', { path: 'notes/garden.md', source: 'auto' }), 'md again, relative to the home');
    assert.equal(a.thread.thread_id, b.thread.thread_id);
    assert.match(a.thread.thread_id, /^markdown-[0-9a-f]{16}$/);
    assert.equal(b.messages_added, 0);
    assert.equal(a.thread.title, 'Planning the garden');
  });

  test('a file whose name starts with two dots is inside the home, not an escape', async () => {
    const path = fx.place('chatgpt-conversations.json', '..chatgpt-export.json');
    const preview = await post(app, '/threads/conversations/preview', { path, source: 'chatgpt' });
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.body.conversation_count, 2);
  });

  test('bad files are 4xx and import nothing: malformed 422, outside the home 403, missing 404, unknown source 422', async () => {
    const junk = fx.place('not-an-export.json', 'Downloads/conversations.json');
    const malformed = await post(app, '/threads/conversations/import', { path: junk, source: 'chatgpt' });
    assert.equal(malformed.status, 422);
    assert.match(JSON.stringify(malformed.body.detail), /Not a ChatGPT export/);
    const truncated = join(fx.home, 'Downloads', 'cut.json');
    writeFileSync(truncated, threadFixture('chatgpt-conversations.json').slice(0, 2000));
    assert.equal((await post(app, '/threads/conversations/import', { path: truncated, source: 'auto' })).status, 422);

    copyFileSync(junk, join(fx.outside, 'conversations.json'));
    const outside = await post(app, '/threads/conversations/import', { path: join(fx.outside, 'conversations.json'), source: 'chatgpt' });
    assert.deepEqual([outside.status, outside.body.error_code], [403, 'path_outside_root']);
    assert.equal((await post(app, '/threads/conversations/preview', { path: '../outside/conversations.json', source: 'chatgpt' })).status, 403);
    symlinkSync(join(fx.outside, 'conversations.json'), join(fx.home, 'link.json'));
    assert.equal((await post(app, '/threads/conversations/import', { path: join(fx.home, 'link.json'), source: 'chatgpt' })).status, 403);
    const missing = await post(app, '/threads/conversations/import', { path: join(fx.home, 'none.json'), source: 'chatgpt' });
    assert.deepEqual([missing.status, missing.body.error_code], [404, 'file_not_found']);
    assert.deepEqual(validationLocs(await post(app, '/threads/conversations/import', { path: junk, source: 'myspace' })), ['body.source']);
    assert.deepEqual(validationLocs(await post(app, '/threads/conversations/import', { source: 'chatgpt' })), ['body.path']);
    assert.equal(await threadCount(app), 0);
  });

  test('export-raw reads a file as Markdown or JSON without importing', async () => {
    const path = fx.place('claude-conversations.json', 'Downloads/conversations.json');
    const md = expectOk(await post(app, '/threads/conversations/export-raw', { path, source: 'claude-ai', session_id: CLAUDE_FIRST }), 'markdown');
    assert.equal(md.format, 'markdown');
    assert.match(md.content, /## User\n[\s\S]*GIN or GiST[\s\S]*## Assistant/);
    const json = expectOk(await post(app, '/threads/conversations/export-raw', { path, source: 'claude-ai', format: 'json' }), 'json');
    assert.equal(json.conversations.length, 2);
    assert.equal(json.conversations[0].messages.length, 3);
    assert.deepEqual(validationLocs(await post(app, '/threads/conversations/export-raw', { path, source: 'claude-ai', format: 'pdf' })), ['body.format']);
    assert.equal(await threadCount(app), 0);
  });
});

describe('a thread out and its coverage (GET /threads/{id}/export, /coverage)', () => {
  let fx: ThreadFileHome;
  let app: App;
  beforeEach(async () => void ({ fx, app } = await openAppWithHome(makeThreadFileHome)));
  afterEach(() => closeAppWithHome({ fx, app }));

  test('Markdown export reads back through /threads/parse to the same messages; JSON and HTML too', async () => {
    const messages = [
      { role: 'user', content: 'Is <b>bold</b> escaped?', timestamp: '2025-01-02T03:04:05.000Z' },
      { role: 'assistant', content: 'Yes & it stays text.', timestamp: '2025-01-02T03:05:00.000Z' },
    ];
    expectOk(await post(app, '/threads', { thread_id: 't-export', title: 'Escapes', messages, metadata: { k: 'v' } }), 'create');
    const md = expectOk(await get(app, '/threads/t-export/export?format=markdown'), 'markdown');
    const back = expectOk(await parse(app, 'export.md', md.content), 'parse back');
    assert.deepEqual(back.parsed_thread.messages.map((m: any) => [m.role, m.content]), messages.map(m => [m.role, m.content]));
    assert.match(md.content, /^---\ntitle: "Escapes"\nsource: "api"\ndate: "2025-01-02T03:04:05.000Z"/);
    assert.equal(back.parsed_thread.title, 'Escapes');
    const json = expectOk(await get(app, '/threads/t-export/export'), 'json');
    assert.equal(json.messages.length, 2);
    assert.deepEqual(json.thread.metadata, { k: 'v' });
    assert.deepEqual(expectOk(await get(app, '/threads/t-export/export?include_metadata=false'), 'bare').thread.metadata, {});
    const html = expectOk(await get(app, '/threads/t-export/export?format=html'), 'html');
    assert.match(html.content, /Is &lt;b&gt;bold&lt;\/b&gt; escaped\?/);
    assert.deepEqual(validationLocs(await get(app, '/threads/t-export/export?format=pdf')), ['query.format']);
    assert.equal((await get(app, '/threads/nope/export')).status, 404);
  });

  test('coverage: held against the source file, with the runs of messages the thread lacks', async () => {
    const path = fx.place('claude-conversations.json', 'Downloads/conversations.json');
    expectOk(await post(app, '/threads/conversations/import', { path, source: 'claude-ai' }), 'import');
    const id = `claude-ai-${CLAUDE_FIRST}`;
    const synced = expectOk(await get(app, `/threads/${id}/coverage`), 'coverage');
    assert.deepEqual([synced.total_messages, synced.memories, synced.covered_messages], [3, 0, 0]);
    assert.deepEqual([synced.first_message_at, synced.last_message_at], ['2024-05-02T10:00:01.000Z', '2024-05-02T10:04:00.000Z']);
    assert.deepEqual([synced.source.status, synced.source.message_count, synced.source.missing_messages, synced.source.gaps], ['checked', 3, 0, []]);

    const grown = JSON.parse(threadFixture('claude-conversations.json'));
    grown[0].chat_messages.push(
      { uuid: 'm-0004', sender: 'assistant', text: 'One more.', created_at: '2024-05-02T10:05:00Z' },
      { uuid: 'm-0005', sender: 'human', text: 'And another.', created_at: '2024-05-02T10:06:00Z' },
    );
    writeFileSync(path, JSON.stringify(grown));
    const behind = expectOk(await get(app, `/threads/${id}/coverage`), 'coverage behind');
    assert.equal(behind.source.missing_messages, 2);
    assert.deepEqual(behind.source.gaps, [{ from_index: 3, to_index: 4, count: 2, first_timestamp: '2024-05-02T10:05:00.000Z', last_timestamp: '2024-05-02T10:06:00.000Z' }]);

    expectOk(await post(app, '/threads', { thread_id: 'plain', messages: [{ role: 'user', content: 'hi' }] }), 'create');
    assert.equal(expectOk(await get(app, '/threads/plain/coverage'), 'plain').source, null);
    assert.equal((await get(app, '/threads/nope/coverage')).status, 404);
  });
});
