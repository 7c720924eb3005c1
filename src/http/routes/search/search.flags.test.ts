/**
 * Full-text search follows every write that changes what it ranks a memory by: its space, its lifecycle state, and
 * whether its title is its content's own opening. On SQLite the ranking reads these from a table that triggers keep
 * (memory_search_flags, migration 029), not from the memory row; these tests hold on every backend.
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, expectOk, patch, post } from '../../../../test/helpers.ts';

const idsFound = async (app: App, query: string, extra: Record<string, unknown> = {}) =>
  (expectOk(await post(app, '/memories/search', { query, ...extra }), 'search') as { memory: { id: string } }[]).map(r => r.memory.id);

describe('search follows the writes that change what it ranks by', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a memory moved to another space is found there, and no longer in its old space', async () => {
    const id = await createMemory(app, { content: 'The quokka colony nests near the lighthouse', space_id: 'flags-from' });
    assert.deepEqual(await idsFound(app, 'quokka colony', { space_id: 'flags-from' }), [id]);
    const moved = expectOk(await post(app, '/memories/bulk/move', { selection: { memory_ids: [id], source_space_id: 'flags-from' }, target_space_id: 'flags-to' }), 'move');
    assert.equal(moved.moved_count, 1);
    assert.deepEqual(await idsFound(app, 'quokka colony', { space_id: 'flags-to' }), [id]);
    assert.deepEqual(await idsFound(app, 'quokka colony', { space_id: 'flags-from' }), []);
  });

  test('an archived memory is found only when archived memories are asked for, and again once restored to active', async () => {
    const id = await createMemory(app, { content: 'The marmot burrow floods every spring' });
    await post(app, `/memories/${id}/archive`);
    assert.deepEqual(await idsFound(app, 'marmot burrow'), []);
    assert.deepEqual(await idsFound(app, 'marmot burrow', { include_states: ['archived'] }), [id]);
    // Deprecating then un-deprecating is not an operation; superseding is: the state moves on, and search follows.
    await post(app, `/memories/${id}/deprecate`);
    assert.deepEqual(await idsFound(app, 'marmot burrow', { include_states: ['archived'] }), []);
    assert.deepEqual(await idsFound(app, 'marmot burrow', { include_states: ['deprecated'] }), [id]);
  });

  test('a deleted memory is not found, and is found again once restored from the trash', async () => {
    const id = await createMemory(app, { content: 'The axolotl tank needs a new filter' });
    assert.deepEqual(await idsFound(app, 'axolotl filter'), [id]);
    assert.equal((await del(app, `/memories/${id}`)).status, 200);
    assert.deepEqual(await idsFound(app, 'axolotl filter'), []);
    const restored = expectOk(await post(app, '/trash/restore', { ids: [id] }), 'restore');
    assert.deepEqual(restored.results, [{ id, status: 'restored' }]);
    assert.deepEqual(await idsFound(app, 'axolotl filter'), [id]);
  });

  test('a title changed by PATCH ranks as a memory written with that title does', async () => {
    // Same words, same lengths: only how each title is weighed could tell them apart.
    const patched = await createMemory(app, { content: 'The pangolin sanctuary opened its second enclosure' });
    const written = await createMemory(app, { title: 'Pangolin sanctuary news', content: 'The pangolin sanctuary opened its second enclosures' });
    expectOk(await patch(app, `/memories/${patched}`, { title: 'Pangolin sanctuary news' }), 'patch');
    const hits = expectOk(await post(app, '/memories/search', { query: 'pangolin sanctuary' }), 'search') as { memory: { id: string }; score_breakdown: { fused: number } }[];
    const fused = new Map(hits.map(h => [h.memory.id, h.score_breakdown.fused]));
    assert.ok(fused.has(patched) && fused.has(written), 'both memories are found');
    assert.equal(fused.get(patched), fused.get(written));
  });

  test('a title PATCHed back to the content\'s opening ranks as a title derived from the content does', async () => {
    const patched = await createMemory(app, { title: 'Wombat notes', content: 'Wombat droppings are cube shaped' });
    const derived = await createMemory(app, { content: 'Wombat droppings are cube shapes' });
    const title = expectOk(await post(app, '/memories/search', { query: 'wombat droppings' }), 'search').find((h: { memory: { id: string } }) => h.memory.id === derived).memory.title;
    expectOk(await patch(app, `/memories/${patched}`, { title: title.replace('shapes', 'shaped') }), 'patch');
    const hits = expectOk(await post(app, '/memories/search', { query: 'wombat droppings' }), 'search') as { memory: { id: string }; score_breakdown: { fused: number } }[];
    const fused = new Map(hits.map(h => [h.memory.id, h.score_breakdown.fused]));
    assert.equal(fused.get(patched), fused.get(derived));
  });
});

describe('search scores an edited memory by its new words', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('after a PATCH of its content or title, the query words a memory holds are counted anew', async () => {
    // Each memory's terms are kept between searches (domain/text.ts, termsForKeyed): an edit must not leave the old ones.
    const id = await createMemory(app, { content: 'The heron waded through the marsh' });
    const hit = async (query: string) => {
      const hits = expectOk(await post(app, '/memories/search', { query }), 'search') as { memory: { id: string }; highlights: string[]; score_breakdown: { lexical: { coverage: number } } }[];
      return hits.find(h => h.memory.id === id)!;
    };
    assert.equal((await hit('heron egret')).score_breakdown.lexical.coverage, 0.5);
    expectOk(await patch(app, `/memories/${id}`, { content: 'The heron and the egret waded through the marsh' }), 'patch content');
    const afterContent = await hit('heron egret');
    assert.equal(afterContent.score_breakdown.lexical.coverage, 1);
    assert.deepEqual(afterContent.highlights, ['heron', 'egret']);
    expectOk(await patch(app, `/memories/${id}`, { title: 'Kingfisher sighting' }), 'patch title');
    assert.equal((await hit('heron kingfisher')).score_breakdown.lexical.coverage, 1);
  });
});

describe('search after the storage is optimized', () => {
  let app: App;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-search-flags-'));
    app = await buildTestApp({ databasePath: join(dir, 'cairn.db'), dataDir: dir });
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('memories keep their space and state in search once VACUUM has renumbered the rows', async () => {
    // Memories deleted before the others leave gaps in the row numbers, which VACUUM closes.
    const gone: string[] = [];
    for (let i = 0; i < 5; i++) gone.push(await createMemory(app, { content: `Scratch note number ${i} about nothing` }));
    const here = await createMemory(app, { content: 'The ibex herd crossed the ridge', space_id: 'flags-vacuum' });
    const archived = await createMemory(app, { content: 'The ibex kid slipped on the scree', space_id: 'flags-vacuum' });
    await post(app, `/memories/${archived}/archive`);
    const elsewhere = await createMemory(app, { content: 'An ibex statue stands in the square' });
    for (const id of gone) assert.equal((await del(app, `/memories/${id}`)).status, 200);
    expectOk(await post(app, '/trash/empty'), 'empty the trash');
    expectOk(await post(app, '/storage/optimize'), 'optimize');
    assert.deepEqual(await idsFound(app, 'ibex', { space_id: 'flags-vacuum' }), [here]);
    assert.deepEqual(await idsFound(app, 'ibex', { space_id: 'flags-vacuum', include_states: ['archived'] }), [archived]);
    assert.deepEqual(await idsFound(app, 'ibex'), [elsewhere]);
  });
});
