import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, get, post, put, validationLocs } from '../../../../test/helpers.ts';

const msg = (role: string, content: string) => ({ role, content });

describe('thread search (GET /threads/search)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    await post(app, '/threads', {
      thread_id: 'pg', title: 'Postgres tuning', source: 'alma',
      messages: [msg('user', 'How large should shared_buffers be on a 16 GB server?'), msg('assistant', 'About a quarter of memory: 4 GB of shared buffers.')],
    });
    await post(app, '/threads', {
      thread_id: 'trip', title: 'Lisbon trip', source: 'pi',
      messages: [msg('user', 'Plan three days in Lisbon with a day trip to Sintra.'), msg('assistant', 'Day one: Alfama and the castle. Day two: Sintra.')],
    });
    await post(app, '/threads', {
      thread_id: 'db', title: 'Database choice', source: 'alma',
      messages: [msg('user', 'Should the side project use SQLite or Postgres?'), msg('assistant', 'SQLite until you need concurrent writers.')],
    });
    await post(app, '/threads', { thread_id: 'elsewhere', space_id: 'work', title: 'Postgres at work', messages: [msg('user', 'postgres replication lag')] });
    await post(app, '/threads', { thread_id: 'cjk', title: '数据库', messages: [msg('user', '我们应该使用哪个数据库引擎来存储日志')] });
  });
  after(() => app.close());

  test('full mode returns the matching threads of the space, best first, with matched snippets', async () => {
    const found = await get(app, '/threads/search?query=postgres%20shared%20buffers');
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.threads.map((t: any) => t.thread_id), ['pg', 'db']);
    const best = found.body.threads[0];
    assert.equal(best.title, 'Postgres tuning');
    assert.ok(best.score > found.body.threads[1].score);
    assert.ok(best.score > 0 && best.score <= 1);
    assert.ok(best.matched_messages.length >= 1);
    assert.match(best.matched_messages[0].snippet, /shared_buffers|shared buffers/);
    assert.equal(typeof best.matched_messages[0].message_id, 'string');
    assert.equal(found.body.total_found, 2);
    assert.equal(found.body.search_metadata.mode, 'full');
    assert.equal(found.body.search_metadata.query, 'postgres shared buffers');
    assert.ok(found.body.search_metadata.matched_messages_count >= 3);
  });

  test('stemming matches other word forms; nothing matching gives an empty list', async () => {
    const planned = await get(app, '/threads/search?query=planning%20trips');
    assert.deepEqual(planned.body.threads.map((t: any) => t.thread_id), ['trip']);
    const none = await get(app, '/threads/search?query=kubernetes');
    assert.deepEqual(none.body.threads, []);
    assert.equal(none.body.total_found, 0);
  });

  test('suggestions mode returns only thread_id, title, source and score, and completes a half-typed word', async () => {
    const typed = await get(app, '/threads/search?query=lisb&mode=suggestions');
    assert.deepEqual(typed.body.threads, [{ thread_id: 'trip', title: 'Lisbon trip', source: 'pi', score: typed.body.threads[0].score }]);
    assert.ok(typed.body.threads[0].score > 0);
    assert.equal(typed.body.search_metadata.mode, 'suggestions');
  });

  test('source and space_id narrow the search; limit bounds it', async () => {
    const pi = await get(app, '/threads/search?query=postgres&source=pi');
    assert.deepEqual(pi.body.threads, []);
    const work = await get(app, '/threads/search?query=postgres&space_id=work');
    assert.deepEqual(work.body.threads.map((t: any) => t.thread_id), ['elsewhere']);
    const one = await get(app, '/threads/search?query=postgres&limit=1');
    assert.equal(one.body.threads.length, 1);
    assert.equal(one.body.total_found, 2);
  });

  test('CJK text is found by substring', async () => {
    const found = await get(app, `/threads/search?query=${encodeURIComponent('数据库引擎')}`);
    assert.deepEqual(found.body.threads.map((t: any) => t.thread_id), ['cjk']);
  });

  test('bounds and enums: query required, limit 1..500, mode suggestions|full', async () => {
    assert.deepEqual(validationLocs(await get(app, '/threads/search')), ['query.query']);
    assert.deepEqual(validationLocs(await get(app, '/threads/search?query=%20')), ['query.query']);
    assert.deepEqual(validationLocs(await get(app, '/threads/search?query=x&limit=0')), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, '/threads/search?query=x&limit=501')), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, '/threads/search?query=x&mode=fuzzy')), ['query.mode']);
    assert.equal((await get(app, '/threads/search?query=x&limit=500')).status, 200);
  });

  test('a query of punctuation or stop words only finds nothing rather than failing', async () => {
    const odd = await get(app, `/threads/search?query=${encodeURIComponent('"the" AND (or) *')}`);
    assert.equal(odd.status, 200);
    assert.deepEqual(odd.body.threads, []);
  });
});

