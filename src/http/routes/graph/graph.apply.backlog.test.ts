import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, del, get, post, settleBackground } from '../../../../test/helpers.ts';

/**
 * The report this reproduces: memories posted at once build a backlog in the background queue; a memory created right
 * after, with an entity applied to it at once, lost the applied mention when the queue reached it and wrote its own
 * extraction, so a cascade delete then reported `deleted_entities: 0` and left the entity orphaned.
 * CAIRN_RACE_BACKLOG sets the backlog (the report had 300; the default keeps the test short), CAIRN_RACE_ROUNDS the rounds.
 */
const BACKLOG = Number(process.env.CAIRN_RACE_BACKLOG ?? 30);
const ROUNDS = Number(process.env.CAIRN_RACE_ROUNDS ?? 5);

interface Entity {
  id: string;
  name: string;
  mention_count: number;
}

test(`an apply made right behind a backlog of ${BACKLOG} memories survives the queue, ${ROUNDS} times in a row`, async () => {
  const app = await buildTestApp();
  try {
    let raced = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const backlog = await Promise.all(
        Array.from({ length: BACKLOG }, (_, i) => post(app, '/memories', { content: `Standup ${round}.${i}: Priya reviewed the Stripe invoices with Tomas in Lisbon.` })),
      );
      assert.ok(backlog.every(r => r.status === 200));
      const created = await post(app, '/memories', { content: `Round ${round}: Amara signed the lease in Nairobi.` });
      assert.equal(created.status, 200);
      const id = created.body.id;
      const name = `Project Heron ${round}`;
      const applied = await post(app, `/memories/${id}/extract-kg/apply`, { resolution: 'exact', entities: [{ name, entity_type: 'project' }] });
      assert.equal(applied.status, 200, applied.text);
      const entityId = applied.body.resolved_entities[0].entity_id;
      // The memory is behind the backlog: the apply lands while it still waits (counted, so a fast machine that
      // drained the queue meanwhile in one round does not fail the test; all rounds would say the race was missed).
      if ((await get(app, '/health')).body.background_queue.pending > 0) raced++;

      await settleBackground(app);
      const entity = (await get(app, `/entities/${entityId}`)).body;
      assert.equal(entity.mention_count, 1, `round ${round}: the applied entity is still mentioned`);
      assert.deepEqual(
        entity.memories.map((m: { id?: string; memory_id?: string }) => m.memory_id ?? m.id),
        [id],
      );

      const deleted = await del(app, `/memories/${id}`);
      assert.equal(deleted.status, 200);
      assert.ok(deleted.body.deleted_entities >= 1, `round ${round}: ${deleted.text}`);
      assert.equal((await get(app, `/entities/${entityId}`)).status, 404, `round ${round}: the applied entity went with the memory`);
      const listed = (await get<Entity[]>(app, '/entities?limit=200')).body;
      assert.ok(listed.length > 0 && listed.every(e => typeof e.mention_count === 'number'));
      const orphans = listed.filter(e => e.mention_count === 0);
      assert.deepEqual(orphans, [], `round ${round}: no entity is left that nothing mentions`);
    }
    assert.ok(raced > 0, 'in some round the apply landed before the queue reached the memory');
  } finally {
    await app.close();
  }
});
