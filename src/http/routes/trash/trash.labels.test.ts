import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, createMemory, del, get, post } from '../../../../test/helpers.ts';

test('restoring a memory whose label was merged away since brings it back under the kept label, not a new fork', async () => {
  const app = await buildTestApp();
  try {
    const trashed = await createMemory(app, { content: 'Ana leads the design review', labels: ['People'] });
    const kept = (await post(app, '/labels?name=people')).body;
    const source = (await get(app, '/labels')).body.find((l: any) => l.name === 'People');
    await del(app, `/memories/${trashed}`);
    assert.equal((await post(app, `/labels/merge?source_id=${source.id}&target_id=${kept.id}`)).status, 200);

    assert.deepEqual((await post(app, '/trash/restore', { ids: [trashed] })).body.results, [{ id: trashed, status: 'restored' }]);
    const memory = await get(app, `/memories/${trashed}`);
    assert.deepEqual(memory.body.labels.map((l: any) => l.name), ['people']);
    assert.deepEqual((await get(app, '/labels')).body.map((l: any) => l.name), ['people']);
  } finally {
    await app.close();
  }
});