describe('summaries, sources and favorites', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    for (const [id, source] of [['a', 'alma'], ['b', 'alma'], ['c', 'hermes']]) {
      await post(app, '/threads', { thread_id: id, title: `Thread ${id}`, source, messages: [msg('user', `hello ${id}`), msg('assistant', 'hi')] });
    }
    await post(app, '/threads', { thread_id: 'w', title: 'Work thread', source: 'alma', space_id: 'work', messages: [msg('user', 'x')] });
  });
  after(() => app.close());

  test('summaries list every thread of the space with its title', async () => {
    const summaries = await get(app, '/threads/summaries');
    assert.deepEqual(summaries.body.summaries.map((s: any) => s.thread_id).sort(), ['a', 'b', 'c']);
    assert.equal(summaries.body.summaries[0].title.startsWith('Thread '), true);
    assert.deepEqual((await get(app, '/threads/summaries?space_id=work')).body.summaries.map((s: any) => s.title), ['Work thread']);
  });

  test('sources count threads (and messages) per source over the whole space, most threads first', async () => {
    const sources = await get(app, '/threads/sources');
    assert.deepEqual(
      sources.body.sources.map((s: any) => [s.source, s.thread_count, s.message_count]),
      [['alma', 2, 4], ['hermes', 1, 2]],
    );
    assert.deepEqual((await get(app, '/threads/sources?space_id=work')).body.sources.map((s: any) => s.thread_count), [1]);
  });

  test('a favorite thread is listed in /favorites/threads until unfavorited', async () => {
    const set = await post(app, '/threads/b/favorite?is_favorite=true');
    assert.equal(set.status, 200);
    assert.equal(typeof set.body.message, 'string');
    await post(app, '/threads/w/favorite?is_favorite=true&space_id=work');
    const favorites = await get(app, '/favorites/threads');
    assert.deepEqual(favorites.body.map((t: any) => t.id), ['w', 'b']);
    assert.equal(favorites.body[1].is_favorite, true);
    assert.equal(favorites.body[1].messages, 2);
    assert.equal((await get(app, '/threads/b')).body.thread.is_favorite, true);
    await post(app, '/threads/b/favorite?is_favorite=false');
    assert.deepEqual((await get(app, '/favorites/threads')).body.map((t: any) => t.id), ['w']);
    assert.deepEqual((await get(app, '/favorites/threads?limit=1')).body.length, 1);
  });

  test('favorite: unknown thread 404, is_favorite required, limit 1..100', async () => {
    assert.equal((await post(app, '/threads/nope/favorite?is_favorite=true')).body.error_code, 'thread_not_found');
    assert.deepEqual(validationLocs(await post(app, '/threads/a/favorite')), ['query.is_favorite']);
    assert.deepEqual(validationLocs(await post(app, '/threads/a/favorite?is_favorite=maybe')), ['query.is_favorite']);
    assert.deepEqual(validationLocs(await get(app, '/favorites/threads?limit=101')), ['query.limit']);
  });
});

