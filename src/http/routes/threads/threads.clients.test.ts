import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, get, post, validationLocs } from '../../../../test/helpers.ts';

// The write patterns of real capture clients (Hermes, LangGraph, Proma, OpenCode), replayed through HTTP.

let counter = 0;
const uniqueId = (prefix = 'thread') => `${prefix}-${++counter}-${Date.now()}`;
const msg = (role: string, content: string, extra: Record<string, unknown> = {}) => ({ role, content, ...extra });
const contents = (thread: any) => thread.messages.map((m: any) => m.content);

describe('importing into a space (Hermes)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a thread imported with metadata.space_id is filed in that space, and later appends to that space land', async () => {
    const id = uniqueId('hermes');
    const imported = await post(app, '/threads/import', {
      thread_id: id, source: 'hermes', metadata: { space_id: 'research' }, messages: [msg('user', 'question'), msg('assistant', 'answer')],
    });
    assert.equal(imported.body.success, true);
    assert.equal((await get(app, `/threads/${id}`)).status, 404);
    assert.equal((await get(app, `/threads/${id}?space_id=research`)).body.message_count, 2);
    const appended = await post(app, `/threads/${id}/append`, { messages: [msg('user', 'next step')], space_id: 'research' });
    assert.equal(appended.status, 200);
    assert.equal(appended.body.total_messages, 3);
  });

  test('in a batch each thread goes to its own space_id, else its metadata.space_id, else the batch space_id', async () => {
    const [own, named, batchWide] = [uniqueId('own'), uniqueId('named'), uniqueId('batch')];
    const batch = await post(app, '/threads/import', {
      space_id: 'team',
      threads: [
        { thread_id: own, space_id: 'personal', metadata: { space_id: 'ignored' }, messages: [msg('user', 'a')] },
        { thread_id: named, metadata: { space_id: 'research' }, messages: [msg('user', 'b')] },
        { thread_id: batchWide, messages: [msg('user', 'c')] },
      ],
    });
    assert.equal(batch.body.imported_count, 3);
    for (const [id, space] of [[own, 'personal'], [named, 'research'], [batchWide, 'team']]) {
      assert.equal((await get(app, `/threads/${id}?space_id=${space}`)).status, 200, `${id} in ${space}`);
    }
  });

  test('a metadata.space_id that is not a space id is a 422', async () => {
    const bad = await post(app, '/threads/import', { metadata: { space_id: 7 }, messages: [msg('user', 'x')] });
    assert.deepEqual(validationLocs(bad), ['body.metadata.space_id']);
  });
});

