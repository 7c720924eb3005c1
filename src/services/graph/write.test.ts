import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../../test/backends.ts';
import { atSecond, memoryRecord } from '../../../test/fixtures/records.ts';
import type { Extraction } from '../../providers/ports.ts';
import type { Store } from '../../storage/ports.ts';
import { writeMemoryGraph, writeMemoryGraphs } from './write.ts';

/** What a memory's extraction says, in the extractor's shape. */
function extraction(entities: [name: string, type: string, confidence: number][], relationships: [string, string][] = []): Extraction {
  return {
    entities: entities.map(([name, entity_type, confidence]) => ({ name, entity_type, confidence })),
    relationships: relationships.map(([source, target]) => ({ source, target, relation_type: 'WORKS_WITH', confidence: 0.7 })),
  } as Extraction;
}

// One batch of the background queue: names repeated across memories, a guessed type voted on from several of them,
// a type one memory is sure of, an alias learned, a relation, and a memory that mentions nothing.
const BATCH: [string, Extraction][] = [
  ['m1', extraction([['Heron', 'person', 0.55], ['Priya', 'person', 0.9]], [['Priya', 'Heron']])],
  ['m2', extraction([['Heron', 'product', 0.6], ['Lisbon', 'location', 0.9]])],
  ['m3', extraction([['heron', 'product', 0.6], ['Priya', 'person', 0.9]])],
  ['m4', extraction([])],
  ['m5', extraction([['Heron', 'organization', 0.95], ['Lisbon', 'location', 0.9], ['Priya', 'person', 0.9]], [['Priya', 'Lisbon']])],
];

/** The graph as a person reads it, without ids: entities by name, and who mentions and relates to whom. */
async function graphOf(store: Store) {
  const ids = (await store.mentions.entityIdsOf(BATCH.map(([id]) => id))) as Map<string, string[]>;
  const all = [...new Set([...ids.values()].flat())];
  const entities = await store.entities.getMany(all);
  const name = new Map(entities.map(e => [e.id, e.name]));
  const relations = await store.entityRelations.touching(all, 100);
  return {
    entities: entities
      .map(e => ({ name: e.name, type: e.entity_type, confidence: e.confidence, aliases: e.aliases, metadata: e.metadata, mentions: e.mention_count }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    mentions: [...ids].map(([memory, list]) => `${memory}: ${list.map(id => name.get(id)).sort().join(', ')}`).sort(),
    relations: relations.map(r => `${r.memory_id} ${name.get(r.source_entity_id)} → ${name.get(r.target_entity_id)}`).sort(),
  };
}

for (const backend of STORE_BACKENDS) describe(`writing the graphs of a batch at once (${backend.name})`, () => {
  const stores: Store[] = [];
  after(() => Promise.all(stores.map(s => s.close())));

  async function storeWithMemories() {
    const store = await backend.fresh();
    stores.push(store);
    await store.transaction(async tx => {
      for (const [i, [id]] of BATCH.entries()) await tx.memories.insert(memoryRecord(id, { created_at: atSecond(i), updated_at: atSecond(i) }));
    });
    return store;
  }
  let next = 0;
  const deps = { ids: { next: () => `id-${String(++next).padStart(4, '0')}` }, clock: { now: () => atSecond(30) } };

  test('gives the same graph as writing each memory in turn', async () => {
    const oneByOne = await storeWithMemories();
    for (const [id, found] of BATCH) await oneByOne.transaction(tx => writeMemoryGraph(tx, deps, { id }, found, { replace: true, present: false }));
    const together = await storeWithMemories();
    const graphs = await together.transaction(tx => writeMemoryGraphs(tx, deps, BATCH.map(([id, found]) => ({ memory: { id }, extraction: found })), { replace: true }));

    const expected = await graphOf(oneByOne);
    assert.deepEqual(await graphOf(together), expected);
    // Heron: a guess (person) outvoted by two guesses (product), then a type one memory is sure of; one entity throughout.
    const heron = expected.entities.find(e => e.name === 'Heron')!;
    assert.equal(heron.type, 'organization');
    assert.equal(heron.mentions, 4);
    assert.equal(expected.entities.filter(e => e.name.toLowerCase() === 'heron').length, 1);
    assert.deepEqual(
      graphs.map(g => [g.entityIds.length, g.relationships]),
      [[2, 3], [2, 2], [2, 2], [0, 0], [3, 4]],
    );
  });

  test('written again, a batch replaces each memory’s automatic graph and leaves no orphan entity', async () => {
    const store = await storeWithMemories();
    const write = (batch: [string, Extraction][]) =>
      store.transaction(tx => writeMemoryGraphs(tx, deps, batch.map(([id, found]) => ({ memory: { id }, extraction: found })), { replace: true }));
    await write(BATCH);
    await write([
      ['m2', extraction([['Lisbon', 'location', 0.9]])],
      ['m5', extraction([['Lisbon', 'location', 0.9], ['Porto', 'location', 0.9]])],
    ]);
    const graph = await graphOf(store);
    assert.deepEqual(graph.mentions, ['m1: Heron, Priya', 'm2: Lisbon', 'm3: Heron, Priya', 'm5: Lisbon, Porto']);
    assert.deepEqual(graph.relations, ['m1 Priya → Heron']);
    assert.deepEqual(graph.entities.map(e => `${e.name} ${e.mentions}`), ['Heron 2', 'Lisbon 2', 'Porto 1', 'Priya 2']);
  });
});
