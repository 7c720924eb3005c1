import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { buildTestApp, createMemory } from '../../../test/helpers.ts';
import { startWalCheckpoints } from './walCheckpoints.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-wal-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What a plain copy of cairn.db alone (without its -wal) would hold: the memories in the main file. */
function memoriesInMainFile(databasePath: string, name: string): number {
  const copy = join(dir, name);
  copyFileSync(databasePath, copy);
  const db = new BetterSqlite3(copy, { readonly: true });
  try {
    const table = db.prepare("select name from sqlite_master where name = 'memories'").get();
    return table ? (db.prepare('select count(*) as n from memories').get() as { n: number }).n : 0; // even the schema may be only in the log
  } finally {
    db.close();
  }
}

test('while the server runs, the write-ahead log reaches cairn.db on a timer, so a plain copy holds recent writes', async () => {
  const databasePath = join(dir, 'timer', 'cairn.db');
  const app = await buildTestApp({ storage: 'sqlite', databasePath, walCheckpointMs: 30 });
  try {
    await createMemory(app, { content: 'The spare key is under the blue flowerpot.' });
    await sleep(200);
    assert.equal(memoriesInMainFile(databasePath, 'timer-copy.db'), 1);
  } finally {
    await app.close();
  }
});

test('without the timer a small write stays in the log and a plain copy misses it', async () => {
  const databasePath = join(dir, 'no-timer', 'cairn.db');
  const app = await buildTestApp({ storage: 'sqlite', databasePath, walCheckpointMs: 0 });
  try {
    await createMemory(app, { content: 'The spare key is under the blue flowerpot.' });
    await sleep(200);
    assert.equal(memoriesInMainFile(databasePath, 'no-timer-copy.db'), 0);
  } finally {
    await app.close();
  }
});

test('with read workers the log reaches cairn.db every second, even with the timer turned off', async () => {
  // SQLite's own checkpoint, run by commits, is off then (store.ts): the timer is what copies the log.
  const databasePath = join(dir, 'readers', 'cairn.db');
  const app = await buildTestApp({ storage: 'sqlite', databasePath, walCheckpointMs: 0, readWorkers: 1 });
  try {
    await createMemory(app, { content: 'The spare key is under the blue flowerpot.' });
    await sleep(1_500);
    assert.equal(memoriesInMainFile(databasePath, 'readers-copy.db'), 1);
  } finally {
    await app.close();
  }
});

test('checkpoints run on every tick and stop when stopped', async () => {
  const db = new BetterSqlite3(join(dir, 'ticks.db'));
  db.pragma('journal_mode = WAL');
  const checkpoints = startWalCheckpoints(db, 10);
  try {
    await sleep(80);
    assert.ok(checkpoints.runs >= 2, `ran ${checkpoints.runs} times`);
    checkpoints.stop();
    const stopped = checkpoints.runs;
    await sleep(60);
    assert.equal(checkpoints.runs, stopped);
  } finally {
    checkpoints.stop();
    db.close();
  }
});