describe('import as incremental sync (LangGraph)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  /** The connector's payload: the new messages only, with LangGraph message ids as external ids. */
  const sync = (id: string, messages: [string, string, string][], extra: Record<string, unknown> = {}) =>
    post(app, '/threads/import', {
      thread_id: id,
      title: 'Support ticket',
      source: 'langgraph',
      messages: messages.map(([role, content, external]) => msg(role, content, { metadata: { external_id: `langgraph:${external}` } })),
      ...extra,
    });

  test('every turn after the first is appended and acknowledged as checkpointed with the remote count', async () => {
    const id = uniqueId('langgraph');
    const first = await sync(id, [['user', 'hello', 'h1'], ['assistant', 'one', 'a1']]);
    assert.equal(first.body.success, true);
    assert.equal(first.body.results[0].append_mode, 'created');
    assert.equal(first.body.results[0].message_count, 2);

    const turn = () => sync(id, [['user', 'next', 'h2'], ['assistant', 'two', 'a2']], { expected_message_count: 2, idempotency_key: `langgraph:${id}:2-4:fp` });
    const second = await turn();
    assert.equal(second.status, 200);
    assert.equal(second.body.success, true);
    assert.equal(second.body.failed_count, 0);
    assert.equal(second.body.results[0].success, true);
    assert.equal(second.body.results[0].append_mode, 'checkpointed');
    assert.equal(second.body.results[0].message_count, 4);
    const retried = await turn();
    assert.deepEqual([retried.body.success, retried.body.results[0].append_mode, retried.body.results[0].message_count], [true, 'checkpointed', 4]);
    assert.deepEqual(contents((await get(app, `/threads/${id}`)).body), ['hello', 'one', 'next', 'two']);
  });

  test('a stale checkpoint answers 200 with error_code checkpoint_conflict, and a full replay reconciles without duplicates', async () => {
    const id = uniqueId('langgraph');
    await sync(id, [['user', 'hello', 'h1'], ['assistant', 'one', 'a1']]);
    await sync(id, [['user', 'next', 'h2'], ['assistant', 'two', 'a2']], { expected_message_count: 2, idempotency_key: 'k-2-4' });
    const stale = await sync(id, [['user', 'again', 'h3'], ['assistant', 'three', 'a3']], { expected_message_count: 2, idempotency_key: 'k-2-6' });
    assert.equal(stale.status, 200);
    assert.equal(stale.body.success, false);
    assert.equal(stale.body.failed_count, 1);
    assert.equal(stale.body.results[0].error_code, 'checkpoint_conflict');
    assert.equal(stale.body.results[0].message_count, 4);

    const full = await sync(id, [['user', 'hello', 'h1'], ['assistant', 'one', 'a1'], ['user', 'next', 'h2'], ['assistant', 'two', 'a2'], ['user', 'again', 'h3'], ['assistant', 'three', 'a3']]);
    assert.deepEqual([full.body.success, full.body.results[0].append_mode, full.body.results[0].message_count], [true, 'deduplicated', 6]);
    assert.equal(full.body.results[0].messages_added, 2);
    assert.deepEqual(contents((await get(app, `/threads/${id}`)).body), ['hello', 'one', 'next', 'two', 'again', 'three']);
  });

  test('a checkpoint on a thread Cairn does not have is error_code thread_not_found, and nothing is created', async () => {
    const id = uniqueId('langgraph');
    const missing = await sync(id, [['user', 'late', 'h9']], { expected_message_count: 8, idempotency_key: 'k' });
    assert.equal(missing.status, 200);
    assert.equal(missing.body.results[0].error_code, 'thread_not_found');
    assert.equal((await get(app, `/threads/${id}`)).status, 404);
  });

  test('incremental imports into a space stay in that space', async () => {
    const id = uniqueId('langgraph');
    const scoped = { space_id: 'ticket', metadata: { space_id: 'ticket', source_app: 'langgraph' } };
    await sync(id, [['user', 'hello', 'h1'], ['assistant', 'one', 'a1']], scoped);
    const second = await sync(id, [['user', 'next', 'h2']], { ...scoped, expected_message_count: 2, idempotency_key: 'k-2-3' });
    assert.equal(second.body.results[0].message_count, 3);
    assert.equal((await get(app, `/threads/${id}?space_id=ticket`)).body.message_count, 3);
    assert.equal((await get(app, `/threads/${id}`)).status, 404);
  });
});

describe('idempotency keys with whole-session saves (Proma)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const session = (n: number) => Array.from({ length: n }, (_, i) => msg(i % 2 ? 'assistant' : 'user', `turn ${i}`));

  test('resending the growing session under one constant key adds exactly the new messages every time', async () => {
    const id = uniqueId('proma');
    await post(app, '/threads', { thread_id: id, messages: [] });
    const key = `proma:${id}`;
    for (const [size, added] of [[2, 2], [4, 2], [6, 2], [7, 1]] as const) {
      const ack = await post(app, `/threads/${id}/append`, { messages: session(size), idempotency_key: key });
      assert.equal(ack.status, 200);
      assert.deepEqual([ack.body.messages_added, ack.body.total_messages], [added, size], `save of ${size}`);
    }
    assert.deepEqual(contents((await get(app, `/threads/${id}`)).body), session(7).map(m => m.content));
  });

  test('the very same request again gets the same acknowledgement back and adds nothing', async () => {
    const id = uniqueId('proma');
    await post(app, '/threads', { thread_id: id, messages: [] });
    const body = { messages: session(3), idempotency_key: 'constant' };
    await post(app, `/threads/${id}/append`, { messages: session(1), idempotency_key: 'constant' });
    const first = await post(app, `/threads/${id}/append`, body);
    const again = await post(app, `/threads/${id}/append`, body);
    assert.equal(again.body.idempotent_replay, true);
    assert.deepEqual(again.body.message_ids, first.body.message_ids);
    assert.equal((await get(app, `/threads/${id}`)).body.message_count, 3);
  });

  test('under one key, the same words said twice are two messages; messages stored before the key are not repeated', async () => {
    const id = uniqueId('proma');
    await post(app, '/threads', { thread_id: id, messages: [msg('user', 'start')] });
    const key = 'session-key';
    await post(app, `/threads/${id}/append`, { messages: [msg('user', 'start'), msg('user', 'continue'), msg('assistant', 'ok')], idempotency_key: key });
    const later = await post(app, `/threads/${id}/append`, {
      messages: [msg('user', 'start'), msg('user', 'continue'), msg('assistant', 'ok'), msg('user', 'continue')],
      idempotency_key: key,
    });
    assert.equal(later.body.messages_added, 1);
    assert.deepEqual(contents((await get(app, `/threads/${id}`)).body), ['start', 'continue', 'ok', 'continue']);
  });
});

