import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Store } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { assembleStore } from '../shared/assembleStore.ts';
import { sqliteAdapter } from './adapter.ts';
import { withStatementCache } from './connection.ts';
import { startWalCheckpoints } from './walCheckpoints.ts';
import type { SqliteVectorOptions } from './vectors.ts';
import { type WriteToken, writeTokenDialect } from './writeToken.ts';

export interface SqliteOptions {
  /** A file path, or ':memory:' for tests. */
  path: string;
  /** 'normal' (default) survives a process crash; 'full' also survives power loss, at a cost in write speed. */
  synchronous?: 'normal' | 'full';
  /** How often the write-ahead log is checkpointed into the database file (walCheckpoints.ts); 0 or absent: only by SQLite's own threshold. */
  walCheckpointMs?: number;
  /** HNSW for spaces of many vectors (usearch, passed in by the composition root); without it vector search stays exact. */
  ann?: SqliteVectorOptions['ann'];
  /** Read workers open the file too (mainReadPool.ts): checkpoints then run on a timer, at least every second, not in commits. */
  readWorkers?: boolean;
  /**
   * Shared with other threads that write to the same file on connections of their own (mainBackgroundPool.ts): this
   * connection writes only while it holds the token.
   */
  writeToken?: WriteToken;
  /**
   * False for a worker thread's connection beside the server's: the schema is not brought up to date and the log is
   * not checkpointed on a timer (the server's connection does both).
   */
  ownsFile?: boolean;
}

/**
 * How often the log is checkpointed while read workers read. SQLite's own checkpoint runs in the commit that takes
 * the log past 1000 pages, and it can only reset the log when no reader is using it: with a worker reading nearly
 * all the time the log stays past the threshold, so every commit checkpointed again, with its fsyncs, on the event
 * loop (9 % of the server thread's time in the mixed benchmark). A timer does it once a second instead.
 */
const READ_WORKERS_CHECKPOINT_MS = 1_000;
/** A backstop should the timer keep finding a transaction open: commits checkpoint once the log passes ~40 MB. */
const READ_WORKERS_AUTOCHECKPOINT_PAGES = 10_000;

/** Opens (creating when missing) the SQLite database in WAL mode and brings its schema up to date. */
export async function openSqliteStore(options: SqliteOptions): Promise<Store> {
  if (options.path !== ':memory:') {
    // Memories are private: the folder and the database (SQLite gives its -wal and -shm files the same mode) are the owner's alone.
    mkdirSync(dirname(options.path), { recursive: true, mode: 0o700 });
    closeSync(openSync(options.path, 'a', 0o600));
  }
  const sqlite = new BetterSqlite3(options.path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  if (options.readWorkers) sqlite.pragma(`wal_autocheckpoint = ${READ_WORKERS_AUTOCHECKPOINT_PAGES}`);
  const database = withStatementCache(sqlite);
  const dialect = options.writeToken
    ? writeTokenDialect({ database }, options.writeToken, { readOnly: sql => database.prepare(sql).readonly, inTransaction: () => sqlite.inTransaction })
    : new SqliteDialect({ database });
  const db = new Kysely<Database>({ dialect });

  if (options.ownsFile !== false) {
    const { error, results } = await new Migrator({ db, provider: sqliteAdapter.migrations }).migrateToLatest();
    const failed = results?.find(r => r.status === 'Error');
    if (error || failed) {
      await db.destroy();
      throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
    }
  }

  const checkpointMs = options.readWorkers ? Math.min(options.walCheckpointMs || READ_WORKERS_CHECKPOINT_MS, READ_WORKERS_CHECKPOINT_MS) : options.walCheckpointMs;
  const checkpoints = options.path !== ':memory:' && options.ownsFile !== false && checkpointMs ? startWalCheckpoints(sqlite, checkpointMs) : null;

  return assembleStore(sqliteAdapter, { db, sqlite, path: options.path, ann: options.ann, checkpoints });
}
