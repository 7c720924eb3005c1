import { test, describe, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../../test/backends.ts';
import { atSecond, memoryRecord } from '../../../test/fixtures/records.ts';
import type { Store } from '../ports.ts';

const at = atSecond;

const claim = (store: Store, worker: string, now: number, leaseSeconds = 60) =>
  store.extractionQueue.claim({ worker, limit: 10, max_attempts: 3, now: at(now), lease_until: at(now + leaseSeconds) });

for (const backend of STORE_BACKENDS) describe(`the background queue of memory writes (${backend.name})`, () => {
  let store: Store;
  beforeEach(async () => {
    store = await backend.fresh();
    await store.transaction(async tx => {
      for (const id of ['m1', 'm2']) {
        await tx.memories.insert(memoryRecord(id));
        await tx.extractionQueue.enqueue({ memory_id: id, content_version: 1, level: '', queued_at: at(id === 'm1' ? 1 : 2), evolves: true });
      }
    });
  });
  afterEach(() => store.close());

  test('a person writing the labels drops the label suggestion of a waiting request, and only that', async () => {
    await store.transaction(async tx => {
      await tx.memories.insert(memoryRecord('m3'));
      await tx.extractionQueue.enqueueNew({ memory_id: 'm3', content_version: 1, level: '', queued_at: at(3), evolves: true, auto_label: true });
    });
    assert.equal((await store.extractionQueue.get('m3'))?.auto_label, true);
    assert.equal(await store.extractionQueue.forgoAutoLabel('m3'), true);
    assert.deepEqual([(await store.extractionQueue.get('m3'))?.auto_label, (await store.extractionQueue.get('m3'))?.evolves], [false, true]);
    assert.equal(await store.extractionQueue.forgoAutoLabel('m3'), false, 'nothing left to drop');
    assert.equal(await store.extractionQueue.get('unknown'), undefined);
  });

  test('a claimed row is not handed to a second worker while its lease runs', async () => {
    assert.deepEqual((await claim(store, 'a', 10)).map(r => r.memory_id), ['m1', 'm2']);
    assert.deepEqual(await claim(store, 'b', 20), []);
  });

  test('a row whose worker died is claimed again once its lease ran out, and only the new claim may complete it', async () => {
    await claim(store, 'dead', 10, 30);
    assert.deepEqual((await claim(store, 'b', 50)).map(r => r.memory_id), ['m1', 'm2']);
    assert.equal(await store.extractionQueue.complete('m1', 1, 'dead'), false);
    assert.equal(await store.extractionQueue.complete('m1', 1, 'b'), true);
    assert.deepEqual(await store.extractionQueue.stats(3), { pending: 1, oldest_queued_at: at(2), failed: 0 });
  });

  test('a memory written again while claimed is queued anew, and the old claim can no longer mark it done', async () => {
    await claim(store, 'a', 10);
    await store.extractionQueue.enqueue({ memory_id: 'm1', content_version: 2, level: '', queued_at: at(11) });
    assert.deepEqual(await store.extractionQueue.markGraphDone([{ memory_id: 'm1', content_version: 1 }], 'a'), new Set());
    const [again] = await claim(store, 'b', 12);
    assert.deepEqual([again?.memory_id, again?.content_version, again?.evolves, again?.graph_done], ['m1', 2, true, false]);
  });

  test('a batch is marked and completed in one statement each, only where the row is still its claim for that version', async () => {
    await claim(store, 'a', 10);
    await store.extractionQueue.enqueue({ memory_id: 'm2', content_version: 2, level: '', queued_at: at(11) });
    const batch = [{ memory_id: 'm1', content_version: 1 }, { memory_id: 'm2', content_version: 1 }];
    assert.deepEqual(await store.extractionQueue.markGraphDone(batch, 'other'), new Set(), 'not its claim');
    assert.deepEqual(await store.extractionQueue.markGraphDone(batch, 'a'), new Set(['m1']), 'm2 was queued anew');
    assert.equal((await store.extractionQueue.get('m1'))?.graph_done, true);
    assert.equal((await store.extractionQueue.get('m2'))?.graph_done, false);
    assert.deepEqual(await store.extractionQueue.completeClaimed(batch, 'a'), new Set(['m1']));
    assert.equal(await store.extractionQueue.get('m1'), undefined);
    assert.equal((await store.extractionQueue.get('m2'))?.content_version, 2, 'the newer request waits');
    assert.deepEqual(await store.extractionQueue.completeClaimed([], 'a'), new Set());
  });

  test('rows failed too often count as failed, not pending', async () => {
    for (let i = 0; i < 3; i++) await store.extractionQueue.fail('m2', 'boom');
    assert.deepEqual(await store.extractionQueue.stats(3), { pending: 1, oldest_queued_at: at(1), failed: 1 });
    assert.deepEqual((await claim(store, 'a', 10)).map(r => r.memory_id), ['m1']);
  });
});

for (const backend of STORE_BACKENDS) describe(`group commit (${backend.name})`, () => {
  test('writes begun in the same turn commit together, and one that fails is rolled back alone', async () => {
    const store = await backend.fresh();
    try {
      const results = await Promise.allSettled(
        ['g1', 'g2', 'g3'].map(id =>
          store.groupTransaction(async tx => {
            await tx.memories.insert(memoryRecord(id));
            if (id === 'g2') throw new Error('bad request');
            return id;
          }),
        ),
      );
      assert.deepEqual(results.map(r => r.status), ['fulfilled', 'rejected', 'fulfilled']);
      assert.deepEqual((await store.memories.getMany(['g1', 'g2', 'g3'])).map(m => m.id).sort(), ['g1', 'g3']);
    } finally {
      await store.close();
    }
  });
});
