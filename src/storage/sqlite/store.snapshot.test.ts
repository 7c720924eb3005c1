import { test } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, createMemory } from '../../../test/helpers.ts';

test('a snapshot read keeps seeing the data as it was while new memories are written and committed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-snapshot-'));
  const app = await buildTestApp({ dataDir: dir, databasePath: join(dir, 'cairn.db') });
  try {
    await createMemory(app, { content: 'written before the snapshot' });
    const { before, after, writtenMeanwhile } = await app.deps.store.readSnapshot(async repos => {
      const count = async () => (await repos.memories.list({ space_id: 'default', states: ['active'], importance_min: 0, limit: 10, offset: 0 })).total;
      const before = await count();
      const writtenMeanwhile = await createMemory(app, { content: 'written while the snapshot is open' }); // must not wait for the reader
      return { before, after: await count(), writtenMeanwhile };
    });
    assert.equal(before, 1);
    assert.equal(after, 1);
    assert.ok(await app.deps.store.memories.getById(writtenMeanwhile), 'the write committed while the snapshot was open');
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an in-memory store reads its snapshot on the main connection', async () => {
  const app = await buildTestApp();
  try {
    await createMemory(app, { content: 'one memory' });
    const found = await app.deps.store.readSnapshot(async repos => (await repos.memories.listFavorites(10)).length + (await repos.memories.idsInSpace('default')).length);
    assert.equal(found, 1);
  } finally {
    await app.close();
  }
});
