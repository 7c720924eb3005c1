import type { Config } from './config.ts';
import { refuseMovedStore } from './storage/sqlite/movedMarker.ts';
import { backupSqliteDatabase, type DatabaseSummary, restoreSqliteDatabase, type RestoreSummary } from './storage/sqlite/backup.ts';

/**
 * The composition root of `cairn backup` and `cairn restore`: it picks the backend's way to copy a database and
 * loads nothing of the HTTP server, so a backup runs beside a live server without starting a second one.
 */

function requireSqlite(config: Pick<Config, 'storage'>, verb: string): void {
  if (config.storage !== 'sqlite') {
    throw new Error(`cairn ${verb} copies the SQLite store; a PostgreSQL store (CAIRN_STORAGE=${config.storage}) is backed up with pg_dump and restored with pg_restore`);
  }
}

/** A consistent single-file copy of the data dir's database, taken whether or not a server is running. */
export async function backupData(
  config: Pick<Config, 'storage' | 'databasePath' | 'dataDir'>,
  target: string,
  options: { overwrite?: boolean; useMovedStore?: boolean } = {},
): Promise<DatabaseSummary> {
  requireSqlite(config, 'backup');
  refuseMovedStore(config.dataDir, 'back up', options.useMovedStore); // a moved store is stale: its copy would mislead
  return backupSqliteDatabase({ databasePath: config.databasePath, target, force: options.overwrite });
}

/** Replaces the data dir's database with a backup; refuses while a server runs on the data dir. */
export async function restoreData(config: Pick<Config, 'storage' | 'dataDir' | 'databasePath'>, source: string): Promise<RestoreSummary> {
  requireSqlite(config, 'restore');
  return restoreSqliteDatabase({ dataDir: config.dataDir, databasePath: config.databasePath, source });
}
