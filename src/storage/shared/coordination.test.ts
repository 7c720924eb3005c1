/** Leases, embedding claims and job leases: the storage contract of several processes sharing one store, on every backend. */
import { test, describe, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../../test/backends.ts';
import { atSecond, memoryRecord } from '../../../test/fixtures/records.ts';
import { TEST_DATABASE_URL, testDatabase } from '../../../test/postgres.ts';
import { openPostgresStore } from '../postgres/store.ts';
import { createPool } from '../postgres/connection.ts';
import type { JobRecord, Store } from '../ports.ts';

const at = atSecond;

const claimEmbeddings = (store: Store, holder: string, now: number, limit = 10) =>
  store.search.pendingEmbeddings(limit, { holder, now: at(now), lease_until: at(now + 60) }).then(rows => rows.map(r => r.id));

function job(id: string, lease_until: string | null): JobRecord {
  return { id, kind: 'export', status: 'running', progress: 0.5, params: {}, result: null, error: null, created_at: at(0), started_at: at(0), completed_at: null, owner: 'p', lease_until };
}

for (const backend of STORE_BACKENDS) describe(`coordination of processes (${backend.name})`, () => {
  let store: Store;
  beforeEach(async () => {
    store = await backend.fresh();
  });
  afterEach(() => store.close());

  test('a lease goes to one holder at a time until it runs out', async () => {
    assert.equal(await store.leases.tryAcquire('detect', 'a', at(0), at(30)), true);
    assert.equal(await store.leases.tryAcquire('detect', 'b', at(10), at(40)), false);
    assert.equal(await store.leases.holderOf('detect', at(10)), 'a');
    assert.equal(await store.leases.tryAcquire('detect', 'b', at(31), at(60)), true);
    assert.equal(await store.leases.holderOf('detect', at(40)), 'b');
  });

  test('the holder extends its own lease, and a released lease is free at once', async () => {
    await store.leases.tryAcquire('purge', 'a', at(0), at(30));
    assert.equal(await store.leases.tryAcquire('purge', 'a', at(20), at(90)), true);
    assert.equal(await store.leases.tryAcquire('purge', 'b', at(60), at(120)), false);
    await store.leases.release('purge', 'b'); // not b's: nothing happens
    assert.equal(await store.leases.holderOf('purge', at(60)), 'a');
    await store.leases.release('purge', 'a');
    assert.equal(await store.leases.tryAcquire('purge', 'b', at(61), at(120)), true);
  });

  test('two holders claiming the embedding queue get disjoint memories', async () => {
    await store.transaction(async tx => {
      for (const id of ['m1', 'm2', 'm3']) await tx.memories.insert(memoryRecord(id, { reindex_needed: true }));
    });
    assert.deepEqual(await claimEmbeddings(store, 'a', 1, 2), ['m1', 'm2']);
    assert.deepEqual(await claimEmbeddings(store, 'b', 2), ['m3']);
    assert.deepEqual(await claimEmbeddings(store, 'a', 3), ['m1', 'm2'], 'a holder sees its own claims again (a retry after a failure)');
  });

  test('an embedding claim whose holder died is claimed again once it runs out; saving ends the claim', async () => {
    await store.transaction(tx => tx.memories.insert(memoryRecord('m1', { reindex_needed: true })));
    await claimEmbeddings(store, 'dead', 0);
    assert.deepEqual(await claimEmbeddings(store, 'b', 30), []);
    assert.deepEqual(await claimEmbeddings(store, 'b', 61), ['m1']);
    assert.equal(await store.search.saveEmbeddings([{ memory_id: 'm1', version: 1, vector: new Float32Array([1, 0]) }], 'test', at(62)), 1);
    assert.deepEqual(await store.search.pendingEmbeddings(10), []);
  });

  test('a starting process fails only the jobs whose lease ran out', async () => {
    await store.jobs.insert(job('live', at(100)));
    await store.jobs.insert(job('dead', at(10)));
    await store.jobs.insert(job('old', null));
    assert.equal(await store.jobs.failUnfinished('Interrupted', at(50)), 2);
    assert.deepEqual(
      [await store.jobs.getById('live'), await store.jobs.getById('dead'), await store.jobs.getById('old')].map(j => j?.status),
      ['running', 'failed', 'failed'],
    );
  });
});

describe('two processes claiming one queue on PostgreSQL', { skip: !TEST_DATABASE_URL && 'needs CAIRN_TEST_DATABASE_URL' }, () => {
  test('concurrent claims of the extraction and embedding queues never hand a memory to both', async () => {
    const database = await testDatabase();
    const [one, two] = await Promise.all([1, 2].map(() => openPostgresStore(createPool({ url: database.url, poolSize: 4 }))));
    try {
      const ids = Array.from({ length: 200 }, (_, i) => `m${String(i).padStart(3, '0')}`);
      await one!.transaction(async tx => {
        for (const id of ids) {
          await tx.memories.insert(memoryRecord(id, { reindex_needed: true }));
          await tx.extractionQueue.enqueue({ memory_id: id, content_version: 1, level: '', queued_at: at(1), evolves: false });
        }
      });
      const claimers = Array.from({ length: 8 }, (_, i) => ({ store: i % 2 ? two! : one!, worker: `w${i}` }));
      const extraction = await Promise.all(
        claimers.map(c => c.store.extractionQueue.claim({ worker: c.worker, limit: 40, max_attempts: 3, now: at(10), lease_until: at(70) })),
      );
      const handed = extraction.flat().map(r => r.memory_id);
      assert.equal(new Set(handed).size, handed.length, 'an extraction row went to two workers');
      const embedding = await Promise.all(claimers.map(c => claimEmbeddings(c.store, c.worker, 10, 40)));
      const embedded = embedding.flat();
      assert.equal(new Set(embedded).size, embedded.length, 'a memory went to two embedders');
      assert.ok(embedded.length >= 40);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
      await database.drop();
    }
  });
});
