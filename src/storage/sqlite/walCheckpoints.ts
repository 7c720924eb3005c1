import type BetterSqlite3 from 'better-sqlite3';

export interface WalCheckpoints {
  /** Checkpoints that have run (busy or not): what a test watches. */
  readonly runs: number;
  stop(): void;
}

/**
 * Copies the write-ahead log into the database file every `intervalMs` with a PASSIVE checkpoint (it never waits
 * for, nor blocks, readers and writers), so the main file is never far behind the log: a plain copy of `cairn.db`
 * then holds nearly everything. SQLite itself also checkpoints each time the log passes 1000 pages (about 4 MB).
 * The timer is unref'd (it never keeps the process alive); a tick while a transaction is open on the connection
 * is skipped, the next one catches up.
 */
export function startWalCheckpoints(sqlite: BetterSqlite3.Database, intervalMs: number, onError: (error: unknown) => void = () => {}): WalCheckpoints {
  let runs = 0;
  const timer = setInterval(() => {
    if (!sqlite.open || sqlite.inTransaction) return;
    runs++;
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      onError(error);
    }
  }, intervalMs);
  timer.unref();
  return {
    get runs() {
      return runs;
    },
    stop: () => clearInterval(timer),
  };
}
