/**
 * Enabling sync: nothing is recorded until syncLogFor is first called on a store; that call logs every record the
 * device holds (the bootstrap) once, so another device that applies it holds the same records; enabling again, or
 * after a restart, adds nothing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, currentBackend, describe, test } from '../../../test/suite.ts';
import { buildTestApp, del, expectOk, patch, post, put } from '../../../test/helpers.ts';
import { type Device, openDevice, send, syncedState } from '../../../test/sync.ts';
import { syncLogFor } from './log.ts';
import { SYNCED_TABLES } from './tables.ts';

const count = (device: Device, query: string) => Number(device.rows(query)[0].n);
const syncedRecords = (device: Device) =>
  Object.values(SYNCED_TABLES).reduce((sum, table) => sum + count(device, `SELECT count(*) AS n FROM ${table.table}`), 0);

/** A device's ordinary use before it syncs: memories with labels, an edit, a relation, a thread, working memory, a delete. */
async function useForMonths(device: Device) {
  const { app } = device;
  const first = expectOk(await post(app, '/memories', { content: 'The lease on the flat ends in June', labels: ['home'] }), 'create').id;
  const second = expectOk(await post(app, '/memories', { content: 'Ask the landlord about the deposit', labels: ['home', 'money'] }), 'create').id;
  const gone = expectOk(await post(app, '/memories', { content: 'A note deleted before sync' }), 'create').id;
  expectOk(await patch(app, `/memories/${first}`, { importance: 0.9, title: 'Lease' }), 'edit');
  expectOk(await post(app, `/memories/${second}/relations`, { target_memory_id: first, relation_type: 'RELATED_TO' }), 'relate');
  expectOk(await post(app, '/threads', { thread_id: 'move', messages: [{ role: 'user', content: 'find a van' }, { role: 'assistant', content: 'booked one' }] }), 'thread');
  expectOk(await put(app, '/agent/working-memory', { content: '## Focus\n- the move' }), 'working memory');
  expectOk(await del(app, `/memories/${gone}`), 'delete');
}

describe('enabling sync on a device', () => {
  const open: Device[] = [];
  afterEach(async () => {
    for (const device of open.splice(0)) await device.close();
  });
  const sqliteOnly = (t: { skip(message: string): void }) => currentBackend() !== 'sqlite' && (t.skip('sync needs SQLite'), true);

  test('writes before enabling are not logged; enabling logs every record once, in one put each, and a second device converges', async t => {
    if (sqliteOnly(t)) return;
    const a = await openDevice(undefined, { lateSync: true });
    open.push(a);
    await useForMonths(a);
    assert.equal(count(a, 'SELECT count(*) AS n FROM sync_log'), 0, 'nothing is recorded while sync is off');
    assert.equal(count(a, 'SELECT count(*) AS n FROM sync_clock'), 0);

    const changes = await a.log.localChanges(0, 10_000);
    assert.ok(changes.length > 0);
    assert.equal(changes.length, syncedRecords(a), 'one change for each synced record the device holds');
    assert.ok(changes.every(c => c.op === 'put'), 'the bootstrap is puts');
    assert.equal(new Set(changes.map(c => `${c.entity} ${c.key}`)).size, changes.length, 'each record once');
    for (const change of changes) assert.deepEqual(Object.keys(change.fields ?? {}).sort(), [...SYNCED_TABLES[change.entity].columns].sort(), `every column of ${change.entity}`);
    assert.ok(changes.every((c, i) => c.seq === i + 1), 'seq 1, 2, 3… with no gaps');
    const lease = changes.find(c => c.entity === 'memory' && c.fields?.title === 'Lease');
    assert.equal(lease?.fields?.importance, 0.9, 'a record as it is now, edits included');

    const b = await openDevice();
    open.push(b);
    const result = await send(a, b);
    assert.equal(result.applied, changes.length);
    assert.deepEqual(syncedState(b), { ...syncedState(a), trash: [] }, 'the second device holds every record (the deleted one was never shared)');
    assert.deepEqual(
      b.rows("SELECT m.role, m.content FROM thread_messages m JOIN threads t ON t.id = m.thread_pk WHERE t.thread_id = 'move' ORDER BY m.position"),
      [{ role: 'user', content: 'find a van' }, { role: 'assistant', content: 'booked one' }],
      'messages in their order',
    );

    // After enabling, writes are recorded as usual, and they merge on the other device.
    const lastBootstrap = await a.log.lastLocalSeq();
    expectOk(await patch(a.app, `/memories/${lease!.key}`, { content: 'The lease on the flat ends in July' }), 'edit after enabling');
    assert.equal(await a.log.lastLocalSeq(), lastBootstrap + 1);
    await send(a, b);
    assert.deepEqual(syncedState(b).memory, syncedState(a).memory);
  });

  test('enabling twice, or again after a restart, adds nothing', async t => {
    if (sqliteOnly(t)) return;
    const dir = mkdtempSync(join(tmpdir(), 'cairn-sync-'));
    const path = join(dir, 'device.db');
    let app = await buildTestApp({ databasePath: path });
    expectOk(await post(app, '/memories', { content: 'One memory before sync', labels: ['solo'] }), 'create');
    const first = syncLogFor(app.deps);
    const again = syncLogFor(app.deps);
    const [seqFirst, seqAgain] = await Promise.all([first.lastLocalSeq(), again.lastLocalSeq()]);
    assert.equal(seqFirst, 3, 'the memory, its label and the label edge');
    assert.equal(seqAgain, 3);
    await app.close();

    app = await buildTestApp({ databasePath: path });
    try {
      const afterRestart = syncLogFor(app.deps);
      assert.equal(await afterRestart.lastLocalSeq(), 3, 'a restart does not log the records again');
      expectOk(await post(app, '/memories', { content: 'A memory after the restart' }), 'create');
      assert.equal(await afterRestart.lastLocalSeq(), 4, 'sync stays on across restarts: the write is recorded');
    } finally {
      await app.close();
    }
  });
});
