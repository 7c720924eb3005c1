import { test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, createMemory, del, get, post } from '../../../../test/helpers.ts';

test('a crystal deleted and restored from the trash is a crystal again, with its sources', async () => {
  const app = await buildTestApp();
  try {
    const a = await createMemory(app, { content: 'The team moved standups to 9am. Standups stay short.' });
    const b = await createMemory(app, { content: 'Standups happen at 9am in room 4. Notes go to the wiki.' });
    const crystal = await post(app, '/crystals', { memory_ids: [a, b] });
    assert.equal(crystal.status, 200);
    const before = (await get(app, `/memories/${crystal.body.id}`)).body;
    assert.equal((await del(app, `/memories/${crystal.body.id}`)).status, 200);
    const restored = await post(app, '/trash/restore', { ids: [crystal.body.id] });
    assert.equal(restored.status, 200);
    const after = (await get(app, `/memories/${crystal.body.id}`)).body;
    assert.equal(after.is_crystal, true);
    assert.deepEqual(after.crystal, before.crystal);
    assert.equal(after.crystal.source_count, 2);
  } finally {
    await app.close();
  }
});
