import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, expectOk, get, post, validationLocs } from '../../../../test/helpers.ts';

async function favorite(app: App, id: string, isFavorite = true) {
  return expectOk(await post(app, `/memories/${id}/favorite?is_favorite=${isFavorite}`), `favorite ${id}=${isFavorite}`);
}

/** Ids in the favorites list, in the order served. */
async function favoriteIds(app: App, query = ''): Promise<string[]> {
  const response = await get(app, `/favorites/memories${query}`);
  assert.equal(response.status, 200, response.text);
  assert.ok(Array.isArray(response.body), `favorites should be a bare array: ${response.text}`);
  return response.body.map((m: { id: string }) => m.id);
}

describe('marking memories as favorites over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a new memory is not a favorite', async () => {
    const id = await createMemory(app, { content: 'plain memory' });
    assert.equal((await get(app, `/memories/${id}`)).body.is_favorite, false);
  });

  test('is_favorite=true marks the memory as a favorite', async () => {
    const id = await createMemory(app, { content: 'Caroline loves the lake house' });
    const body = await favorite(app, id);
    assert.equal(typeof body.message, 'string');
    assert.ok(body.message.length > 0);
    const read = await get(app, `/memories/${id}`);
    assert.equal(read.body.is_favorite, true);
  });

  test('is_favorite=false clears the favorite mark', async () => {
    const id = await createMemory(app, { content: 'a passing favorite' });
    await favorite(app, id, true);
    await favorite(app, id, false);
    assert.equal((await get(app, `/memories/${id}`)).body.is_favorite, false);
    assert.ok(!(await favoriteIds(app)).includes(id));
  });

  test('the list of memories shows the favorite mark', async () => {
    const id = await createMemory(app, { content: 'favorite in the list', space_id: 'fav-list' });
    await favorite(app, id);
    const listed = await get(app, '/memories?space_id=fav-list');
    assert.equal(listed.body.memories[0].id, id);
    assert.equal(listed.body.memories[0].is_favorite, true);
  });

  test('a missing is_favorite is a 422 on the query', async () => {
    const id = await createMemory(app, { content: 'needs a flag' });
    const response = await post(app, `/memories/${id}/favorite`);
    assert.equal(response.status, 422, response.text);
    assert.deepEqual(response.body.detail.map((d: { loc: unknown[] }) => d.loc), [['query', 'is_favorite']]);
  });

  test('is_favorite also accepts 1 and 0', async () => {
    const id = await createMemory(app, { content: 'numeric flags' });
    expectOk(await post(app, `/memories/${id}/favorite?is_favorite=1`), 'is_favorite=1');
    assert.equal((await get(app, `/memories/${id}`)).body.is_favorite, true);
    expectOk(await post(app, `/memories/${id}/favorite?is_favorite=0`), 'is_favorite=0');
    assert.equal((await get(app, `/memories/${id}`)).body.is_favorite, false);
  });

  test('a favorite POST with Content-Type application/json and an empty body is accepted', async () => {
    const id = await createMemory(app, { content: 'sent by a real client' });
    const response = await app.server.inject({
      method: 'POST',
      url: `/memories/${id}/favorite?is_favorite=true`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((await get(app, `/memories/${id}`)).body.is_favorite, true);
  });

  test('an is_favorite that is not a boolean is a 422 on the query', async () => {
    const id = await createMemory(app, { content: 'needs a real flag' });
    for (const value of ['maybe', '2', '']) {
      const response = await post(app, `/memories/${id}/favorite?is_favorite=${value}`);
      assert.equal(response.status, 422, `is_favorite=${value}: ${response.text}`);
      assert.deepEqual(response.body.detail.map((d: { loc: unknown[] }) => d.loc), [['query', 'is_favorite']]);
    }
    assert.equal((await get(app, `/memories/${id}`)).body.is_favorite, false);
  });

  test('favoriting an unknown memory answers 404 memory_not_found', async () => {
    for (const value of [true, false]) {
      const response = await post(app, `/memories/no-such-memory/favorite?is_favorite=${value}`);
      assert.equal(response.status, 404);
      assert.equal(response.body.error_code, 'memory_not_found');
    }
  });

  test('favoriting a forgotten memory answers 404', async () => {
    const id = await createMemory(app, { content: 'already forgotten' });
    expectOk(await post(app, `/memories/${id}/forget`), 'forget');
    const response = await post(app, `/memories/${id}/favorite?is_favorite=true`);
    assert.equal(response.status, 404);
    assert.equal(response.body.error_code, 'memory_not_found');
  });
});

