import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_BACKENDS } from '../../../test/backends.ts';
import { createJobRunner, failInterruptedJobs } from './jobs.ts';

const clock = { now: () => new Date().toISOString() };
let n = 0;
const ids = { next: () => `job-${++n}` };

for (const backend of STORE_BACKENDS) describe(`background jobs on a shared store (${backend.name})`, () => {
  test("a second process starting does not fail the first one's running job", async () => {
    const store = await backend.fresh();
    try {
      let finish!: () => void;
      const running = new Promise<void>(resolve => (finish = resolve));
      const first = createJobRunner({ store, clock, ids, holder: 'first', leaseMs: 60_000 });
      const job = await first.start('export', {}, async () => {
        await running;
        return { ok: true };
      });
      await new Promise(resolve => setTimeout(resolve, 20));
      assert.equal(await failInterruptedJobs({ store, clock }), 0); // what a second process does at start
      finish();
      await first.settle();
      assert.equal((await store.jobs.getById(job.id))?.status, 'completed');
    } finally {
      await store.close();
    }
  });

  test('a job whose process died (its lease not renewed) is failed by the next start', async () => {
    const store = await backend.fresh();
    try {
      const past = new Date(Date.now() - 120_000).toISOString();
      await store.jobs.insert({ id: 'orphan', kind: 'import', status: 'running', progress: 0.2, params: {}, result: null, error: null, created_at: past, started_at: past, completed_at: null, owner: 'dead', lease_until: past });
      assert.equal(await failInterruptedJobs({ store, clock }), 1);
      assert.equal((await store.jobs.getById('orphan'))?.status, 'failed');
    } finally {
      await store.close();
    }
  });

  test('a running job renews its lease and its progress while it runs', async () => {
    const store = await backend.fresh();
    try {
      let finish!: () => void;
      const running = new Promise<void>(resolve => (finish = resolve));
      const runner = createJobRunner({ store, clock, ids, holder: 'p', leaseMs: 60 });
      const job = await runner.start('export', {}, async progress => {
        progress(0.5);
        await running;
        return {};
      });
      const firstLease = (await store.jobs.getById(job.id))?.lease_until;
      await new Promise(resolve => setTimeout(resolve, 150));
      const row = await store.jobs.getById(job.id);
      assert.ok(row?.lease_until && firstLease && row.lease_until > firstLease);
      assert.equal(row?.progress, 0.5);
      finish();
      await runner.settle();
    } finally {
      await store.close();
    }
  });
});