describe('importing threads (POST /threads/import)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('single mode with JSON messages generates a thread_id when none is given', async () => {
    const imported = await post(app, '/threads/import', { title: 'My Conversation', messages: [msg('user', 'Hello!'), msg('assistant', 'Hi there!')] });
    assert.equal(imported.status, 200);
    assert.equal(imported.body.success, true);
    assert.equal(imported.body.imported_count, 1);
    const [result] = imported.body.results;
    assert.equal(result.message_count, 2);
    const thread = await get(app, `/threads/${result.thread_id}`);
    assert.equal(thread.body.title, 'My Conversation');
    assert.equal(thread.body.source, 'import');
  });

  test('markdown mode reads ## User / ## Assistant sections and takes the title from front matter', async () => {
    const markdown = '---\ntitle: Python Async Patterns\nsource: chatgpt\ndate: 2025-06-15\n---\n\n## User\n\ngather or create_task?\n\n## Assistant\n\n```python\n## User\nawait asyncio.gather(a(), b())\n```\n\nUse gather when you need every result.\n';
    const imported = await post(app, '/threads/import', { thread_id: 'md-1', markdown_content: markdown });
    assert.deepEqual(imported.body.results[0], {
      success: true, thread_id: 'md-1', title: 'Python Async Patterns', message_count: 2, error: null, error_code: null,
      append_mode: 'created', messages_added: 2, duplicates_skipped: 0,
    });
    const thread = await get(app, '/threads/md-1');
    assert.equal(thread.body.source, 'chatgpt');
    assert.match(thread.body.messages[1].content, /^```python\n## User/);
    assert.equal(thread.body.thread.metadata.front_matter.date, '2025-06-15');
  });

  test('batch mode imports each thread on its own: an empty one fails alone, a known id is appended to', async () => {
    await post(app, '/threads', { thread_id: 'taken', messages: [] });
    const batch = await post(app, '/threads/import', {
      threads: [
        { thread_id: 'b-1', title: 'One', messages: [msg('user', 'one')] },
        { thread_id: 'taken', messages: [msg('user', 'more')] },
        { title: 'Two', markdown_content: '## User\n\ntwo\n\n## Assistant\n\n2' },
        { title: 'Nothing' },
      ],
    });
    assert.equal(batch.status, 200);
    assert.equal(batch.body.success, false);
    assert.equal(batch.body.imported_count, 3);
    assert.equal(batch.body.failed_count, 1);
    assert.deepEqual(batch.body.results.map((r: any) => r.success), [true, true, true, false]);
    assert.equal(batch.body.results[3].error_code, 'nothing_to_import');
    assert.equal((await get(app, '/threads/taken')).body.message_count, 1);
  });

  test('single mode with nothing to import, or markdown without sections, is a 422', async () => {
    assert.deepEqual(validationLocs(await post(app, '/threads/import', { title: 'empty' })), ['body']);
    assert.deepEqual(validationLocs(await post(app, '/threads/import', { markdown_content: 'just notes' })), ['body']);
    assert.deepEqual(validationLocs(await post(app, '/threads/import', { messages: [{ role: 'user' }] })), ['body.messages.0.content']);
  });
});

describe('import configuration', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('defaults as the reference, partial updates keep the rest', async () => {
    const initial = await get(app, '/threads/import-config');
    assert.deepEqual(initial.body, {
      hidden_projects: [], hidden_sessions: [], auto_import_rules: [], watcher_enabled: false, show_hidden_by_default: false,
      dedup_window_seconds: 60, watched_platforms: [], watched_projects: [], cursor_poll_interval: 30,
    });
    const updated = await put(app, '/threads/import-config', {
      watcher_enabled: true,
      watched_platforms: ['claude', 'codex'],
      auto_import_rules: [{ id: 'r1', type: 'project', value: '-home-dev-cairn' }],
      dedup_window_seconds: null,
    });
    assert.equal(updated.body.watcher_enabled, true);
    assert.equal(updated.body.dedup_window_seconds, 60);
    assert.deepEqual(updated.body.auto_import_rules, [{ id: 'r1', type: 'project', value: '-home-dev-cairn', enabled: true, created_at: null }]);
    assert.deepEqual((await get(app, '/threads/import-config')).body, updated.body);
    assert.equal((await put(app, '/threads/import-config')).status, 200);
  });

  test('hide and unhide a project; repeating either changes nothing more', async () => {
    const hidden = await post(app, '/threads/import-config/hide-project?project_encoded=-home-dev-secret');
    assert.equal(hidden.status, 200);
    assert.equal(hidden.body.changed, true);
    assert.equal((await post(app, '/threads/import-config/hide-project?project_encoded=-home-dev-secret')).body.changed, false);
    assert.deepEqual((await get(app, '/threads/import-config')).body.hidden_projects, ['-home-dev-secret']);
    await post(app, '/threads/import-config/unhide-project?project_encoded=-home-dev-secret');
    assert.deepEqual((await get(app, '/threads/import-config')).body.hidden_projects, []);
  });

  test('bad values are 422: unknown rule types, negative windows, a missing project', async () => {
    assert.deepEqual(validationLocs(await put(app, '/threads/import-config', { auto_import_rules: [{ id: 'r', type: 'regex', value: 'x' }] })), ['body.auto_import_rules.0.type']);
    assert.deepEqual(validationLocs(await put(app, '/threads/import-config', { dedup_window_seconds: -1 })), ['body.dedup_window_seconds']);
    assert.deepEqual(validationLocs(await put(app, '/threads/import-config', { watcher_enabled: 'on' })), ['body.watcher_enabled']);
    assert.deepEqual(validationLocs(await post(app, '/threads/import-config/hide-project')), ['query.project_encoded']);
  });
});
