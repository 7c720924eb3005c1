import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from './store.ts';
import { backupSqliteDatabase } from './backup.ts';
import { scratchDir } from '../../../test/scratch.ts';

test('a backup never replaces the live database, its write-ahead log or the server lock, even with --force', async () => {
  const dir = scratchDir('cairn-backup-target-');
  const databasePath = join(dir, 'cairn.db');
  const store = await openSqliteStore({ path: databasePath });
  try {
    const wal = readFileSync(`${databasePath}-wal`);
    for (const name of ['cairn.db', 'cairn.db-wal', 'cairn.db-shm', 'cairn.lock']) {
      await assert.rejects(backupSqliteDatabase({ databasePath, target: join(dir, name), force: true }), /cannot be written over the live database/, name);
    }
    assert.deepEqual(readFileSync(`${databasePath}-wal`), wal);
    const summary = await backupSqliteDatabase({ databasePath, target: join(dir, 'elsewhere.db') });
    assert.equal(summary.path, join(dir, 'elsewhere.db'), 'a file of another name in the data dir is fine');
    assert.ok(summary.bytes > 0);
  } finally {
    await store.close();
  }
});
