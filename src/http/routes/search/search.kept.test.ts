/**
 * What search keeps or narrows for speed (docs/benchmarks.md, "Issue 27: search CPU under the mix (round 4)") never
 * shows in an answer: candidates are read with the fields ranking uses, but a result is the whole memory; a memory's
 * terms, title count, length and set of words are kept by its id, but follow every edit, move, delete and restore.
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, expectOk, get, patch, post } from '../../../../test/helpers.ts';

interface Hit {
  memory: Record<string, unknown> & { id: string };
  similarity_score: number;
  highlights: string[];
  score_breakdown: { lexical: { coverage: number; dice: number }; fused: number };
}

const search = async (app: App, query: string, extra: Record<string, unknown> = {}) => expectOk(await post(app, '/memories/search', { query, ...extra }), 'search') as Hit[];

/** What a hit's own text decides: its words' overlap with the query and the similarity shown (no vectors here). */
const textScore = (hit: Hit | undefined) => hit && { coverage: hit.score_breakdown.lexical.coverage, dice: hit.score_breakdown.lexical.dice, similarity: hit.similarity_score, highlights: hit.highlights };

describe('search keeps nothing that an answer could show', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test("a result's memory is the whole memory, as GET reads it", async () => {
    const id = await createMemory(app, {
      title: 'Otter survey',
      content: 'The otter survey counted nine holts along the river',
      importance: 0.8,
      source: 'field-notes',
      unit_type: 'event',
      event_start: '2024-05-01',
      event_end: '2024-05-03',
      metadata: { surveyor: 'Ines', season: 'spring' },
      labels: ['wildlife', 'river'],
    });
    const [hit] = await search(app, 'otter holts');
    assert.equal(hit?.memory.id, id);
    const read = expectOk(await get(app, `/memories/${id}`), 'get') as Record<string, unknown> & { labels: { name: string }[] };
    const { labels, ...rest } = read;
    // Search names labels by their names; every other field is GET's.
    assert.deepEqual({ ...hit!.memory, labels: undefined }, { ...rest, labels: undefined });
    assert.deepEqual([...(hit!.memory.labels as string[])].sort(), labels.map(l => l.name).sort());
  });

  test('an edited memory scores as a memory written with its new title and content', async () => {
    const edited = await createMemory(app, { content: 'Kestrel kestrel kestrel hovering', space_id: 'kept-edited' });
    const before = textScore((await search(app, 'kestrel nest', { space_id: 'kept-edited' }))[0]);
    assert.equal(before?.coverage, 0.5);
    const edits = [
      { content: 'The kestrel nest sits on the quarry ledge above the old pump house' },
      { title: 'Quarry kestrels' },
      { title: 'Ledge', content: 'Kestrel nest' },
    ];
    let text = { title: undefined as string | undefined, content: '' };
    for (const [i, edit] of edits.entries()) {
      expectOk(await patch(app, `/memories/${edited}`, edit), 'patch');
      text = { title: edit.title ?? text.title, content: edit.content ?? text.content };
      const space = `kept-written-${i}`;
      await createMemory(app, { ...(text.title && { title: text.title }), content: text.content, space_id: space });
      const patched = textScore((await search(app, 'kestrel nest', { space_id: 'kept-edited' }))[0]);
      const written = textScore((await search(app, 'kestrel nest', { space_id: space }))[0]);
      assert.ok(written, `edit ${i}: the memory written with that text was found`);
      assert.deepEqual(patched, written, `edit ${i}: ${JSON.stringify(edit)}`);
    }
  });

  test('a memory deleted and restored, or moved to another space, scores as before', async () => {
    const id = await createMemory(app, { content: 'The badger sett has three entrances under the hawthorn', space_id: 'kept-move-from' });
    const before = textScore((await search(app, 'badger sett hawthorn', { space_id: 'kept-move-from' }))[0]);
    assert.ok(before);
    assert.equal((await del(app, `/memories/${id}`)).status, 200);
    assert.deepEqual(await search(app, 'badger sett hawthorn', { space_id: 'kept-move-from' }), []);
    expectOk(await post(app, '/trash/restore', { ids: [id] }), 'restore');
    assert.deepEqual(textScore((await search(app, 'badger sett hawthorn', { space_id: 'kept-move-from' }))[0]), before);
    expectOk(await post(app, '/memories/bulk/move', { selection: { memory_ids: [id], source_space_id: 'kept-move-from' }, target_space_id: 'kept-move-to' }), 'move');
    const moved = await search(app, 'badger sett hawthorn', { space_id: 'kept-move-to' });
    assert.equal(moved[0]?.memory.id, id);
    assert.equal(moved[0]?.memory.space_id, 'kept-move-to', 'the result is the memory as it is now');
    assert.deepEqual(textScore(moved[0]), before);
  });

  test('a memory deleted while other candidates are read is left out, not answered half-read', async () => {
    // Many candidates of one query; deleting some between searches must never answer a missing memory.
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await createMemory(app, { content: `Heron roost ${i} by the weir`, space_id: 'kept-deleted' }));
    for (const id of ids.slice(0, 6)) assert.equal((await del(app, `/memories/${id}`)).status, 200);
    const found = await search(app, 'heron roost weir', { space_id: 'kept-deleted', limit: 20 });
    assert.deepEqual(found.map(h => h.memory.id).sort(), ids.slice(6).sort());
    for (const hit of found) assert.equal(typeof hit.memory.created_at, 'string');
  });
});
