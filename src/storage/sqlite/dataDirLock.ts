import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** Another process (a running server, or a restore) holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(`Another Cairn server is already running on ${dataDir}: stop it first, or give this one its own --data-dir`);
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data directory for this process alone, so a second server on the same data refuses to start.
 * The lock is SQLite's exclusive lock on `cairn.lock` (an empty database beside `cairn.db`): an operating-system
 * file lock, so it is released however the process ends (even SIGKILL) and a restart never finds a stale lock.
 * Other processes may still open `cairn.db` itself (the CLI, a backup, the sqlite3 shell).
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'cairn.lock');
  closeSync(openSync(path, 'a', 0o600));
  const lock = new BetterSqlite3(path, { timeout: 0 });
  try {
    lock.pragma('journal_mode = MEMORY'); // no -journal file beside it
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new DataDirLockedError(dataDir);
    }
    throw error;
  }
  return {
    release() {
      if (!lock.open) return;
      lock.exec('ROLLBACK');
      lock.close();
    },
  };
}
