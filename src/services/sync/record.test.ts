/**
 * Recording: every kind of user write the issue lists becomes a change in the writer's transaction (SQLite triggers,
 * 028_sync_log); derived writes (extraction, communities, embeddings, search indexes, queues, activity) never do.
 */
import assert from 'node:assert/strict';
import { after, before, currentBackend, describe, test } from '../../../test/suite.ts';
import { del, expectOk, patch, post, put, settleBackground } from '../../../test/helpers.ts';
import { type Device, openDevice } from '../../../test/sync.ts';
import { AppError } from '../../errors.ts';
import { syncLogFor } from './log.ts';
import { SYNCED_TABLES } from './tables.ts';
import type { SyncChange } from './changeLog.ts';

/** The changes a write made: what the device logged while `write` ran. */
async function changesOf(device: Device, write: () => Promise<unknown>): Promise<SyncChange[]> {
  const before = await device.log.lastLocalSeq();
  await write();
  return device.log.localChanges(before, 1000);
}
/** An insert's change carries every synced column: the migration's triggers and the apply side name the same ones. */
const assertWhole = (change: SyncChange) =>
  assert.deepEqual(Object.keys(change.fields ?? {}).sort(), [...SYNCED_TABLES[change.entity].columns].sort(), `the columns of ${change.entity}`);
const kinds = (changes: SyncChange[]) => changes.map(c => `${c.entity}:${c.op}`);

