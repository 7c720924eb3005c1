import { chmodSync, existsSync, mkdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DataDirLockedError, lockDataDir } from './dataDirLock.ts';
import { sqliteMigrations } from './migrations/index.ts';

/** What a backup or a restore reports: the file, its size, and how many records of each main kind it holds. */
export interface DatabaseSummary {
  path: string;
  bytes: number;
  counts: Record<string, number>;
}

export interface RestoreSummary extends DatabaseSummary {
  /** Where the database that was replaced now lives; null when the data dir had none. */
  previous: string | null;
}

/** Tables counted in a summary, by the name the user reads. */
const COUNTED: [string, string][] = [
  ['memories', 'memories'],
  ['labels', 'labels'],
  ['entities', 'entities'],
  ['threads', 'threads'],
  ['messages', 'thread_messages'],
  ['agent_profiles', 'agent_profiles'],
];

/** sqlite3_backup_step's page count per step: everything in one step, so the copy is one read snapshot that writers cannot restart. */
const ALL_PAGES = 0x7fffffff;

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

function tableNames(db: BetterSqlite3.Database): Set<string> {
  const rows = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  return new Set(rows.map(r => r.name));
}

function countRecords(db: BetterSqlite3.Database): Record<string, number> {
  const tables = tableNames(db);
  const counts: Record<string, number> = {};
  for (const [name, table] of COUNTED) {
    if (tables.has(table)) counts[name] = (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
  }
  return counts;
}

/** Copies `source` (an open connection) into `target` through SQLite's online backup: one consistent snapshot. */
async function copyDatabase(source: BetterSqlite3.Database, target: string): Promise<void> {
  rmSync(target, { force: true });
  await source.backup(target, { progress: () => ALL_PAGES });
}

/** A fresh path in the target's folder, so the finished copy can be renamed into place atomically. */
/** The real path of an existing file (symbolic links resolved), else the path as given. */
const realOrSelf = (path: string) => (existsSync(path) ? realpathSync(path) : path);

const partialPath = (target: string) => join(dirname(target), `.${basename(target)}.partial-${process.pid}`);

/**
 * Copies the database at `databasePath` into the single file `target` with SQLite's online backup API: a
 * consistent snapshot (the write-ahead log included) taken while a server may keep writing. An existing target
 * is refused unless `force`; a target that is a folder receives `cairn-backup-<time>.db`. The file is written
 * beside the target and renamed into place, so a failed backup leaves no partial file under the target's name.
 */
export async function backupSqliteDatabase(options: { databasePath: string; target: string; force?: boolean; now?: Date }): Promise<DatabaseSummary> {
  const databasePath = resolve(options.databasePath);
  if (!existsSync(databasePath)) throw new Error(`No Cairn database at ${databasePath}: nothing to back up`);
  let target = resolve(options.target);
  if (existsSync(target) && statSync(target).isDirectory()) target = join(target, `cairn-backup-${stamp(options.now ?? new Date())}.db`);
  // Nothing of the live data dir may be replaced: the database, its -wal and -shm, or the server's lock.
  const dataDir = realOrSelf(dirname(databasePath));
  const liveFile = (path: string) => realOrSelf(dirname(path)) === dataDir && /^cairn\.(db|lock)/.test(basename(path));
  if (liveFile(target) || liveFile(realOrSelf(target))) throw new Error('The backup cannot be written over the live database or its files: choose a path outside the data dir');
  if (existsSync(target) && !options.force) throw new Error(`${target} already exists: choose another path, or pass --overwrite to replace it`);
  mkdirSync(dirname(target), { recursive: true });

  const partial = partialPath(target);
  const source = new BetterSqlite3(databasePath, { fileMustExist: true, timeout: 5_000 });
  try {
    await copyDatabase(source, partial);
    const copy = new BetterSqlite3(partial, { fileMustExist: true });
    let counts: Record<string, number>;
    try {
      copy.pragma('journal_mode = DELETE'); // one self-contained file: no -wal to carry along
      counts = countRecords(copy);
    } finally {
      copy.close();
    }
    chmodSync(partial, 0o600); // memories are private, their backups too
    renameSync(partial, target);
    return { path: target, bytes: statSync(target).size, counts };
  } finally {
    source.close();
    rmSync(partial, { force: true });
  }
}

/** Opens `path` read-only and proves it is an intact Cairn database this version can serve; throws a clear Error if not. */
function openCairnDatabase(path: string): BetterSqlite3.Database {
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  if (!statSync(path).isFile()) throw new Error(`${path} is not a file`);
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map(r => r.integrity_check);
    if (problems[0] !== 'ok') throw new Error(`${path} is damaged (integrity check: ${problems.slice(0, 3).join('; ')})`);
    const tables = tableNames(db);
    if (!tables.has('memories') || !tables.has('kysely_migration')) {
      throw new Error(`${path} is not a Cairn database: it has no memories or migrations table`);
    }
    return db;
  } catch (error) {
    db?.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new Error(`${path} is not a Cairn database: not a readable SQLite file`);
    throw error;
  }
}

