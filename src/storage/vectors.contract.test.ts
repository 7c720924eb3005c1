import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { Store } from './ports.ts';
import { STORE_BACKENDS } from '../../test/backends.ts';
import { memoryRecord } from '../../test/fixtures/records.ts';

// Part of the storage contract: run over every backend (test/backends.ts).
const MODEL = 'test-model';
const AT = '2026-01-01T00:00:00.000Z';

/** A unit vector pointing mostly along axis `axis` of 8. */
function unit(axis: number): Float32Array {
  const v = new Float32Array(8).fill(0.1);
  v[axis] = 1;
  const norm = Math.hypot(...v);
  return v.map(x => x / norm);
}

async function addMemories(store: Store, entries: { id: string; space?: string; axis: number }[]) {
  await store.transaction(async tx => {
    for (const e of entries) await tx.memories.insert(memoryRecord(e.id, { space_id: e.space ?? 'default', reindex_needed: true }));
  });
  await store.search.saveEmbeddings(entries.map(e => ({ memory_id: e.id, version: 1, vector: unit(e.axis) })), MODEL, AT);
}

const ids = (hits: { id: string }[]) => hits.map(h => h.id);

for (const backend of STORE_BACKENDS) describe(`vector search in the store (${backend.name})`, () => {
  let store: Store;
  let searchable = true;
  beforeEach(async () => {
    store = await backend.fresh();
    searchable = (await store.vectors.status()).available;
    await addMemories(store, [{ id: 'a', axis: 0 }, { id: 'b', axis: 1 }, { id: 'c', axis: 2 }]);
  });
  afterEach(() => store.close());

  test('the nearest vectors of a space come most similar first, with their cosines', async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    const hits = await store.vectors.nearest(MODEL, unit(1), 'default', 2);
    assert.equal(hits[0]!.id, 'b');
    assert.ok(Math.abs(hits[0]!.cosine - 1) < 1e-5);
    assert.equal(hits.length, 2);
    assert.deepEqual(await store.vectors.nearest(MODEL, unit(1), 'elsewhere', 2), []);
    assert.deepEqual(await store.vectors.nearest('another-model', unit(1), 'default', 2), []);
  });

  test('a vector saved after the first search is found by the next, with no one telling the index', async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    await store.vectors.nearest(MODEL, unit(0), 'default', 3);
    await addMemories(store, [{ id: 'd', axis: 3 }]);
    assert.equal((await store.vectors.nearest(MODEL, unit(3), 'default', 1))[0]?.id, 'd');
    assert.equal(await store.vectors.count(MODEL), 4);
  });

  test('a memory deleted through the store is never found again', async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    await store.vectors.nearest(MODEL, unit(0), 'default', 3);
    await store.transaction(tx => tx.memories.deleteMany(['a']));
    assert.deepEqual(ids(await store.vectors.nearest(MODEL, unit(0), 'default', 3)).sort(), ['b', 'c']);
    assert.deepEqual([...(await store.vectors.cosines(MODEL, unit(0), ['a', 'b'])).keys()], ['b']);
  });

  test('a delete that rolls back leaves the memory findable', async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    await store.vectors.nearest(MODEL, unit(0), 'default', 3);
    const failing = store.transaction(async tx => {
      await tx.memories.deleteMany(['a']);
      throw new Error('rolled back');
    });
    // Asked while the transaction is open: the answer is the committed state, after the rollback.
    const during = store.vectors.nearest(MODEL, unit(0), 'default', 1);
    await assert.rejects(failing, /rolled back/);
    assert.equal((await during)[0]?.id, 'a');
    assert.equal((await store.vectors.nearest(MODEL, unit(0), 'default', 1))[0]?.id, 'a');
  });

  test('a memory moved to another space is found there and no longer in its old space', async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    await store.vectors.nearest(MODEL, unit(0), 'default', 3);
    await store.transaction(tx => tx.memories.moveToSpace(['a'], 'work', AT));
    assert.deepEqual(ids(await store.vectors.nearest(MODEL, unit(0), 'work', 3)), ['a']);
    assert.ok(!ids(await store.vectors.nearest(MODEL, unit(0), 'default', 3)).includes('a'));
  });

  test('a replaced vector is searched by its new value', async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    await store.vectors.nearest(MODEL, unit(0), 'default', 3);
    await store.transaction(tx => tx.memories.update('a', { version: 2, reindex_needed: true }));
    await store.search.saveEmbeddings([{ memory_id: 'a', version: 2, vector: unit(5) }], MODEL, AT);
    assert.equal((await store.vectors.nearest(MODEL, unit(5), 'default', 1))[0]?.id, 'a');
    const cosine = (await store.vectors.cosines(MODEL, unit(5), ['a'])).get('a')!;
    assert.ok(Math.abs(cosine - 1) < 1e-5);
  });

  test('vectors of another model dropped from the store leave the search', async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    await store.vectors.nearest(MODEL, unit(0), 'default', 3);
    await store.search.dropVectorsNotOf('new-model');
    assert.deepEqual(await store.vectors.nearest(MODEL, unit(0), 'default', 3), []);
    assert.equal(await store.vectors.count(MODEL), 0);
  });

  test('many changes at once (past the reload threshold) and the log pruning keep the search exact', { skip: backend.name !== 'sqlite' && 'the in-process index of SQLite' }, async t => {
    if (!searchable) return t.skip('this server has no vector search (pgvector): search answers from full text');
    await store.vectors.nearest(MODEL, unit(0), 'default', 3);
    const many = Array.from({ length: 6_000 }, (_, i) => ({ id: `m${String(i).padStart(5, '0')}`, axis: 6 }));
    await addMemories(store, many);
    assert.equal((await store.vectors.nearest(MODEL, unit(6), 'default', 10_000)).length, 6_003);
    await store.transaction(tx => tx.memories.deleteMany(many.slice(0, 1_500).map(m => m.id)));
    assert.equal((await store.vectors.nearest(MODEL, unit(6), 'default', 10_000)).length, 4_503);
    await store.transaction(tx => tx.memories.moveToSpace(['b'], 'work', AT));
    assert.deepEqual(ids(await store.vectors.nearest(MODEL, unit(1), 'work', 3)), ['b']);
  });

  test('the store says how it searches vectors', async () => {
    const expected = {
      sqlite: { engine: 'memory-exact', available: true, detail: 'Exact search over the vectors in process memory' },
      pglite: { engine: 'pgvector-hnsw', available: true, detail: null },
    }[backend.name as 'sqlite' | 'pglite'];
    const status = await store.vectors.status();
    // A real server has pgvector or not (Debian's PostgreSQL 15 does not): either way the status says which.
    if (expected) assert.deepEqual(status, expected);
    else assert.equal(status.engine, status.available ? 'pgvector-hnsw' : 'none');
  });
});
