import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../../test/backends.ts';
import { atSecond, memoryRecord } from '../../../test/fixtures/records.ts';
import type { EntityRecord, Store } from '../ports.ts';

const at = atSecond;

function entity(id: string, name: string, i: number): EntityRecord {
  return {
    id, name, canonical_name: name.toLowerCase(), entity_type: 'person', description: '', aliases: [`${name} Alias`], confidence: 0.9,
    caller_owned: false, metadata: {}, created_at: at(i), updated_at: at(i),
  };
}

for (const backend of STORE_BACKENDS) describe(`graph repositories (${backend.name})`, () => {
  let store: Store;
  before(async () => {
    store = await backend.fresh();
    await store.transaction(async tx => {
      for (const [i, id] of ['m1', 'm2', 'm3', 'm4'].entries()) await tx.memories.insert(memoryRecord(id, { created_at: at(i), updated_at: at(i), lifecycle_state: id === 'm4' ? 'forgotten' : 'active' }));
      await tx.entities.insert(entity('e1', 'Alice', 1), ['alice', 'ally']);
      await tx.entities.insert(entity('e2', 'Bob', 2), ['bob']);
      await tx.entities.insert(entity('e3', 'Carol', 3), ['carol']);
      const mention = (memory_id: string, entity_id: string) => ({ memory_id, entity_id, occurrences: 1, confidence: 0.8, created_at: at(9) });
      await tx.mentions.add([mention('m1', 'e1'), mention('m1', 'e2'), mention('m2', 'e1'), mention('m3', 'e1'), mention('m4', 'e1'), mention('m4', 'e3')]);
    });
  });
  after(() => store.close());

  test('entityIdsOf maps each memory to the entities it mentions', async () => {
    const map = await store.mentions.entityIdsOf(['m1', 'm2', 'unknown']);
    assert.deepEqual(map.get('m1'), ['e1', 'e2']);
    assert.deepEqual(map.get('m2'), ['e1']);
    assert.equal(map.has('unknown'), false);
  });

  test('memoryIdsMentioning gives each entity its newest memories, skipping forgotten ones', async () => {
    const map = await store.mentions.memoryIdsMentioning(['e1', 'e2', 'e3'], 2);
    assert.deepEqual(map.get('e1'), ['m3', 'm2']);
    assert.deepEqual(map.get('e2'), ['m1']);
    assert.equal(map.has('e3'), false);
  });

  test('getMany returns records with aliases and mention counts of live memories', async () => {
    const entities = await store.entities.getMany(['e1', 'e3', 'nope']);
    const byId = new Map(entities.map(e => [e.id, e]));
    assert.equal(entities.length, 2);
    assert.equal(byId.get('e1')!.mention_count, 3);
    assert.deepEqual(byId.get('e1')!.aliases, ['Alice Alias']);
    assert.equal(byId.get('e3')!.mention_count, 0);
  });

  test('adding a mention again keeps one edge with the higher occurrences and confidence', async () => {
    await store.mentions.add([{ memory_id: 'm2', entity_id: 'e2', occurrences: 2, confidence: 0.5, created_at: at(10) }]);
    await store.mentions.add([{ memory_id: 'm2', entity_id: 'e2', occurrences: 1, confidence: 0.7, created_at: at(11) }]);
    const mentioning = (await store.mentions.mentioningMemories('e2', 10)).filter(m => m.memory_id === 'm2');
    assert.equal(mentioning.length, 1);
    assert.equal(mentioning[0].occurrences, 2);
    assert.equal(mentioning[0].confidence, 0.7);
  });

  test('lookup keys find entities by name key and alias key', async () => {
    const found = await store.entities.findByKeys(['ally', 'bob', 'nobody']);
    assert.deepEqual(found.map(f => [f.key, f.entity.id]).sort(), [['ally', 'e1'], ['bob', 'e2']]);
  });

  test('deleting a memory deletes its mentions; unmentioned entities can then be removed', async () => {
    await store.transaction(async tx => {
      await tx.memories.insert(memoryRecord('m9', { created_at: at(20), updated_at: at(20) }));
      await tx.entities.insert(entity('e9', 'Zed', 20), ['zed']);
      await tx.mentions.add([{ memory_id: 'm9', entity_id: 'e9', occurrences: 1, confidence: 1, created_at: at(20) }]);
    });
    await store.memories.deleteMany(['m9']);
    assert.deepEqual(await store.entities.deleteUnmentioned(['e9', 'e1']), ['e9']);
    assert.deepEqual(await store.entities.findByKeys(['zed']), []);
  });

  test('an automatic rewrite removes only what no apply wrote: an applied edge stays applied when extracted again', async () => {
    const relation = (id: string, applied: boolean) => ({
      id, source_entity_id: 'e7', target_entity_id: 'e8', relation_type: 'KNOWS', weight: 1, confidence: 1, description: '', memory_id: 'm7', created_at: at(30), applied,
    });
    await store.transaction(async tx => {
      await tx.memories.insert(memoryRecord('m7', { created_at: at(30), updated_at: at(30) }));
      await tx.entities.insert(entity('e7', 'Yara', 30), ['yara']);
      await tx.entities.insert(entity('e8', 'Xavi', 31), ['xavi']);
      await tx.mentions.add([{ memory_id: 'm7', entity_id: 'e7', occurrences: 1, confidence: 1, created_at: at(30), applied: true }]);
      // The extraction finds the applied entity too: the edge stays one, and applied.
      await tx.mentions.add([{ memory_id: 'm7', entity_id: 'e7', occurrences: 3, confidence: 0.5, created_at: at(31) }]);
      await tx.mentions.add([{ memory_id: 'm7', entity_id: 'e8', occurrences: 1, confidence: 0.5, created_at: at(31) }]);
      await tx.entityRelations.insertMany([relation('r-applied', true), relation('r-extracted', false)]);
    });
    assert.deepEqual(await store.mentions.removeForMemories(['m7'], { automaticOnly: true }), ['e8']);
    assert.equal(await store.entityRelations.removeForMemories(['m7'], { automaticOnly: true }), 1);
    assert.deepEqual((await store.mentions.entityIdsOf(['m7'])).get('m7'), ['e7']);
    assert.deepEqual((await store.entityRelations.touching(['e7'], 10)).map(r => r.id), ['r-applied']);
    // A delete of the memory removes everything.
    assert.deepEqual(await store.mentions.removeForMemories(['m7']), ['e7']);
    assert.equal(await store.entityRelations.removeForMemories(['m7']), 1);
  });

  test('removing the mentions of several memories at once names each entity they pointed to once, and leaves the rest', async () => {
    const before = await store.mentions.entityIdsOf(['m1']);
    // m2 mentions e1 and e2 (the test of adding a mention again), m3 e1.
    assert.deepEqual((await store.mentions.removeForMemories(['m2', 'm3', 'm2'])).sort(), ['e1', 'e2']);
    const after = await store.mentions.entityIdsOf(['m1', 'm2', 'm3']);
    assert.deepEqual([...after.keys()], ['m1']);
    assert.deepEqual(after.get('m1'), before.get('m1'));
    assert.deepEqual(await store.mentions.removeForMemories([]), []);
    assert.equal(await store.entityRelations.removeForMemories([]), 0);
  });
});
