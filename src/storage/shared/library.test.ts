import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../../test/backends.ts';
import { memoryRecord } from '../../../test/fixtures/records.ts';
import type { CommunityRecord, EntityRecord, Store } from '../ports.ts';

const at = '2026-01-01T00:00:00.000Z';

function entity(id: string): EntityRecord {
  return { id, name: id, canonical_name: id, entity_type: 'concept', description: '', aliases: [], confidence: 1, caller_owned: false, metadata: {}, created_at: at, updated_at: at };
}

const community = (id: number, entity_count: number): CommunityRecord => ({
  id, name: `c${id}`, summary: '', summary_source: 'extractive', entity_count, memory_count: 0, created_at: at, updated_at: at,
});

for (const backend of STORE_BACKENDS) describe(`community and crystal repositories (${backend.name})`, () => {
  let store: Store;
  before(async () => {
    store = await backend.fresh();
    await store.transaction(async tx => {
      for (const id of ['m1', 'm2', 'm3']) await tx.memories.insert(memoryRecord(id));
      await tx.memories.insert(memoryRecord('k1', { is_crystal: true }));
      for (const id of ['e1', 'e2', 'e3']) await tx.entities.insert(entity(id), [id]);
    });
  });
  after(() => store.close());

  test('a partition replaces the last one whole; lists come largest first, members by rank', async () => {
    await store.transaction(tx => tx.communities.replaceAll([community(1, 1)], [{ community_id: 1, entity_id: 'e1', rank: 0, weight: 1 }]));
    await store.transaction(tx =>
      tx.communities.replaceAll(
        [community(2, 1), community(3, 2)],
        [
          { community_id: 3, entity_id: 'e2', rank: 1, weight: 1 },
          { community_id: 3, entity_id: 'e1', rank: 0, weight: 2 },
          { community_id: 2, entity_id: 'e3', rank: 0, weight: 0 },
        ],
      ),
    );
    const { items, total } = await store.communities.list(10, 0);
    assert.deepEqual([items.map(c => c.id), total], [[3, 2], 2]);
    assert.equal(await store.communities.get(1), undefined);
    assert.deepEqual((await store.communities.members(3, 10)).map(m => m.entity_id), ['e1', 'e2']);
    assert.deepEqual([...(await store.communities.communityOf(['e1', 'e3', 'nope']))], [['e1', 3], ['e3', 2]]);
  });

  test('crystal sources come heaviest first, survive the deletion of a source, and go with their crystal', async () => {
    await store.transaction(tx =>
      tx.crystals.insert({ id: 'k1', synthesis: 'extractive', community_id: 3, created_at: at }, [
        { crystal_id: 'k1', memory_id: 'm1', contribution_weight: 0.25, position: 0, source_version: 1 },
        { crystal_id: 'k1', memory_id: 'm2', contribution_weight: 0.75, position: 1, source_version: 1 },
      ]),
    );
    assert.deepEqual((await store.crystals.sourcesOf(['k1'])).get('k1')!.map(s => s.memory_id), ['m2', 'm1']);
    assert.deepEqual([...(await store.crystals.crystalsFrom(['m1', 'm3']))], [['m1', ['k1']]]);
    assert.deepEqual((await store.crystals.ofCommunities([3], 5)).get(3)!.map(c => c.id), ['k1']);
    await store.memories.deleteMany(['m1']);
    assert.equal((await store.crystals.sourcesOf(['k1'])).get('k1')!.length, 2, 'a deleted source still shows, as missing');
    await store.memories.deleteMany(['k1']);
    assert.equal(await store.crystals.get('k1'), undefined);
    assert.deepEqual([...(await store.crystals.sourcesOf(['k1']))], []);
  });
});