describe('the change log records user writes', () => {
  let device: Device;
  before(async () => {
    if (currentBackend() === 'sqlite') device = await openDevice();
  });
  after(() => device?.close());

  test('PostgreSQL keeps no change log: syncLogFor says so with a 409 sync_unavailable', async t => {
    if (currentBackend() === 'sqlite') return t.skip('SQLite records changes');
    const { buildTestApp } = await import('../../../test/helpers.ts');
    const app = await buildTestApp();
    try {
      assert.throws(() => syncLogFor(app.deps), (e: unknown) => e instanceof AppError && e.status === 409 && e.code === 'sync_unavailable');
    } finally {
      await app.close();
    }
  });

  test('each kind of write is one or more changes, stamped with the device and a growing clock', async t => {
    if (currentBackend() !== 'sqlite') return t.skip('sync needs SQLite');
    const { app, log } = device;
    let memory = '';
    let other = '';
    const created = await changesOf(device, async () => {
      memory = expectOk(await post(app, '/memories', { content: 'Sync records the quarterly plan for Lisbon', labels: ['plans'] }), 'create').id;
    });
    assert.deepEqual(kinds(created), ['memory:put', 'label:put', 'memory_label:put']);
    assert.equal(created[0].key, memory);
    assert.equal(created[0].fields?.content, 'Sync records the quarterly plan for Lisbon');
    // The migration's triggers and the apply side name the same columns: an insert carries every synced one.
    for (const change of created) assertWhole(change);
    other = expectOk(await post(app, '/memories', { content: 'An unrelated note about bicycles' }), 'create other').id;
    await settleBackground(app);

    const edited = await changesOf(device, () => patch(app, `/memories/${memory}`, { importance: 0.9 }));
    assert.deepEqual(kinds(edited), ['memory:put']);
    assert.deepEqual(Object.keys(edited[0].fields ?? {}).sort(), ['importance', 'updated_at'], 'an update carries only the fields it changed');

    const lifecycle = await changesOf(device, () => post(app, `/memories/${other}/archive`));
    assert.equal(lifecycle[0].fields?.lifecycle_state, 'archived');
    const favourite = await changesOf(device, () => post(app, `/memories/${memory}/favorite?is_favorite=true`));
    assert.equal(favourite[0].fields?.is_favorite, 1);

    const label = expectOk(await post(app, '/labels?name=travel'), 'label');
    const assigned = await changesOf(device, () => post(app, `/memories/${memory}/labels/${label.id}`));
    assert.deepEqual(kinds(assigned), ['memory_label:put']);
    const plans = expectOk(await post(app, '/labels?name=plans-2'), 'label');
    const merged = await changesOf(device, async () => expectOk(await post(app, `/labels/merge?source_id=${label.id}&target_id=${plans.id}`), 'merge'));
    assert.ok(kinds(merged).includes('memory_label:put') && kinds(merged).includes('label:delete'), `a label merge: ${kinds(merged)}`);

    const related = await changesOf(device, () => post(app, `/memories/${memory}/relations`, { target_memory_id: other, relation_type: 'RELATED_TO' }));
    assert.deepEqual(kinds(related), ['relation:put']);
    assertWhole(related[0]);
    assert.deepEqual(JSON.parse(related[0].key), [memory, other, 'RELATED_TO'], 'a relation is keyed by its pair and type, the same on every device');
    const evolves = await changesOf(device, () => post(app, `/memories/${memory}/relations`, { target_memory_id: other, relation_type: 'EVOLVES' }));
    assert.equal(evolves[0].fields?.relation_type, 'EVOLVES');

    const thread = await changesOf(device, () => post(app, '/threads', { thread_id: 'trip', messages: [{ role: 'user', content: 'book the train' }] }));
    assert.ok(kinds(thread).includes('thread:put') && kinds(thread).includes('message:put'), `a thread: ${kinds(thread)}`);
    for (const entity of ['thread', 'message']) assertWhole(thread.find(c => c.entity === entity)!);
    const appended = await changesOf(device, () => post(app, '/threads/trip/append', { messages: [{ role: 'assistant', content: 'booked' }] }));
    assert.ok(kinds(appended).includes('message:put'), `an append: ${kinds(appended)}`);
    const threadFavourite = await changesOf(device, () => post(app, '/threads/trip/favorite?is_favorite=true'));
    assert.ok(threadFavourite.some(c => c.entity === 'thread' && c.fields?.is_favorite === 1));

    const working = await changesOf(device, () => put(app, '/agent/working-memory', { content: '## Focus\n- the trip' }));
    assert.deepEqual(kinds(working), ['working_memory:put']);
    assertWhole(working[0]);

    const deleted = await changesOf(device, async () => expectOk(await del(app, `/memories/${other}`), 'delete'));
    assert.deepEqual(kinds(deleted), ['memory:delete'], 'a delete is one tombstone: the edges it took go with it, not as changes of their own');
    assert.equal(device.rows(`SELECT memory_id FROM trash WHERE memory_id = '${other}'`).length, 1, 'the deleted memory is in the trash');

    const all = await log.localChanges(0, 10_000);
    const id = await log.deviceId();
    assert.ok(all.every((c, i) => c.device === id && c.seq === i + 1 && c.id === `${id}:${c.seq}`), 'seq 1, 2, 3… with no gaps');
    assert.ok(all.every((c, i) => i === 0 || c.hlc > all[i - 1].hlc), 'clocks grow with every change');
    assert.equal(await log.lastLocalSeq(), all.length);
  });

  test('derived writes are no changes: extraction, communities, embeddings, search indexes, queues, activity', async t => {
    if (currentBackend() !== 'sqlite') return t.skip('sync needs SQLite');
    const { app, log } = device;
    const created = expectOk(await post(app, '/memories', { content: 'Ada Lovelace met Charles Babbage in London to discuss the Analytical Engine' }), 'create');
    const afterWrite = await log.lastLocalSeq();
    await settleBackground(app);
    await post(app, '/communities/detect');
    await app.deps.communities?.settle();
    await post(app, '/search', { query: 'Analytical Engine' });
    await app.deps.indexer?.settle();
    const derived = await log.localChanges(afterWrite, 1000);
    assert.deepEqual(kinds(derived).filter(k => !k.startsWith('relation:')), [], 'nothing but EVOLVES edges (user-visible records) after the write');
    const mentions = device.rows(`SELECT count(*) AS n FROM mentions WHERE memory_id = '${created.id}'`)[0].n;
    assert.ok(Number(mentions) > 0, 'extraction did write entities and mentions (so this test can fail)');
    assert.equal(device.rows(`SELECT count(*) AS n FROM sync_log WHERE entity NOT IN ('memory','label','memory_label','relation','thread','message','working_memory')`)[0].n, 0);
  });
});
