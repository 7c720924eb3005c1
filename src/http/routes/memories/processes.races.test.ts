/**
 * Two Cairn processes on one PostgreSQL database (two apps, two pools) firing the same write at once: the outcome is
 * the one they would have one after the other, never a 500 and never a duplicate. Needs CAIRN_TEST_DATABASE_URL.
 */
import { after, before, describe, test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, get, patch, post } from '../../../../test/helpers.ts';
import { TEST_DATABASE_URL, testDatabase } from '../../../../test/postgres.ts';

const skip = !TEST_DATABASE_URL && 'needs CAIRN_TEST_DATABASE_URL';
const PARALLEL = 20;

describe('two processes on one PostgreSQL database', { skip }, () => {
  let one: App;
  let two: App;
  let drop: () => Promise<void>;

  before(async () => {
    const database = await testDatabase();
    drop = database.drop;
    const config = { storage: 'postgres', databaseUrl: database.url, pgPoolSize: 4 } as const;
    one = await buildTestApp(config);
    two = await buildTestApp(config);
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
  });

  /** The same request, PARALLEL times, alternately through each process. */
  const both = <T>(send: (app: App, i: number) => Promise<T>) => Promise.all(Array.from({ length: PARALLEL }, (_, i) => send(i % 2 ? two : one, i)));

  test('parallel upserts of one caller id make one memory with every write counted', async () => {
    const replies = await both((app, i) => post(app, '/memories', { id: 'race-upsert', content: `version from writer ${i}`, labels: ['race'] }));
    assert.deepEqual(replies.map(r => r.status), replies.map(() => 200), replies.find(r => r.status !== 200)?.text);
    assert.equal(replies.filter(r => r.body.action !== 'updated').length, 1);
    const memory = await get(one, '/memories/race-upsert');
    assert.equal(memory.body.version, PARALLEL);
  });

  test('parallel creates naming one new label make one label', async () => {
    const replies = await both((app, i) => post(app, '/memories', { content: `note ${i}`, labels: ['Shared Race Label'] }));
    assert.deepEqual(replies.map(r => r.status), replies.map(() => 200), replies.find(r => r.status !== 200)?.text);
    const labels = (await get(one, '/labels?limit=100')).body;
    const list = Array.isArray(labels) ? labels : labels.labels;
    assert.equal(list.filter((l: { name: string }) => l.name.toLowerCase() === 'shared race label').length, 1);
  });

  test('parallel label creates of one name give one label and 409s, never a 500', async () => {
    const replies = await both(app => post(app, '/labels?name=only-once'));
    assert.deepEqual(replies.map(r => r.status).sort(), [200, ...Array(PARALLEL - 1).fill(409)]);
  });

  test('parallel creates of one thread id give one thread and 409s, never a 500', async () => {
    const replies = await both(app => post(app, '/threads', { thread_id: 'race-thread', messages: [{ role: 'user', content: 'hi' }] }));
    assert.deepEqual(replies.map(r => r.status).sort(), [200, ...Array(PARALLEL - 1).fill(409)]);
  });

  test('parallel appends to one thread all land, in distinct positions', async () => {
    await post(one, '/threads', { thread_id: 'race-append', messages: [] });
    const replies = await both((app, i) => post(app, '/threads/race-append/append', { messages: [{ role: 'user', content: `message ${i}` }] }));
    assert.deepEqual(replies.map(r => r.status), replies.map(() => 200), replies.find(r => r.status !== 200)?.text);
    const thread = await get(one, '/threads/race-append?limit=100');
    assert.equal(thread.body.messages.length, PARALLEL);
  });

  test('parallel appends to the working memory all land', async () => {
    const replies = await both((app, i) => patch(app, '/agent/working-memory', { append: `line ${i}` }));
    assert.deepEqual(replies.map(r => r.status), replies.map(() => 200), replies.find(r => r.status !== 200)?.text);
    const content: string = (await get(one, '/agent/working-memory')).body.content;
    for (let i = 0; i < PARALLEL; i++) assert.match(content, new RegExp(`line ${i}\\b`));
  });

  test('a search-index rebuild run by one process is reported by the other', async () => {
    await post(one, '/memories', { content: 'rebuilt across processes' });
    const started = await post(one, '/search-index/reindex');
    await one.deps.rebuilds.settle();
    const status = (await get(two, '/search-index/reindex/status')).body;
    assert.deepEqual([status.run_id, status.active, status.success, status.stage], [started.body.run_id, false, true, 'completed']);
  });
});