describe('listing favorite memories over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('favorites are listed most recently favorited first, not newest first', async () => {
    const local = await buildTestApp();
    try {
      const first = await createMemory(local, { content: 'created first' });
      const second = await createMemory(local, { content: 'created second' });
      const third = await createMemory(local, { content: 'created third' });
      await createMemory(local, { content: 'never favorited' });
      for (const id of [third, first, second]) {
        await favorite(local, id);
        await sleep(3); // the favorite time has millisecond resolution
      }
      assert.deepEqual(await favoriteIds(local), [second, first, third]);
    } finally {
      await local.close();
    }
  });

  test('favoriting again moves a memory to the front', async () => {
    const local = await buildTestApp();
    try {
      const a = await createMemory(local, { content: 'favorite a' });
      const b = await createMemory(local, { content: 'favorite b' });
      await favorite(local, a);
      await sleep(3);
      await favorite(local, b);
      await sleep(3);
      await favorite(local, a, false);
      await favorite(local, a, true);
      assert.deepEqual(await favoriteIds(local), [a, b]);
    } finally {
      await local.close();
    }
  });

  test('favorites are full memory records showing is_favorite', async () => {
    const local = await buildTestApp();
    try {
      const id = await createMemory(local, { content: 'a full record', title: 'Full record', labels: ['kept'], space_id: 'elsewhere' });
      await favorite(local, id);
      const [record] = (await get(local, '/favorites/memories')).body;
      assert.equal(record.id, id);
      assert.equal(record.is_favorite, true);
      assert.equal(record.content, 'a full record');
      assert.equal(record.title, 'Full record');
      assert.equal(record.space_id, 'elsewhere');
      assert.equal(record.lifecycle_state, 'active');
      assert.equal(typeof record.created_at, 'string');
    } finally {
      await local.close();
    }
  });

  test('forgotten memories drop out of the favorites list', async () => {
    const local = await buildTestApp();
    try {
      const kept = await createMemory(local, { content: 'kept favorite' });
      const forgotten = await createMemory(local, { content: 'forgotten favorite' });
      await favorite(local, kept);
      await favorite(local, forgotten);
      expectOk(await post(local, `/memories/${forgotten}/forget`), 'forget');
      assert.deepEqual(await favoriteIds(local), [kept]);
    } finally {
      await local.close();
    }
  });

  test('archived favorites stay in the favorites list', async () => {
    const local = await buildTestApp();
    try {
      const id = await createMemory(local, { content: 'archived favorite' });
      await favorite(local, id);
      expectOk(await post(local, `/memories/${id}/archive`), 'archive');
      assert.deepEqual(await favoriteIds(local), [id]);
    } finally {
      await local.close();
    }
  });

  test('the favorites list honours limit and defaults to 50', async () => {
    for (let i = 0; i < 52; i++) await favorite(app, await createMemory(app, { content: `favorite number ${i}` }));
    assert.equal((await favoriteIds(app)).length, 50);
    assert.equal((await favoriteIds(app, '?limit=2')).length, 2);
    assert.equal((await favoriteIds(app, '?limit=1')).length, 1);
    assert.equal((await favoriteIds(app, '?limit=100')).length, 52);
  });

  test('a favorites limit outside 1..100 is a 422', async () => {
    for (const limit of ['0', '101', '-1', 'ten', '2.5']) {
      assert.deepEqual(validationLocs(await get(app, `/favorites/memories?limit=${limit}`)), ['query.limit'], `limit=${limit}`);
    }
  });

  test('unknown query parameters on the favorites list are ignored', async () => {
    const response = await get(app, '/favorites/memories?space_id=default&limit=3&colour=blue');
    assert.equal(response.status, 200);
    assert.equal(response.body.length, 3);
  });
});
