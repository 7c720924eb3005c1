import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, call, del, get, post, validationLocs } from '../../../../test/helpers.ts';

let counter = 0;
const uniqueId = (prefix = 'thread') => `${prefix}-${++counter}-${Date.now()}`;
const msg = (role: string, content: string, extra: Record<string, unknown> = {}) => ({ role, content, ...extra });

describe('creating threads (POST /threads)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('the acknowledgement echoes thread.thread_id and an integer thread.message_count', async () => {
    const id = uniqueId();
    const created = await post(app, '/threads', { thread_id: id, title: 'Planning', source: 'alma', messages: [msg('user', 'hi'), msg('assistant', 'hello')] });
    assert.equal(created.status, 200);
    assert.equal(created.body.thread.thread_id, id);
    assert.equal(created.body.thread.message_count, 2);
    assert.ok(Number.isInteger(created.body.thread.message_count));
    assert.equal(created.body.thread.source, 'alma');
    assert.equal(created.body.thread.space_id, 'default');
    assert.deepEqual(created.body.messages.map((m: any) => [m.role, m.content, m.order_index]), [['user', 'hi', 0], ['assistant', 'hello', 1]]);
    assert.equal(created.body.auto_extraction_performed, false);
  });

  test('a thread_id the space already has is a 409 thread_exists, and nothing changes', async () => {
    const id = uniqueId();
    await post(app, '/threads', { thread_id: id, messages: [msg('user', 'first')] });
    const again = await post(app, '/threads', { thread_id: id, messages: [msg('user', 'second'), msg('user', 'third')] });
    assert.equal(again.status, 409);
    assert.equal(again.body.error_code, 'thread_exists');
    assert.match(again.body.detail, /already exists/);
    assert.equal((await get(app, `/threads/${id}`)).body.message_count, 1);
  });

  test('the same thread_id may exist once per space; reads without space_id mean the default space', async () => {
    const id = uniqueId();
    assert.equal((await post(app, '/threads', { thread_id: id, space_id: 'work', messages: [msg('user', 'in work')] })).status, 200);
    assert.equal((await get(app, `/threads/${id}`)).status, 404);
    assert.equal((await post(app, '/threads', { thread_id: id, messages: [msg('user', 'in default')] })).status, 200);
    assert.equal((await get(app, `/threads/${id}?space_id=work`)).body.messages[0].content, 'in work');
    assert.equal((await get(app, `/threads/${id}`)).body.messages[0].content, 'in default');
  });

  test('a thread without a title is named after its first user message', async () => {
    const id = uniqueId();
    const created = await post(app, '/threads', { thread_id: id, messages: [msg('system', 'Be brief.'), msg('user', 'Which espresso grinder should I buy?')] });
    assert.equal(created.body.thread.title, 'Which espresso grinder should I buy?');
  });

  test('bad input is a 422: missing thread_id or messages, a message without role, an unreadable timestamp', async () => {
    assert.deepEqual(validationLocs(await post(app, '/threads', { messages: [] })), ['body.thread_id']);
    assert.deepEqual(validationLocs(await post(app, '/threads', { thread_id: uniqueId() })), ['body.messages']);
    assert.deepEqual(validationLocs(await post(app, '/threads', { thread_id: uniqueId(), messages: [{ content: 'x' }] })), ['body.messages.0.role']);
    assert.deepEqual(
      validationLocs(await post(app, '/threads', { thread_id: uniqueId(), messages: [msg('user', 'x', { timestamp: 'yesterday-ish' })] })),
      ['body.messages.0.timestamp'],
    );
    assert.deepEqual(validationLocs(await post(app, '/threads', { thread_id: 5, messages: [] })), ['body.thread_id']);
    assert.deepEqual(validationLocs(await call(app, 'POST', '/threads', '{"thread_id": ')), ['body']);
  });
});