describe('merging thread metadata (OpenCode): POST /threads/{id}/metadata/merge', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const thread = async (metadata: Record<string, unknown>, space_id?: string) => {
    const id = uniqueId('opencode');
    await post(app, '/threads', { thread_id: id, messages: [msg('user', 'hi')], metadata, ...(space_id ? { space_id } : {}) });
    return id;
  };
  const stored = async (id: string, space = 'default') => (await get(app, `/threads/${id}?space_id=${space}`)).body.thread.metadata;

  test('only_missing adds the keys the thread lacks and keeps the values it has', async () => {
    const id = await thread({ source_app: 'opencode', sync_reason: 'session_idle' });
    const merged = await post(app, `/threads/${id}/metadata/merge`, { metadata: { sync_reason: 'manual_tool', agent_id: 'builder' }, only_missing: true });
    assert.equal(merged.status, 200);
    assert.equal(merged.body.success, true);
    assert.deepEqual(merged.body.added_keys, ['agent_id']);
    assert.deepEqual(merged.body.skipped_keys, ['sync_reason']);
    assert.deepEqual(await stored(id), { source_app: 'opencode', sync_reason: 'session_idle', agent_id: 'builder' });
  });

  test('without only_missing the given keys replace the stored ones, other keys stay', async () => {
    const id = await thread({ a: 1, b: { deep: true } });
    const merged = await post(app, `/threads/${id}/metadata/merge`, { metadata: { a: 2, c: 'new' } });
    assert.deepEqual([merged.body.updated_keys, merged.body.added_keys], [['a'], ['c']]);
    assert.deepEqual(await stored(id), { a: 2, b: { deep: true }, c: 'new' });
  });

  test('space_id (body or query) names the thread\'s space; an unknown thread is a 404', async () => {
    const id = await thread({}, 'work');
    assert.equal((await post(app, `/threads/${id}/metadata/merge`, { metadata: { x: 1 } })).status, 404);
    assert.equal((await post(app, `/threads/${id}/metadata/merge`, { metadata: { x: 1 }, space_id: 'work' })).status, 200);
    assert.equal((await post(app, `/threads/${id}/metadata/merge?space_id=work`, { metadata: { y: 2 } })).status, 200);
    assert.deepEqual(await stored(id, 'work'), { x: 1, y: 2 });
    const missing = await post(app, `/threads/${uniqueId()}/metadata/merge`, { metadata: { x: 1 } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'thread_not_found');
  });

  test('metadata that is missing, not an object, nested too deep or too large is a 422 and changes nothing', async () => {
    const id = await thread({ keep: true });
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i++) deep = { deep };
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/metadata/merge`, {})), ['body.metadata']);
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/metadata/merge`, { metadata: ['x'] })), ['body.metadata']);
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/metadata/merge`, { metadata: deep })), ['body.metadata']);
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/metadata/merge`, { metadata: { big: 'x'.repeat(70_000) } })), ['body.metadata']);
    assert.deepEqual(validationLocs(await post(app, `/threads/${id}/metadata/merge`, { metadata: {}, only_missing: 'yes' })), ['body.only_missing']);
    for (let i = 0; i < 2; i++) {
      const half = await post(app, `/threads/${id}/metadata/merge`, { metadata: { [`part${i}`]: 'y'.repeat(40_000) } });
      assert.equal(half.status, i === 0 ? 200 : 422);
    }
    assert.deepEqual(Object.keys(await stored(id)), ['keep', 'part0']);
  });
});
