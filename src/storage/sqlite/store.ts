import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Repos, Store } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { buildRepos } from '../shared/repos.ts';
import { createGroupCommit } from '../shared/groupCommit.ts';
import { sqliteMigrations } from './migrations/index.ts';
import { sqliteSearchRepo } from './search.ts';
import { sqliteThreadSearchRepo } from './threadSearch.ts';
import { startWalCheckpoints } from './walCheckpoints.ts';
import { sqliteVectorRepo, type SqliteVectorOptions } from './vectors.ts';

export interface SqliteOptions {
  /** A file path, or ':memory:' for tests. */
  path: string;
  /** 'normal' (default) survives a process crash; 'full' also survives power loss, at a cost in write speed. */
  synchronous?: 'normal' | 'full';
  /** How often the write-ahead log is checkpointed into the database file (walCheckpoints.ts); 0 or absent: only by SQLite's own threshold. */
  walCheckpointMs?: number;
  /** HNSW for spaces of many vectors (usearch, passed in by the composition root); without it vector search stays exact. */
  ann?: SqliteVectorOptions['ann'];
}

/** Most statements repeat exactly; preparing each once saves about a tenth of a write's cost. */
const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear(); // id lists of every length would grow it without end
        statement = sqlite.prepare(text);
        cache.set(text, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/**
 * Reads on one snapshot without holding up writes. The app has one connection: a long transaction on it would queue
 * every write behind the reader. So a file database gets a second, read-only connection whose deferred transaction
 * pins a WAL snapshot (SQLite's snapshot isolation) while the main connection keeps committing; it is closed after.
 * An in-memory database cannot be shared between connections: it reads inside a transaction on the main connection
 * (consistent, but writes wait; only tests use it). PostgreSQL will do the same with a pooled connection and
 * `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`, which also sees one snapshot without blocking writers.
 */
async function readSnapshot<T>(path: string, db: Kysely<Database>, work: (repos: Repos) => Promise<T>): Promise<T> {
  if (path === ':memory:') return db.transaction().execute(trx => work(buildRepos(trx)));
  const reader = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  const snapshotDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(reader) }) });
  try {
    reader.exec('BEGIN DEFERRED');
    reader.prepare('SELECT count(*) FROM sqlite_master').get(); // the first read pins the snapshot: now, not at the first page
    return await work(buildRepos(snapshotDb));
  } finally {
    if (reader.open && reader.inTransaction) reader.exec('ROLLBACK');
    await snapshotDb.destroy();
  }
}

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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });

  const { error, results } = await new Migrator({ db, provider: sqliteMigrations }).migrateToLatest();
  const failed = results?.find(r => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }

  const checkpoints = options.path !== ':memory:' && options.walCheckpointMs ? startWalCheckpoints(sqlite, options.walCheckpointMs) : null;

  return {
    backend: 'sqlite',
    ...buildRepos(db),
    search: sqliteSearchRepo(db, sqlite, options.path),
    threadSearch: sqliteThreadSearchRepo(db),
    vectors: sqliteVectorRepo(db, sqlite, { ann: options.ann }),
    transaction: work => db.transaction().execute(trx => work(buildRepos(trx))),
    groupTransaction: createGroupCommit(db),
    readSnapshot: work => readSnapshot(options.path, db, work),
    async ping() {
      sqlite.prepare('select 1').get();
      return true;
    },
    async checkpoint() {
      const [row] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
      const done = row !== undefined && row.busy === 0;
      if (!done) return { checkpointed: false, detail: 'Checkpoint could not complete: database busy' };
      // An in-memory database has no write-ahead log: SQLite reports -1 pages.
      const detail = row.checkpointed < 0 ? 'No write-ahead log to flush' : `Write-ahead log flushed (${row.checkpointed} pages)`;
      return { checkpointed: true, detail };
    },
    async close() {
      checkpoints?.stop();
      if (!sqlite.open) return;
      try {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        await db.destroy();
      }
    },
  };
}
