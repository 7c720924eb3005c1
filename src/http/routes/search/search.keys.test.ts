/**
 * Full-text search within a space, across the writes that place a memory: on SQLite each full-text row is keyed by
 * its space's number, its memory, its state and its title flag (migration 030), and a search reads only its space's
 * range of keys. These tests hold on every backend: spaces made in any order, a space that never held a memory, an
 * import and a full rebuild of the index answer as before.
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, expectOk, post } from '../../../../test/helpers.ts';
import { buildExportApp } from '../../../../test/exports.ts';

type Hit = { memory: { id: string; content: string; space_id: string }; similarity_score: number; score_breakdown: unknown };

const search = async (app: App, query: string, extra: Record<string, unknown> = {}) =>
  expectOk(await post(app, '/memories/search', { query, ...extra }), 'search') as Hit[];

/** What a search answers, each memory named by its content (ids differ between stores). */
const answer = async (app: App, query: string, extra: Record<string, unknown> = {}) =>
  (await search(app, query, extra)).map(h => [h.memory.content, h.memory.space_id, h.similarity_score, h.score_breakdown]);

/** Memories of three spaces written interleaved, so each space's memories are spread among the others'. */
async function seedSpaces(app: App): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const spaces = ['keys-b', 'default', 'keys-a'];
  for (let i = 0; i < 9; i++) {
    const space = spaces[i % 3]!;
    const content = `Tide log ${i} of the ${space} harbour: the heron fished at low tide`;
    ids[`${space}-${i}`] = await createMemory(app, { content, space_id: space, ...(i === 4 ? { title: 'Heron at the harbour' } : {}) });
  }
  ids.archived = await createMemory(app, { content: 'An archived tide log: the heron left the harbour', space_id: 'keys-a' });
  await post(app, `/memories/${ids.archived}/archive`);
  return ids;
}

describe('full-text search reads only its own space', () => {
  let app: App;
  let ids: Record<string, string>;
  before(async () => {
    app = await buildTestApp();
    ids = await seedSpaces(app);
  });
  after(() => app.close());

  test('each space finds its own memories and none of the others\'', async () => {
    for (const [space, expected] of [['keys-b', [0, 3, 6]], ['default', [1, 4, 7]], ['keys-a', [2, 5, 8]]] as const) {
      const found = (await search(app, 'heron tide', space === 'default' ? {} : { space_id: space })).map(h => h.memory.id).sort();
      assert.deepEqual(found, expected.map(i => ids[`${space}-${i}`]).sort(), space);
    }
  });

  test('a space that never held a memory finds nothing, and finds a memory once one is written there', async () => {
    assert.deepEqual(await search(app, 'heron tide', { space_id: 'keys-empty' }), []);
    const id = await createMemory(app, { content: 'The first heron of the empty space', space_id: 'keys-empty' });
    assert.deepEqual((await search(app, 'heron', { space_id: 'keys-empty' })).map(h => h.memory.id), [id]);
  });

  test('states are told apart within a space', async () => {
    const archived = (await search(app, 'heron harbour', { space_id: 'keys-a', include_states: ['archived'] })).map(h => h.memory.id);
    assert.deepEqual(archived, [ids.archived]);
    const both = (await search(app, 'heron harbour', { space_id: 'keys-a', include_states: ['active', 'archived'] })).map(h => h.memory.id);
    assert.equal(both.length, 4);
    assert.ok(both.includes(ids.archived!));
  });

  test('a full rebuild of the search index leaves every answer as it was', async () => {
    const queries = [['heron tide', {}], ['heron harbour', { space_id: 'keys-a', include_states: ['active', 'archived'] }], ['low tide', { space_id: 'keys-b' }]] as const;
    const before = await Promise.all(queries.map(([q, extra]) => answer(app, q, extra)));
    expectOk(await post(app, '/search-index/reindex'), 'rebuild');
    await app.deps.rebuilds.settle();
    assert.deepEqual(await Promise.all(queries.map(([q, extra]) => answer(app, q, extra))), before);
  });
});

test('an imported store answers every space\'s searches as the original does', async () => {
  const first = await buildExportApp();
  const second = await buildExportApp({ exportDir: first.exportDir });
  try {
    // The importing store held a space of its own first (so its spaces are numbered otherwise), emptied since: bm25
    // counts every memory of the store, and the two must hold the same ones.
    const own = await createMemory(second.app, { content: 'A heron in a space of the importing store', space_id: 'keys-import-own' });
    assert.equal((await del(second.app, `/memories/${own}`)).status, 200);
    expectOk(await post(second.app, '/trash/empty'), 'empty the trash');
    await seedSpaces(first.app);
    expectOk(await post(first.app, '/data/export', { export_path: 'keys.zip' }), 'export');
    expectOk(await post(second.app, '/data/import', { import_path: 'keys.zip' }), 'import');
    for (const extra of [{}, { space_id: 'keys-a', include_states: ['active', 'archived'] }, { space_id: 'keys-b' }]) {
      const original = await answer(first.app, 'heron tide', extra);
      assert.ok(original.length >= 3, 'the original finds the seeded memories');
      assert.deepEqual(await answer(second.app, 'heron tide', extra), original);
    }
    assert.deepEqual(await search(second.app, 'heron', { space_id: 'keys-import-own' }), []);
  } finally {
    await second.close();
    await first.close();
  }
});
