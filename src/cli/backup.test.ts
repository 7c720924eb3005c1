/**
 * `cairn backup` and `cairn restore` through their process, against a data dir a real server process uses.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { makeTempDir, REPO_ROOT, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { serverProgram } from '../../test/cli.ts';
import { createMemoryOn } from '../../test/server.ts';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
after(async () => {
  await Promise.all(servers.map(s => s.stop('SIGKILL')));
  for (const dir of dirs) removeDir(dir);
});

function tempDir(): string {
  const dir = makeTempDir('cairn-backup-');
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServer({ entry: 'launcher', dataDir });
  servers.push(server);
  return server;
}

/** Runs the CLI as a user would; resolves with its exit code and output whatever the code. */
async function cairn(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const program = await serverProgram();
  return new Promise(resolve => {
    execFile(process.execPath, [...program, ...args], { cwd: REPO_ROOT, env: { ...process.env, CAIRN_DATA_DIR: '' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const status = async (server: ServerProcess, id: string) => (await fetch(`${server.url}/memories/${id}`)).status;

/** The memory ids a database file holds, read straight from the file after an integrity check. */
function memoryIdsIn(path: string): string[] {
  const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    return (db.prepare('select id from memories order by id').all() as { id: string }[]).map(r => r.id);
  } finally {
    db.close();
  }
}

/** Every file of the data dir with a hash of its content: what "left untouched" is checked against. */
function snapshot(dataDir: string): Record<string, string> {
  const files = readdirSync(dataDir).filter(name => name.startsWith('cairn.db'));
  return Object.fromEntries(files.map(name => [name, createHash('sha256').update(readFileSync(join(dataDir, name))).digest('hex')]));
}

describe('cairn backup and cairn restore', () => {
  const work = tempDir();
  const dataDir = join(work, 'data');
  const backupPath = join(work, 'backup.db');
  let server: ServerProcess;
  const backedUp: string[] = [];
  let writtenAfter: string;

  before(async () => {
    server = await start(dataDir);
    for (let i = 0; i < 40; i++) backedUp.push(await createMemoryOn(server, `Backed-up fact ${i}: the boiler is serviced every October.`));
  });

  test('a backup taken while the server is writing is an intact database holding the data', async () => {
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) await createMemoryOn(server, `Written during the backup ${i}`);
    })();
    const result = await cairn('backup', backupPath, '--data-dir', dataDir);
    writing = false;
    await writer;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /Backed up to .*backup\.db \(\d+(\.\d)? [KM]B\): \d+ memories/);
    const ids = memoryIdsIn(backupPath);
    for (const id of backedUp) assert.ok(ids.includes(id), `memory ${id} is missing from the backup`);
    assert.ok(!existsSync(`${backupPath}-wal`), 'the backup is a single file');
  });

  test('a backup does not overwrite an existing file unless --overwrite (or --force, its older name)', async () => {
    const before = readFileSync(backupPath);
    const refused = await cairn('backup', backupPath, '--data-dir', dataDir);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /already exists: choose another path, or pass --overwrite/);
    assert.deepEqual(readFileSync(backupPath), before);
    const forced = await cairn('backup', join(work, 'forced.db'), '--data-dir', dataDir);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal((await cairn('backup', join(work, 'forced.db'), '--force', '--data-dir', dataDir)).code, 0);
    assert.equal((await cairn('backup', join(work, 'forced.db'), '--overwrite', '--data-dir', dataDir)).code, 0);
  });

  test('a backup into a folder is written there under a time-stamped name', async () => {
    const folder = tempDir();
    const result = await cairn('backup', folder, '--data-dir', dataDir);
    assert.equal(result.code, 0, result.stderr);
    const [written] = readdirSync(folder);
    assert.match(written!, /^cairn-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.db$/);
    assert.ok(memoryIdsIn(join(folder, written!)).includes(backedUp[0]!));
  });

  test('a restore is refused while the server runs, and the data stays as it was', async () => {
    writtenAfter = await createMemoryOn(server, 'Written after the backup');
    const refused = await cairn('restore', backupPath, '--data-dir', dataDir);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /A Cairn server is running on .*data: stop it before restoring/);
    assert.equal(await status(server, writtenAfter), 200);
    assert.ok(!readdirSync(dataDir).some(name => name.includes('before-restore')));
  });

  test('a file that is not a Cairn database is refused and the data dir is left untouched', async () => {
    await server.stop('SIGTERM');
    const untouched = snapshot(dataDir);
    const text = join(work, 'notes.txt');
    writeFileSync(text, 'just some notes, not a database\n'.repeat(100));
    const other = join(work, 'other.db');
    const db = new BetterSqlite3(other);
    db.exec('create table things (id text)');
    db.close();
    for (const [path, message] of [
      [text, /notes\.txt is not a Cairn database: not a readable SQLite file/],
      [other, /other\.db is not a Cairn database: it has no memories or migrations table/],
      [join(work, 'missing.db'), /missing\.db does not exist/],
    ] as const) {
      const refused = await cairn('restore', path, '--data-dir', dataDir);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, message);
    }
    assert.deepEqual(snapshot(dataDir), untouched);
  });

  test('a backup from a newer Cairn (a schema migration this one lacks) is refused', async () => {
    const newer = join(work, 'newer.db');
    assert.equal((await cairn('backup', newer, '--data-dir', dataDir)).code, 0);
    const db = new BetterSqlite3(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('999_from_the_future', new Date().toISOString());
    db.close();
    const untouched = snapshot(dataDir);
    const refused = await cairn('restore', newer, '--data-dir', dataDir);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /comes from a newer Cairn \(schema 999_from_the_future unknown to this version\)/);
    assert.deepEqual(snapshot(dataDir), untouched);
  });

  test('once the server is stopped, a restore brings back the backed-up memories and keeps the replaced database', async () => {
    const restored = await cairn('restore', backupPath, '--data-dir', dataDir);
    assert.equal(restored.code, 0, restored.stderr);
    assert.match(restored.stdout, /Restored .*cairn\.db .*\d+ memories/);
    assert.match(restored.stdout, /kept as .*cairn\.db\.before-restore-/);
    const kept = readdirSync(dataDir).find(name => name.startsWith('cairn.db.before-restore-'))!;
    assert.ok(memoryIdsIn(join(dataDir, kept)).includes(writtenAfter), 'the replaced database keeps its last writes');

    const again = await start(dataDir);
    for (const id of backedUp) assert.equal(await status(again, id), 200);
    assert.equal(await status(again, writtenAfter), 404);
    await again.stop('SIGTERM');
  });
});