/** Refuses a database whose schema has migrations this Cairn does not know: it comes from a newer version. */
async function requireKnownSchema(db: BetterSqlite3.Database, path: string): Promise<void> {
  const known = new Set(Object.keys(await sqliteMigrations.getMigrations()));
  const applied = (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(r => r.name);
  const unknown = applied.filter(name => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(`${path} comes from a newer Cairn (schema ${unknown.join(', ')} unknown to this version): upgrade Cairn before restoring it`);
  }
}

/** Checks `source` and copies it into the data dir under a temporary name; the caller renames it into place. */
async function stageRestore(source: string, staged: string): Promise<Record<string, number>> {
  const [wal, shm] = [`${source}-wal`, `${source}-shm`];
  const [walExisted, shmExisted] = [existsSync(wal), existsSync(shm)];
  const db = openCairnDatabase(source);
  try {
    await requireKnownSchema(db, source);
    const counts = countRecords(db);
    await copyDatabase(db, staged);
    return counts;
  } finally {
    db.close();
    // Reading a WAL-mode file creates an empty -wal and a -shm beside it: leave the backup's folder as it was.
    if (!walExisted && existsSync(wal) && statSync(wal).size === 0) rmSync(wal);
    if (!shmExisted && !existsSync(wal)) rmSync(shm, { force: true });
  }
}

/** Moves the current database aside as `<db>.before-restore-<time>`, its unflushed write-ahead log with it. */
function setAside(databasePath: string, now: Date): string | null {
  if (!existsSync(databasePath)) return null;
  try {
    const db = new BetterSqlite3(databasePath, { fileMustExist: true });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close(); // the last connection to close removes the write-ahead log
  } catch {
    // A damaged database is kept as it is, its log beside it.
  }
  const kept = `${databasePath}.before-restore-${stamp(now)}`;
  renameSync(databasePath, kept);
  const wal = `${databasePath}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) renameSync(wal, `${kept}-wal`);
  rmSync(wal, { force: true });
  rmSync(`${databasePath}-shm`, { force: true });
  return kept;
}

/**
 * Replaces the data dir's database with the backup at `source`. Refuses while a server holds the data dir (and
 * holds it itself meanwhile, so none starts), and refuses a file that is not an intact Cairn database or comes from
 * a newer Cairn, before changing anything. The replaced database is kept as `cairn.db.before-restore-<time>`.
 */
export async function restoreSqliteDatabase(options: { dataDir: string; databasePath: string; source: string; now?: Date }): Promise<RestoreSummary> {
  const source = resolve(options.source);
  const databasePath = resolve(options.databasePath);
  if (source === databasePath) throw new Error('A database cannot be restored from itself');
  let lock;
  try {
    lock = lockDataDir(options.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(`A Cairn server is running on ${options.dataDir}: stop it before restoring (a backup can be taken while it runs, a restore cannot)`);
    }
    throw error;
  }
  const staged = join(dirname(databasePath), `.cairn.db.restoring-${process.pid}`);
  try {
    const counts = await stageRestore(source, staged);
    chmodSync(staged, 0o600);
    const previous = setAside(databasePath, options.now ?? new Date());
    renameSync(staged, databasePath);
    return { path: databasePath, bytes: statSync(databasePath).size, counts, previous };
  } finally {
    rmSync(staged, { force: true });
    lock.release();
  }
}
