import { test, describe, beforeEach, afterEach } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, call, createMemory, expectOk, get, post, validationLocs } from '../../../../test/helpers.ts';

const thread = (thread_id: string, space_id?: string, words = 'hello') =>
  ({ thread_id, ...(space_id ? { space_id } : {}), messages: [{ role: 'user', content: `${words} from ${thread_id}` }, { role: 'assistant', content: `reply in ${thread_id}` }] });

async function seed(app: App, ...threads: ReturnType<typeof thread>[]) {
  for (const t of threads) expectOk(await post(app, '/threads', t), `create ${t.thread_id}`);
}

describe('moving threads in bulk (POST /threads/bulk/move/preview, /threads/bulk/move)', () => {
  let app: App;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  test('the preview counts and names collisions without moving; the move carries messages and leaves collisions in place', async () => {
    await seed(app, thread('a', undefined, 'zanzibar'), thread('b'), thread('c'), thread('b', 'work'));
    const body = { selection: { mode: 'ids', thread_ids: ['a', 'b', 'nope'] }, target_space_id: 'work' };
    const preview = expectOk(await post(app, '/threads/bulk/move/preview', body), 'preview');
    assert.deepEqual([preview.count, preview.found_count, preview.limit_exceeded, preview.max_allowed], [3, 2, false, 1000]);
    assert.deepEqual(preview.conflicts.map((c: any) => c.thread_id), ['b']);
    assert.equal((await get(app, '/threads/a')).status, 200, 'the preview moved nothing');

    const moved = expectOk(await post(app, '/threads/bulk/move', body), 'move');
    assert.deepEqual([moved.moved_count, moved.failed_count, moved.source_space_id, moved.target_space_id], [1, 2, 'default', 'work']);
    assert.equal((await get(app, '/threads/a')).status, 404);
    const there = expectOk(await get(app, '/threads/a?space_id=work'), 'in work');
    assert.deepEqual(there.messages.map((m: any) => m.content), ['zanzibar from a', 'reply in a']);
    assert.equal(expectOk(await get(app, '/threads/b'), 'b stays').space_id, 'default');
    const found = expectOk(await get(app, '/threads/search?query=zanzibar&space_id=work'), 'search');
    assert.deepEqual(found.threads.map((t: any) => t.thread_id), ['a']);
  });

  test('a whole space minus exclusions; bad selections are 422', async () => {
    await seed(app, thread('x', 'old'), thread('y', 'old'), thread('z', 'old'));
    const moved = expectOk(await post(app, '/threads/bulk/move', { selection: { mode: 'space', source_space_id: 'old', exclude_thread_ids: ['y'] }, target_space_id: 'new' }), 'move');
    assert.equal(moved.moved_count, 2);
    assert.deepEqual(expectOk(await get(app, '/threads?space_id=new'), 'new').threads.map((t: any) => t.thread_id).sort(), ['x', 'z']);
    assert.deepEqual(validationLocs(await post(app, '/threads/bulk/move', { selection: { mode: 'space' }, target_space_id: 'new' })), ['body.selection.source_space_id']);
    assert.deepEqual(validationLocs(await post(app, '/threads/bulk/move', { selection: { thread_ids: ['y'], source_space_id: 'old' }, target_space_id: 'old' })), ['body.target_space_id']);
    assert.deepEqual(validationLocs(await post(app, '/threads/bulk/move', { selection: { thread_ids: ['y'] } })), ['body.target_space_id']);
    const many = Array.from({ length: 1001 }, (_, i) => `t${i}`);
    const over = { selection: { thread_ids: many }, target_space_id: 'new' };
    assert.equal(expectOk(await post(app, '/threads/bulk/move/preview', over), 'preview').limit_exceeded, true);
    assert.deepEqual(validationLocs(await post(app, '/threads/bulk/move', over)), ['body.selection']);
  });
});

