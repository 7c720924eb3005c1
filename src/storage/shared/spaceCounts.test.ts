import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import type { MemoryRecord, SearchFilter } from '../ports.ts';
import { openSqliteStore } from '../sqlite/store.ts';
import { BIG_SPACE, rememberedSpaceCounts } from './spaceCounts.ts';

const filter: SearchFilter = { space_id: 'default', states: ['active'] };

test("a big space's counts are remembered for a minute and counted again after it; a small space's every time", async () => {
  mock.timers.enable({ apis: ['Date'], now: 0 });
  try {
    let size = BIG_SPACE - 1;
    const asked: string[] = [];
    const counts = rememberedSpaceCounts({
      countFiltered: async () => (asked.push('space'), size),
      holding: async word => (asked.push(word), size / 10),
    });
    // Small: each question is counted.
    assert.equal(await counts.countFiltered(filter), BIG_SPACE - 1);
    await counts.documentFrequencies(['quay'], filter, 100);
    assert.equal(await counts.countFiltered(filter), BIG_SPACE - 1);
    await counts.documentFrequencies(['quay'], filter, 100);
    assert.deepEqual(asked.splice(0), ['space', 'quay', 'space', 'quay']);

    // Big: counted once, then remembered, whatever the space does meanwhile.
    size = BIG_SPACE;
    assert.equal(await counts.countFiltered(filter), BIG_SPACE);
    assert.equal((await counts.documentFrequencies(['quay', 'lighthouse'], filter, 100)).get('quay'), BIG_SPACE / 10);
    size = BIG_SPACE + 500;
    mock.timers.tick(59_000);
    assert.equal(await counts.countFiltered(filter), BIG_SPACE);
    assert.deepEqual([...(await counts.documentFrequencies(['quay', 'lighthouse'], filter, 100))], [['quay', BIG_SPACE / 10], ['lighthouse', BIG_SPACE / 10]]);
    assert.deepEqual(asked.splice(0), ['space', 'quay', 'lighthouse']);
    // Another cap or another space is another count.
    await counts.documentFrequencies(['quay'], filter, 200);
    assert.deepEqual(asked.splice(0), ['quay']);

    // A minute on, counted again.
    mock.timers.tick(2_000);
    assert.equal(await counts.countFiltered(filter), BIG_SPACE + 500);
    assert.equal((await counts.documentFrequencies(['quay'], filter, 100)).get('quay'), (BIG_SPACE + 500) / 10);
    assert.deepEqual(asked.splice(0), ['space', 'quay']);
  } finally {
    mock.timers.reset();
  }
});

function memory(i: number, content: string): MemoryRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    id: `m${String(i).padStart(5, '0')}`, space_id: 'default', title: `note ${i}`, title_derived: false, content, source: 'test', importance: 0.5,
    confidence: 0.5, unit_type: 'fact', lifecycle_state: 'active', is_latest: true, is_crystal: false, is_favorite: false, favorited_at: null,
    reindex_needed: false, metadata: {}, event_start: null, event_end: null, temporal_context: null, source_thread_id: null, source_message_id: null,
    state_reason: null, state_changed_at: null, version: 1, created_at: at, updated_at: at,
  };
}

test("SQLite remembers a big space's counts for deep search as PostgreSQL does; a small space is counted at once", async () => {
  const store = await openSqliteStore({ path: ':memory:' });
  try {
    const lighthouses = async () => (await store.search.documentFrequencies(['lighthouse'], filter, 5_000)).get('lighthouse');
    await store.memories.insert(memory(0, 'the lighthouse keeper'));
    assert.equal(await store.search.countFiltered(filter), 1);
    await store.memories.insert(memory(1, 'a second lighthouse'));
    assert.equal(await store.search.countFiltered(filter), 2);
    assert.equal(await lighthouses(), 2);
    await store.transaction(async tx => {
      for (let i = 2; i < BIG_SPACE + 2; i++) await tx.memories.insert(memory(i, `quay number ${i}`));
    });
    assert.equal(await store.search.countFiltered(filter), BIG_SPACE + 2);
    assert.equal(await lighthouses(), 2);
    await store.memories.insert(memory(BIG_SPACE + 2, 'a third lighthouse'));
    assert.equal(await store.search.countFiltered(filter), BIG_SPACE + 2);
    assert.equal(await lighthouses(), 2);
  } finally {
    await store.close();
  }
});