describe('appending (POST /threads/{id}/append): the acknowledgement rules capture clients rely on', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('an unknown thread is a 404 thread_not_found', async () => {
    const missing = await post(app, `/threads/${uniqueId()}/append`, { messages: [msg('user', 'x')], expected_message_count: 0, idempotency_key: 'k' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'thread_not_found');
    assert.match(missing.body.detail, /Thread not found/);
  });

  test('create, checkpoint, replay, duplicate and conflict: exact messages survive once', async () => {
    const id = uniqueId('contract');
    const [first, second] = ['user', 'assistant'].map(role => ({ role, content: `${id} ${role}`, external_id: `${id}-${role}` }));
    const created = await post(app, '/threads', { thread_id: id, title: id, source: 'alma', messages: [first] });
    assert.equal(created.body.thread.message_count, 1);

    const body = { messages: [second], expected_message_count: 1, idempotency_key: `${id}-append` };
    for (const label of ['checkpoint', 'repeat key']) {
      const ack = await post(app, `/threads/${id}/append`, body);
      assert.equal(ack.status, 200, label);
      assert.equal(ack.body.success, true, label);
      assert.equal(ack.body.append_mode, 'checkpointed', label);
      assert.equal(ack.body.total_messages, 2, label);
      assert.equal(ack.body.messages_added, 1, label);
    }
    const duplicate = await post(app, `/threads/${id}/append`, { ...body, idempotency_key: `${id}-duplicate` });
    assert.equal(duplicate.status, 200);
    assert.equal(duplicate.body.messages_added, 0);
    assert.equal(duplicate.body.total_messages, 2);
    assert.equal(duplicate.body.append_mode, 'checkpointed');

    const conflict = await post(app, `/threads/${id}/append`, {
      ...body,
      messages: [{ role: 'assistant', content: `${id} new`, external_id: `${id}-new` }],
      idempotency_key: `${id}-conflict`,
    });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.error_code, 'checkpoint_conflict');
    assert.equal(conflict.body.total_messages, 2);

    const stored = (await get(app, `/threads/${id}`)).body.messages;
    assert.deepEqual(stored.map((m: any) => ({ role: m.role, content: m.content })), [first, second].map(({ role, content }) => ({ role, content })));
  });

  test('a matching checkpoint appends; the next checkpoint counts what was added', async () => {
    const id = uniqueId();
    await post(app, '/threads', { thread_id: id, messages: [] });
    const one = await post(app, `/threads/${id}/append`, { messages: [msg('user', 'a'), msg('assistant', 'b')], expected_message_count: 0 });
    assert.deepEqual([one.body.messages_added, one.body.total_messages, one.body.append_mode], [2, 2, 'checkpointed']);
    const two = await post(app, `/threads/${id}/append`, { messages: [msg('user', 'c')], expected_message_count: 2 });
    assert.deepEqual([two.body.messages_added, two.body.total_messages], [1, 3]);
    assert.deepEqual((await get(app, `/threads/${id}`)).body.messages.map((m: any) => m.order_index), [0, 1, 2]);
  });

  test('deduplication: same role and content is skipped, unless external ids differ; deduplicate=false keeps everything', async () => {
    const id = uniqueId();
    await post(app, '/threads', { thread_id: id, messages: [msg('user', 'hello'), msg('assistant', 'hi', { metadata: { external_id: 'x1' } })] });
    const resent = await post(app, `/threads/${id}/append`, { messages: [msg('user', 'hello'), msg('assistant', 'hi'), msg('user', 'new one')] });
    assert.equal(resent.body.messages_added, 1);
    assert.equal(resent.body.duplicates_skipped, 2);
    assert.equal(resent.body.append_mode, 'deduplicated');
    const otherId = await post(app, `/threads/${id}/append`, { messages: [msg('assistant', 'hi', { external_id: 'x2' })] });
    assert.equal(otherId.body.messages_added, 1);
    const forced = await post(app, `/threads/${id}/append`, { messages: [msg('user', 'hello')], deduplicate: false });
    assert.equal(forced.body.messages_added, 1);
    assert.equal(forced.body.total_messages, 5);
  });

  test('an idempotency key derives stable external ids, so a retry with the same key adds nothing even without dedup', async () => {
    const id = uniqueId();
    await post(app, '/threads', { thread_id: id, messages: [] });
    const body = { messages: [msg('user', 'once')], idempotency_key: 'retry-1', deduplicate: false };
    const first = await post(app, `/threads/${id}/append`, body);
    const retry = await post(app, `/threads/${id}/append`, body);
    assert.equal(first.body.messages_added, 1);
    assert.deepEqual(retry.body.message_ids, first.body.message_ids);
    assert.equal(retry.body.idempotent_replay, true);
    const thread = (await get(app, `/threads/${id}`)).body;
    assert.equal(thread.message_count, 1);
    assert.equal(thread.messages[0].external_id, 'retry-1:0');
  });

  test('the body must carry messages; file_path appends are refused; bad counts are 422', async () => {
    const id = uniqueId();
    await post(app, '/threads', { thread_id: id, messages: [] });
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/append`, {})), ['body.messages']);
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/append`, { file_path: '/etc/passwd' })), ['body.file_path']);
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/append`, { messages: [], expected_message_count: -1 })), ['body.expected_message_count']);
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/append`, { messages: [], deduplicate: 'yes' })), ['body.deduplicate']);
  });

  test('concurrent appends keep their own outcomes and a gapless order', async () => {
    const ids = [uniqueId('a'), uniqueId('b')];
    for (const id of ids) await post(app, '/threads', { thread_id: id, messages: [] });
    const requests = [
      ...Array.from({ length: 10 }, (_, i) => post(app, `/threads/${ids[0]}/append`, { messages: [msg('user', `a${i}`)] })),
      ...Array.from({ length: 5 }, (_, i) => post(app, `/threads/${ids[1]}/append`, { messages: [msg('user', `b${i}`), msg('assistant', `b${i}!`)] })),
      post(app, `/threads/${uniqueId('missing')}/append`, { messages: [msg('user', 'lost')] }),
      post(app, `/threads/${ids[1]}/append`, { messages: [msg('user', 'stale')], expected_message_count: 99 }),
    ];
    const responses = await Promise.all(requests);
    assert.deepEqual(responses.map(r => r.status), [...Array(15).fill(200), 404, 409]);
    assert.deepEqual(responses.slice(0, 10).map(r => r.body.total_messages).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const [id, count] of [[ids[0], 10], [ids[1], 10]] as const) {
      const thread = (await get(app, `/threads/${id}`)).body;
      assert.equal(thread.message_count, count);
      assert.deepEqual(thread.messages.map((m: any) => m.order_index), Array.from({ length: count }, (_, i) => i));
    }
  });

  test('space_id guards the append: a thread of another space is not found', async () => {
    const id = uniqueId();
    await post(app, '/threads', { thread_id: id, space_id: 'team', messages: [] });
    assert.equal((await post(app, `/threads/${id}/append`, { messages: [msg('user', 'x')] })).status, 404);
    assert.equal((await post(app, `/threads/${id}/append`, { messages: [msg('user', 'x')], space_id: 'team' })).status, 200);
    assert.equal((await post(app, `/threads/${id}/append?space_id=team`, { messages: [msg('user', 'y')] })).body.total_messages, 2);
  });
});