describe('deleting threads in bulk through the thread trash (DELETE /threads/bulk, POST /threads/bulk/delete)', () => {
  let app: App;
  afterEach(() => app.close());

  test('deleted threads go to the trash and come back with their messages, ids and order', async () => {
    app = await buildTestApp();
    await seed(app, thread('keep'), thread('d1'), thread('d2'));
    const before = expectOk(await get(app, '/threads/d1'), 'd1').messages;
    const deleted = expectOk(await call(app, 'DELETE', '/threads/bulk', { thread_ids: ['d1', 'd2', 'ghost'] }), 'delete');
    assert.deepEqual([deleted.deleted_count, deleted.failed_count, deleted.total_deleted_messages, deleted.recoverable], [2, 1, 4, true]);
    assert.deepEqual(deleted.results.map((r: any) => [r.thread_id, r.status]), [['ghost', 'not_found'], ['d1', 'deleted'], ['d2', 'deleted']]);
    assert.equal((await get(app, '/threads/d1')).status, 404);
    const trash = expectOk(await get(app, '/threads/trash'), 'trash');
    assert.deepEqual(trash.items.map((i: any) => i.thread_id).sort(), ['d1', 'd2']);

    const restored = expectOk(await post(app, '/threads/trash/restore', { thread_ids: ['d1', 'keep'] }), 'restore');
    assert.deepEqual(restored.results.map((r: any) => [r.thread_id, r.status]), [['d1', 'restored'], ['keep', 'not_in_trash']]);
    const after = expectOk(await get(app, '/threads/d1'), 'd1 back').messages;
    assert.deepEqual(after.map((m: any) => [m.id, m.order_index, m.content]), before.map((m: any) => [m.id, m.order_index, m.content]));
    assert.deepEqual(expectOk(await get(app, '/threads/trash'), 'trash after').items.map((i: any) => i.thread_id), ['d2']);

    await seed(app, thread('d2'));
    const clash = expectOk(await post(app, '/threads/trash/restore', { thread_ids: ['d2'] }), 'restore over a new d2');
    assert.equal(clash.results[0].status, 'exists');
  });

  test('a selection with cascade deletes the distilled memories too; without, they stay and lose the thread', async () => {
    app = await buildTestApp();
    await seed(app, thread('s1', 'lab'), thread('s2', 'lab'), thread('s3', 'lab'));
    const cascaded = await createMemory(app, { content: 'Learned from s1', space_id: 'lab', source_thread_id: 's1' });
    const kept = await createMemory(app, { content: 'Learned from s2', space_id: 'lab', source_thread_id: 's2' });
    const cascade = expectOk(await post(app, '/threads/bulk/delete', { selection: { mode: 'space', source_space_id: 'lab', exclude_thread_ids: ['s2', 's3'] }, cascade_delete_memories: true }), 'cascade');
    assert.deepEqual([cascade.deleted_count, cascade.total_deleted_memories, cascade.cascade_deletion], [1, 1, true]);
    assert.equal((await get(app, `/memories/${cascaded}`)).status, 404);
    const plain = expectOk(await post(app, '/threads/bulk/delete', { selection: { thread_ids: ['s2'], source_space_id: 'lab' } }), 'plain');
    assert.equal(plain.total_deleted_memories, 0);
    const memory = expectOk(await get(app, `/memories/${kept}`), 'kept memory');
    assert.equal(memory.source_thread_id ?? null, null);
    assert.equal(expectOk(await get(app, '/threads?space_id=lab'), 'left').pagination.total, 1);
  });

  test('with the trash off the delete is permanent; bad bodies are 422', async () => {
    app = await buildTestApp({ trashDays: 0 });
    await seed(app, thread('p1'));
    const deleted = expectOk(await call(app, 'DELETE', '/threads/bulk', { thread_ids: ['p1'] }), 'delete');
    assert.deepEqual([deleted.deleted_count, deleted.recoverable], [1, false]);
    assert.equal(expectOk(await get(app, '/threads/trash'), 'trash').pagination.total, 0);
    assert.deepEqual(validationLocs(await call(app, 'DELETE', '/threads/bulk', { thread_ids: [] })), ['body.thread_ids']);
    assert.deepEqual(validationLocs(await call(app, 'DELETE', '/threads/bulk', { ids: ['p1'] })), ['body.thread_ids']);
    assert.deepEqual(validationLocs(await post(app, '/threads/bulk/delete', {})), ['body.selection']);
    assert.deepEqual(validationLocs(await post(app, '/threads/trash/restore', { thread_ids: [] })), ['body.thread_ids']);
  });
});
