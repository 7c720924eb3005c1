import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, patch, post, validationLocs } from '../../../../test/helpers.ts';

describe('memories CRUD over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a created memory is read back with its labels', async () => {
    const created = await post(app, '/memories', { content: 'Caroline went to a pottery class', labels: ['art', 'hobby'], importance: 0.8 });
    assert.equal(created.status, 200);
    assert.equal(created.body.action, 'created');
    assert.deepEqual(created.body.assigned_labels.sort(), ['art', 'hobby']);
    const read = await get(app, `/memories/${created.body.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.content, 'Caroline went to a pottery class');
    assert.equal(read.body.importance, 0.8);
    assert.equal(read.body.space_id, 'default');
    assert.equal(read.body.lifecycle_state, 'active');
    assert.deepEqual(read.body.labels.map((l: { name: string }) => l.name).sort(), ['art', 'hobby']);
  });

  test('a caller-given id upserts instead of duplicating', async () => {
    await post(app, '/memories', { id: 'my-note', content: 'first version' });
    const second = await post(app, '/memories', { id: 'my-note', content: 'second version' });
    assert.equal(second.body.action, 'updated');
    assert.equal((await get(app, '/memories/my-note')).body.content, 'second version');
  });

  test('create rejects bad input with 422 and the field location', async () => {
    assert.deepEqual(validationLocs(await post(app, '/memories', {})), ['body.content']);
    assert.deepEqual(validationLocs(await post(app, '/memories', { content: 'x', importance: 2 })), ['body.importance']);
    assert.deepEqual(validationLocs(await post(app, '/memories', { content: 'x'.repeat(32769) })), ['body.content']);
    assert.deepEqual(validationLocs(await post(app, '/memories', { content: 'x', title: 5 })), ['body.title']);
    assert.deepEqual(validationLocs(await post(app, '/memories', { content: 'x', unit_type: 'poem' })), ['body.unit_type']);
    assert.deepEqual(validationLocs(await post(app, '/memories', '{"content": ')), ['body']);
  });

  test('unknown body fields and query parameters are ignored', async () => {
    const created = await post(app, '/memories?space_id=default&foo=1', { content: 'ignored extras', colour: 'blue' });
    assert.equal(created.status, 200);
  });

  test('list pages newest first and honours its bounds', async () => {
    const local = await buildTestApp();
    try {
      for (let i = 0; i < 5; i++) await createMemory(local, { content: `note ${i}` });
      const page = await get(local, '/memories?limit=2&offset=1');
      assert.equal(page.status, 200);
      assert.deepEqual(page.body.memories.map((m: { content: string }) => m.content), ['note 3', 'note 2']);
      assert.deepEqual(page.body.pagination, { limit: 2, offset: 1, total: 5, has_more: true });
      assert.equal((await get(local, '/memories')).body.pagination.limit, 20);
      assert.deepEqual(validationLocs(await get(local, '/memories?limit=0')), ['query.limit']);
      assert.deepEqual(validationLocs(await get(local, '/memories?limit=101')), ['query.limit']);
      assert.deepEqual(validationLocs(await get(local, '/memories?offset=-1')), ['query.offset']);
      assert.deepEqual(validationLocs(await get(local, '/memories?importance_min=1.5')), ['query.importance_min']);
      assert.deepEqual(validationLocs(await get(local, '/memories?state=sleeping')), ['query.state']);
      assert.deepEqual(validationLocs(await get(local, '/memories?is_crystal=maybe')), ['query.is_crystal']);
    } finally {
      await local.close();
    }
  });

  test('patch changes only the given fields and validates like create', async () => {
    const id = await createMemory(app, { content: 'to patch', title: 'Old', importance: 0.3 });
    const patched = await patch(app, `/memories/${id}`, { title: 'New', labels: ['x'] });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.title, 'New');
    assert.equal(patched.body.importance, 0.3);
    assert.deepEqual(patched.body.labels.map((l: { name: string }) => l.name), ['x']);
    assert.deepEqual(validationLocs(await patch(app, `/memories/${id}`, { importance: -0.1 })), ['body.importance']);
    assert.equal((await patch(app, '/memories/nope', { title: 'x' })).status, 404);
  });

  test('unknown memories answer 404 with an error code', async () => {
    const missing = await get(app, '/memories/does-not-exist');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
    assert.equal((await del(app, '/memories/does-not-exist')).status, 404);
  });

  test('the space guard hides a memory of another space', async () => {
    const id = await createMemory(app, { content: 'work note', space_id: 'work' });
    assert.equal((await get(app, `/memories/${id}?space_id=work`)).status, 200);
    assert.equal((await get(app, `/memories/${id}?space_id=home`)).status, 404);
    assert.equal((await del(app, `/memories/${id}?space_id=home`)).status, 404);
  });

  test('delete removes the memory and reports removed edges', async () => {
    const id = await createMemory(app, { content: 'short-lived', labels: ['temp'] });
    const deleted = await del(app, `/memories/${id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.deleted_relationships, 1);
    assert.equal(deleted.body.deleted_entities, 0);
    assert.equal((await get(app, `/memories/${id}`)).status, 404);
  });
});
