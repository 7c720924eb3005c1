/**
 * Applying other devices' changes: idempotent, merged field by field by clock, content conflicts keeping the losing
 * text, delete against edit, labels and thread appends without duplicates, derived data recomputed.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, currentBackend, describe, test } from '../../../test/suite.ts';
import { del, expectOk, get, patch, post, settleBackground } from '../../../test/helpers.ts';
import { type Device, openDevice, pending, send, syncAll, syncedState } from '../../../test/sync.ts';
import { AppError } from '../../errors.ts';

describe('applying changes from another device', () => {
  const open: Device[] = [];
  const devices = async (n: number) => {
    for (let i = 0; i < n; i++) open.push(await openDevice());
    return open.slice(-n);
  };
  afterEach(async () => {
    for (const device of open.splice(0)) await device.close();
  });
  const sqliteOnly = (t: { skip(message: string): void }) => currentBackend() !== 'sqlite' && (t.skip('sync needs SQLite'), true);
  const memoryOn = async (device: Device, id: string) => (await get(device.app, `/memories/${id}`)).body;

  test('a device opened in a temp folder of its own leaves nothing behind once closed', async t => {
    if (sqliteOnly(t)) return;
    const device = await openDevice();
    await post(device.app, '/memories', { content: 'A memory on a throwaway device' });
    await device.close();
    assert.equal(existsSync(dirname(device.path)), false);
  });

  test('a device gets the records, logs none of them as its own, and a change applied twice is a no-op', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const id = expectOk(await post(a.app, '/memories', { content: 'The boiler service is booked for March', labels: ['home'] }), 'create').id;
    await post(a.app, '/threads', { thread_id: 'chat', messages: [{ role: 'user', content: 'hi' }] });
    const changes = await pending(a, b);
    const first = await b.log.applyRemote(changes);
    assert.equal(first.applied, changes.length);
    assert.equal((await memoryOn(b, id)).content, 'The boiler service is booked for March');
    assert.deepEqual((await memoryOn(b, id)).labels.map((l: { name: string }) => l.name), ['home']);
    assert.equal(await b.log.lastLocalSeq(), 0, 'applied changes are not logged again as this device’s own');
    assert.equal(await b.log.appliedThrough(await a.log.deviceId()), changes.length);

    const state = syncedState(b);
    const again = await b.log.applyRemote(changes);
    assert.deepEqual(again, { applied: 0, skipped: changes.length, conflicts: [] });
    assert.deepEqual(syncedState(b), state);
    assert.deepEqual(syncedState(b), syncedState(a));
  });

  test('the receiving device recomputes derived data: full-text search, entities, and it ships none of it', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const id = expectOk(await post(a.app, '/memories', { content: 'Grace Hopper wrote the first compiler for the Harvard Mark I' }), 'create').id;
    await send(a, b);
    await settleBackground(b.app);
    const found = expectOk(await post(b.app, '/memories/search', { query: 'compiler Harvard' }), 'search');
    assert.ok(found.some((r: { memory: { id: string } }) => r.memory.id === id), 'the full-text index holds the applied memory');
    assert.ok(Number(b.rows(`SELECT count(*) AS n FROM mentions WHERE memory_id = '${id}'`)[0].n) > 0, 'entities were extracted here');
    assert.equal(await b.log.lastLocalSeq(), 0);
  });

  test('edits of different fields on two devices both survive', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const id = expectOk(await post(a.app, '/memories', { content: 'Renew the passport' }), 'create').id;
    await syncAll([a, b]);
    await patch(a.app, `/memories/${id}`, { importance: 0.95 });
    await patch(b.app, `/memories/${id}`, { title: 'Passport' });
    await syncAll([a, b]);
    for (const device of [a, b]) {
      const memory = await memoryOn(device, id);
      assert.deepEqual([memory.importance, memory.title], [0.95, 'Passport']);
    }
    assert.deepEqual(syncedState(a), syncedState(b));
  });

  test('content edited on both devices: the same winner on both, the losing text kept as an older version', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const id = expectOk(await post(a.app, '/memories', { content: 'Meeting on Tuesday' }), 'create').id;
    await syncAll([a, b]);
    await patch(a.app, `/memories/${id}`, { content: 'Meeting moved to Wednesday' });
    await new Promise(resolve => setTimeout(resolve, 5)); // b's edit is the later one
    await patch(b.app, `/memories/${id}`, { content: 'Meeting moved to Thursday' });
    const atB = await send(a, b);
    const atA = await send(b, a);
    await syncAll([a, b]);
    assert.equal(atA.conflicts.length, 1);
    assert.equal(atB.conflicts.length, 1);
    assert.deepEqual(atA.conflicts[0], atB.conflicts[0], 'both devices report the same conflict');
    const { keptAs, winner } = atA.conflicts[0];
    assert.equal(winner.device, await b.log.deviceId());
    for (const device of [a, b]) {
      assert.equal((await memoryOn(device, id)).content, 'Meeting moved to Thursday');
      const version = await memoryOn(device, keptAs!);
      assert.equal(version.content, 'Meeting moved to Wednesday', 'the losing text is kept');
      assert.equal(version.lifecycle_state, 'superseded');
      const relations = expectOk(await get(device.app, `/memories/${id}/relations`), 'relations').relations;
      assert.ok(relations.some((r: { relation_type: string; target_memory_id: string }) => r.relation_type === 'EVOLVES' && r.target_memory_id === keptAs));
    }
    assert.deepEqual(syncedState(a), syncedState(b));
  });

  test('an edit made after seeing the other device’s edit is no conflict', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const id = expectOk(await post(a.app, '/memories', { content: 'Draft one' }), 'create').id;
    await syncAll([a, b]);
    await patch(a.app, `/memories/${id}`, { content: 'Draft two' });
    await syncAll([a, b]);
    await patch(b.app, `/memories/${id}`, { content: 'Draft three' });
    const result = await send(b, a);
    assert.deepEqual(result.conflicts, []);
    assert.equal((await memoryOn(a, id)).content, 'Draft three');
    assert.equal(Number(a.rows('SELECT count(*) AS n FROM memories')[0].n), 1, 'no version was kept');
  });

  test('a delete that loses to a later edit is ignored on both devices', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const id = expectOk(await post(a.app, '/memories', { content: 'Call the plumber', labels: ['home'] }), 'create').id;
    await syncAll([a, b]);
    expectOk(await del(a.app, `/memories/${id}`), 'delete');
    await new Promise(resolve => setTimeout(resolve, 5));
    await patch(b.app, `/memories/${id}`, { content: 'Call the plumber on Monday' });
    await syncAll([a, b]);
    for (const device of [a, b]) {
      const memory = await memoryOn(device, id);
      assert.equal(memory.content, 'Call the plumber on Monday');
      assert.deepEqual(memory.labels.map((l: { name: string }) => l.name), ['home'], 'the labels the delete took came back with it');
    }
    assert.deepEqual(syncedState(a), syncedState(b));
  });

  test('a delete that wins keeps the earlier edit in the trash, for restore', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const id = expectOk(await post(a.app, '/memories', { content: 'Water the plants' }), 'create').id;
    await syncAll([a, b]);
    await patch(b.app, `/memories/${id}`, { content: 'Water the plants twice a week' });
    await new Promise(resolve => setTimeout(resolve, 5));
    expectOk(await del(a.app, `/memories/${id}`), 'delete');
    await syncAll([a, b]);
    for (const device of [a, b]) {
      assert.equal((await get(device.app, `/memories/${id}`)).status, 404);
      const restored = expectOk(await post(device.app, '/trash/restore', { ids: [id] }), 'restore');
      assert.equal(restored.restored_count, 1);
      assert.equal((await memoryOn(device, id)).content, 'Water the plants twice a week', 'the edit is what comes back');
    }
  });

  test('a conflict whose memory is deleted in the same batch keeps the version’s edge on every device once it is restored', async t => {
    if (sqliteOnly(t)) return;
    const [a, b, c] = await devices(3);
    const id = expectOk(await post(a.app, '/memories', { content: 'Dentist at nine' }), 'create').id;
    await syncAll([a, b, c]);
    await patch(a.app, `/memories/${id}`, { content: 'Dentist at ten' });
    await new Promise(resolve => setTimeout(resolve, 5));
    await patch(b.app, `/memories/${id}`, { content: 'Dentist at eleven' });
    await new Promise(resolve => setTimeout(resolve, 5));
    expectOk(await del(b.app, `/memories/${id}`), 'delete');
    // a hears of the delete before b's edit, which then goes into its trash: a sees no conflict.
    await a.log.applyRemote((await pending(b, a)).filter(change => change.op === 'delete'));
    // c hears of both edits and the delete at once: the losing text is kept while its memory goes to the trash.
    const result = await c.log.applyRemote([...(await pending(a, c)), ...(await pending(b, c))]);
    const keptAs = result.conflicts[0]?.keptAs;
    assert.ok(keptAs, 'the conflict is reported');
    // b restores the memory, and the kept version reaches a and b before a's edit reaches b (which would make b keep
    // it too): the edge must come from c. c brings the memory back from its own trash on hearing of the restore.
    expectOk(await post(b.app, '/trash/restore', { ids: [id] }), 'restore');
    await send(c, a);
    await send(c, b);
    await syncAll([a, b, c]);
    for (const device of [a, b, c]) {
      const relations = expectOk(await get(device.app, `/memories/${id}/relations`), 'relations').relations;
      assert.ok(relations.some((r: { relation_type: string; target_memory_id: string }) => r.relation_type === 'EVOLVES' && r.target_memory_id === keptAs));
    }
    assert.deepEqual(syncedState(a), syncedState(c));
    assert.deepEqual(syncedState(b), syncedState(c));
  });

  test('labels made under one name on two devices become one label; merges and assignments carry over', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    const onA = expectOk(await post(a.app, '/memories', { content: 'Sprint review notes', labels: ['work'] }), 'a').id;
    const onB = expectOk(await post(b.app, '/memories', { content: 'Standup notes', labels: ['work', 'meetings'] }), 'b').id;
    await syncAll([a, b]);
    for (const device of [a, b]) {
      const labels = device.rows("SELECT id FROM labels WHERE name = 'work'");
      assert.equal(labels.length, 1);
      for (const id of [onA, onB]) assert.ok((await memoryOn(device, id)).labels.some((l: { name: string }) => l.name === 'work'));
    }
    const [work, meetings] = ['work', 'meetings'].map(name => String(a.rows(`SELECT id FROM labels WHERE name = '${name}'`)[0].id));
    expectOk(await post(a.app, `/labels/merge?source_id=${meetings}&target_id=${work}`), 'merge');
    await syncAll([a, b]);
    assert.equal(b.rows("SELECT id FROM labels WHERE name = 'meetings'").length, 0);
    assert.equal(Number(b.rows(`SELECT count(*) AS n FROM memory_labels WHERE memory_id = '${onB}'`)[0].n), 1, 'no duplicate edge');
    assert.deepEqual(syncedState(a), syncedState(b));
  });

  test('messages appended to one thread on two devices are all kept, once, in the same order', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    await post(a.app, '/threads', { thread_id: 'plans', messages: [{ role: 'user', content: 'where to?' }] });
    await syncAll([a, b]);
    await post(a.app, '/threads/plans/append', { messages: [{ role: 'assistant', content: 'Porto' }] });
    await post(b.app, '/threads/plans/append', { messages: [{ role: 'assistant', content: 'Seville' }] });
    await syncAll([a, b]);
    await syncAll([a, b]);
    const contents = (device: Device) => device.rows("SELECT m.content FROM thread_messages m JOIN threads t ON t.id = m.thread_pk WHERE t.thread_id = 'plans' ORDER BY m.position").map(r => r.content);
    assert.deepEqual(contents(a).slice().sort(), ['Porto', 'Seville', 'where to?']);
    assert.deepEqual(contents(a), contents(b));
    assert.deepEqual(a.rows("SELECT message_count FROM threads WHERE thread_id = 'plans'"), [{ message_count: 3 }]);
    assert.deepEqual(syncedState(a), syncedState(b));
  });

  test('a thread saved under one id on two devices is kept twice, named alike on both, no message lost', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    await post(a.app, '/threads', { thread_id: 'session-1', messages: [{ role: 'user', content: 'from a' }] });
    await post(b.app, '/threads', { thread_id: 'session-1', messages: [{ role: 'user', content: 'from b' }] });
    await syncAll([a, b]);
    const threads = (device: Device) => device.rows('SELECT id, thread_id, message_count FROM threads ORDER BY id');
    assert.equal(threads(a).length, 2);
    assert.equal(threads(a)[0].thread_id, 'session-1', 'the smaller id keeps the name');
    assert.match(String(threads(a)[1].thread_id), /^session-1~/);
    assert.deepEqual(threads(a), threads(b));
    assert.deepEqual(syncedState(a), syncedState(b));
  });

  test('a malformed change is refused with a 422 naming it, and nothing of its batch is applied', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    await post(a.app, '/memories', { content: 'A fine memory' });
    const changes = await pending(a, b);
    const broken = changes.map(c => (c.entity === 'memory' ? { ...c, fields: { ...c.fields, space_id: null } } : c));
    await assert.rejects(b.log.applyRemote(broken), (e: unknown) => e instanceof AppError && e.status === 422 && e.code === 'sync_change_rejected');
    assert.equal(Number(b.rows('SELECT count(*) AS n FROM memories')[0].n), 0);
    assert.equal(await b.log.appliedThrough(await a.log.deviceId()), 0);
    assert.equal((await b.log.applyRemote(changes)).applied, changes.length, 'the good changes apply afterwards');
  });

  test('a change that needs a record not here yet waits: it is not marked applied, and applies when it comes again', async t => {
    if (sqliteOnly(t)) return;
    const [a, b] = await devices(2);
    await post(a.app, '/memories', { content: 'Label me', labels: ['later'] });
    const changes = await pending(a, b);
    const edge = changes.filter(c => c.entity === 'memory_label');
    assert.deepEqual(await b.log.applyRemote(edge), { applied: 0, skipped: 1, conflicts: [] });
    assert.equal(await b.log.appliedThrough(await a.log.deviceId()), 0);
    const all = await b.log.applyRemote(changes);
    assert.equal(all.applied, 3);
    assert.equal(await b.log.appliedThrough(await a.log.deviceId()), 3);
  });
});
