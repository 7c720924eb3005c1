/**
 * Concurrent requests on the same records end as they would one after the other, on either backend (SQLite runs
 * writes one at a time; on PostgreSQL, READ COMMITTED over a pool, the services take locks where a read decides a
 * write): one winner and 409s or 404s for the others, never a 500, never a state no serial order gives.
 */
import { after, before, describe, test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, del, get, post, type TestResponse } from '../../../../test/helpers.ts';

const ROUNDS = 4;

const statuses = (replies: TestResponse[]) => replies.map(r => r.status).sort();
const noServerError = (replies: TestResponse[]) =>
  assert.ok(replies.every(r => r.status < 500), replies.find(r => r.status >= 500)?.text);

describe('concurrent requests on one record', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app?.close());

  const memory = async (content: string) => (await post(app, '/memories', { content })).body.id as string;
  const label = async (name: string) => (await post(app, `/labels?name=${encodeURIComponent(name)}`)).body.id as string;
  /** The user's `replaces` edges into `older`. */
  const replacements = async (older: string) =>
    (await get(app, `/agent/evolves?memory_id=${older}&limit=200`)).body.edges.filter(
      (e: { older_id: string; detected_by: string }) => e.older_id === older && e.detected_by === 'user',
    );

  test('two supersedes of one memory: one wins, the other is a 409, one EVOLVES edge', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const older = await memory(`race ${round}: the first version`);
      const [one, two] = [await memory(`race ${round}: a second version`), await memory(`race ${round}: a third version`)];
      const replies = await Promise.all([one, two].map(newer => post(app, `/memories/${older}/supersede`, { newer_memory_id: newer })));
      assert.deepEqual(statuses(replies), [200, 409], replies.map(r => r.text).join('\n'));
      assert.equal((await replacements(older)).length, 1);
    }
  });

  test('four deletes of one memory: one 200, three 404s, one trash entry', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await memory(`deleted four times at once, round ${round}`);
      const replies = await Promise.all(Array.from({ length: 4 }, () => del(app, `/memories/${id}`)));
      assert.deepEqual(statuses(replies), [200, 404, 404, 404], replies.map(r => r.text).join('\n'));
      assert.equal((await get(app, `/trash?limit=100`)).body.items.filter((i: { id: string }) => i.id === id).length, 1);
    }
  });

  test('a bulk delete and single deletes of the same memories: each memory deleted once, in the trash once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await Promise.all(Array.from({ length: 3 }, (_, i) => memory(`bulk-deleted at once, round ${round}, ${i}`)));
      const [bulk, ...single] = await Promise.all([
        post(app, '/memories/bulk/delete', { selection: { memory_ids: ids } }),
        ...ids.map(id => del(app, `/memories/${id}`)),
      ]);
      noServerError([bulk!, ...single]);
      const deletedByBulk = bulk!.body.results.filter((r: { status: string }) => r.status === 'deleted').map((r: { id: string }) => r.id);
      assert.equal(bulk!.body.deleted_count, deletedByBulk.length);
      for (const [i, id] of ids.entries()) {
        // Exactly one of the two deleted it.
        assert.equal(Number(deletedByBulk.includes(id)) + Number(single[i]!.status === 200), 1, `${id}: ${single[i]!.status}, ${bulk!.text}`);
        assert.equal((await get(app, `/trash?limit=100`)).body.items.filter((item: { id: string }) => item.id === id).length, 1);
      }
    }
  });

  test('assigning a label while it is deleted: 200 or 404, and no label left on the memories', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => memory(`labelled while the label goes, round ${round}, ${i}`)));
      const doomed = await label(`doomed-${round}`);
      const [deleted, ...assigned] = await Promise.all([del(app, `/labels/${doomed}`), ...ids.map(id => post(app, `/memories/${id}/labels/${doomed}`))]);
      noServerError([deleted!, ...assigned]);
      assert.equal(deleted!.status, 200, deleted!.text);
      for (const reply of assigned) {
        assert.ok([200, 404].includes(reply.status), reply.text);
        if (reply.status === 404) assert.equal(reply.body.error_code, 'label_not_found');
      }
      for (const id of ids) assert.deepEqual((await get(app, `/memories/${id}/labels`)).body.labels, []);
    }
  });

  test('assigning a label while it is merged: a 200 leaves the memory with the target, a 404 without', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => memory(`labelled while the label merges, round ${round}, ${i}`)));
      const [source, target] = [await label(`merged-away-${round}`), await label(`merged-into-${round}`)];
      const [merged, ...assigned] = await Promise.all([
        post(app, `/labels/merge?source_id=${source}&target_id=${target}`),
        ...ids.map(id => post(app, `/memories/${id}/labels/${source}`)),
      ]);
      noServerError([merged!, ...assigned]);
      assert.equal(merged!.status, 200, merged!.text);
      for (const [i, id] of ids.entries()) {
        assert.ok([200, 404].includes(assigned[i]!.status), assigned[i]!.text);
        const names = (await get(app, `/memories/${id}/labels`)).body.labels.map((l: { name: string }) => l.name);
        assert.deepEqual(names, assigned[i]!.status === 200 ? [`merged-into-${round}`] : []);
      }
    }
  });

  test("reading a memory's labels while one of them is deleted never fails", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const labels = Array.from({ length: 6 }, (_, i) => `read-race-${round}-${i}`);
      const id = (await post(app, '/memories', { content: `read while labels go, round ${round}`, labels })).body.id;
      const listed = (await get(app, '/labels?limit=200')).body;
      const ids = (Array.isArray(listed) ? listed : listed.labels)
        .filter((l: { name: string }) => labels.includes(l.name))
        .map((l: { id: string }) => l.id);
      const replies = await Promise.all([
        ...ids.map((labelId: string) => del(app, `/labels/${labelId}`)),
        ...Array.from({ length: 8 }, () => get(app, `/memories/${id}/labels`)),
      ]);
      assert.deepEqual([...new Set(replies.map(r => r.status))], [200], replies.find(r => r.status !== 200)?.text);
    }
  });

  test('supersede and forget of one memory end as one of the two serial orders', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const older = await memory(`superseded and forgotten at once, round ${round}`);
      const newer = await memory(`the newer version, round ${round}`);
      const [superseded, forgotten] = await Promise.all([
        post(app, `/memories/${older}/supersede`, { newer_memory_id: newer }),
        post(app, `/memories/${older}/forget`, {}),
      ]);
      noServerError([superseded, forgotten]);
      // Forget is allowed from every state but forgotten: it succeeds whichever runs first.
      assert.equal(forgotten.status, 200, forgotten.text);
      const restored = await post(app, `/memories/${older}/restore`, {});
      assert.equal(restored.body.previous_state, 'forgotten');
      const edges = (await replacements(older)).length;
      if (superseded.status === 200) {
        // Supersede first: the forget found it superseded, and the edge stays.
        assert.equal(forgotten.body.previous_state, 'superseded');
        assert.equal(edges, 1);
        assert.ok(superseded.body.changed_at <= forgotten.body.changed_at, 'the move applied last carries the later time');
      } else {
        // Forget first: the supersede found it forgotten, and wrote nothing.
        assert.equal(superseded.status, 409, superseded.text);
        assert.equal(forgotten.body.previous_state, 'active');
        assert.equal(edges, 0);
      }
    }
  });
});