describe('reading, listing and deleting threads', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('GET /threads/{id} pages messages and carries thread_id, title, source and message_count at the top level', async () => {
    const id = uniqueId();
    const messages = Array.from({ length: 7 }, (_, i) => msg(i % 2 ? 'assistant' : 'user', `message ${i}`, { timestamp: `2025-01-01T10:0${i}:00Z` }));
    await post(app, '/threads', { thread_id: id, title: 'Paged', source: 'pi', messages });
    const page = await get(app, `/threads/${id}?limit=3&offset=2`);
    assert.equal(page.status, 200);
    assert.deepEqual([page.body.thread_id, page.body.title, page.body.source, page.body.message_count], [id, 'Paged', 'pi', 7]);
    assert.equal(page.body.total_messages, 7);
    assert.deepEqual(page.body.messages.map((m: any) => m.content), ['message 2', 'message 3', 'message 4']);
    assert.equal(page.body.messages[0].timestamp, '2025-01-01T10:02:00.000Z');
    assert.equal(page.body.has_more, true);
    assert.equal((await get(app, `/threads/${id}`)).body.messages.length, 7);
    assert.deepEqual(validationLocs(await get(app, `/threads/${id}?limit=501`)), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, `/threads/${id}?limit=0`)), ['query.limit']);
    assert.equal((await get(app, `/threads/${uniqueId()}`)).body.error_code, 'thread_not_found');
  });

  test('GET /threads lists the space newest activity first, filters by source, and paginates', async () => {
    const space = uniqueId('space');
    let tick = Date.parse('2026-01-01T00:00:00Z');
    const clock = app.deps.clock.now;
    app.deps.clock.now = () => new Date((tick += 1000)).toISOString();
    for (const [n, source] of [[1, 'alma'], [2, 'pi'], [3, 'alma']] as const) {
      await post(app, '/threads', { thread_id: `t${n}`, source, space_id: space, messages: [msg('user', `m${n}`)] });
    }
    await post(app, `/threads/t1/append?space_id=${space}`, { messages: [msg('user', 'latest activity')] });
    app.deps.clock.now = clock;
    const all = await get(app, `/threads?space_id=${space}`);
    assert.deepEqual(all.body.threads.map((t: any) => t.id), ['t1', 't3', 't2']);
    assert.deepEqual(all.body.pagination, { limit: 20, offset: 0, total: 3, has_more: false });
    assert.equal(all.body.threads[0].messages, 2);
    assert.equal(typeof all.body.threads[0].date, 'string');
    const alma = await get(app, `/threads?space_id=${space}&source=alma&limit=1`);
    assert.deepEqual(alma.body.threads.map((t: any) => t.id), ['t1']);
    assert.deepEqual(alma.body.pagination, { limit: 1, offset: 0, total: 2, has_more: true });
    assert.deepEqual(validationLocs(await get(app, '/threads?limit=1001')), ['query.limit']);
  });

  test('DELETE removes the thread and its messages; unknown threads are 404', async () => {
    const id = uniqueId();
    await post(app, '/threads', { thread_id: id, messages: [msg('user', 'bye'), msg('assistant', 'bye bye')] });
    const deleted = await del(app, `/threads/${id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.deleted_messages, 2);
    assert.equal(deleted.body.deleted_memories, 0);
    assert.equal(deleted.body.cascade_deletion, false);
    assert.equal((await get(app, `/threads/${id}`)).status, 404);
    assert.equal((await del(app, `/threads/${id}`)).body.error_code, 'thread_not_found');
    // The id is free again.
    assert.equal((await post(app, '/threads', { thread_id: id, messages: [] })).status, 200);
  });
});
