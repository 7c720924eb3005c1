import { test } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, createMemory, del, get, post } from '../../../test/helpers.ts';
import type { Repos, Store } from '../../storage/ports.ts';
import { createCrystal } from './create.ts';
import { crystalDetails } from '../readModel/crystals.ts';

test('crystal details list sources heaviest first, hide forgotten and deleted ones, and say why each is stale', async () => {
  const app = await buildTestApp();
  try {
    const ids = [
      await createMemory(app, { content: 'Short note on Redis.' }),
      await createMemory(app, { content: 'Redis keeps the session cache. Redis evicts keys with LRU. Redis runs on port 6379.' }),
      await createMemory(app, { content: 'Redis replicas serve reads.' }),
    ];
    const plain = await createMemory(app, { content: 'Not a crystal' });
    const crystalId = (await post(app, '/crystals', { memory_ids: ids })).body.id;
    await post(app, `/memories/${ids[0]}/forget`, {});
    await del(app, `/memories/${ids[2]}`);

    const details = await crystalDetails(app.deps, [crystalId, plain]);
    assert.deepEqual([...details.keys()], [crystalId]);
    const crystal = details.get(crystalId)!;
    assert.equal(crystal.synthesis, 'extractive');
    assert.equal(crystal.stale, true);
    const weights = crystal.sources.map(s => s.contribution_weight);
    assert.deepEqual(weights, [...weights].sort((a, b) => b - a));
    assert.equal(crystal.sources[0]!.memory_id, ids[1]);
    const byId = new Map(crystal.sources.map(s => [s.memory_id, s]));
    assert.equal(byId.get(ids[1]!)!.memory!.id, ids[1]);
    assert.equal(byId.get(ids[1]!)!.stale_reason, null);
    assert.deepEqual([byId.get(ids[0]!)!.memory, byId.get(ids[0]!)!.stale_reason], [null, 'source_forgotten']);
    assert.deepEqual([byId.get(ids[2]!)!.memory, byId.get(ids[2]!)!.stale_reason], [null, 'source_deleted']);
  } finally {
    await app.close();
  }
});

test('a crystal whose sources cannot be written leaves no crystal memory behind', async () => {
  const app = await buildTestApp();
  try {
    const ids = [await createMemory(app, { content: 'Apples are red.' }), await createMemory(app, { content: 'Apples grow in Alcobaça.' })];
    const failing: Store = Object.create(app.deps.store);
    const fullDisk = <T>(work: (tx: Repos) => Promise<T>) => (tx: Repos) =>
      work({ ...tx, crystals: { ...tx.crystals, insert: async () => { throw new Error('disk full'); } } });
    failing.transaction = work => app.deps.store.transaction(fullDisk(work));
    failing.groupTransaction = work => app.deps.store.groupTransaction(fullDisk(work));
    await assert.rejects(createCrystal({ ...app.deps, store: failing }, { memory_ids: ids }), /disk full/);
    const all = (await get(app, '/memories?limit=100')).body;
    assert.equal(all.pagination.total, 2);
    assert.equal((await get(app, '/memories?is_crystal=true')).body.pagination.total, 0);
  } finally {
    await app.close();
  }
});
