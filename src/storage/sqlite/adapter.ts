import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { BackendAdapter } from '../backendAdapter.ts';
import type { ColumnType, Repos, TableDescription } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { buildRepos } from '../shared/repos.ts';
import { type SqliteConnection, withStatementCache } from './connection.ts';
import { sqliteMigrations } from './migrations/index.ts';
import { metadataSql, sqliteSearchRepo } from './search.ts';
import { sqliteThreadSearchRepo } from './threadSearch.ts';
import { sqliteVectorRepo } from './vectors.ts';

/** An FTS5 table and the shadow tables SQLite keeps for it. */
const fts5 = (name: string) => [name, `${name}_config`, `${name}_data`, `${name}_docsize`, `${name}_idx`];

/** SQLite's type affinity of a declared column type (https://sqlite.org/datatype3.html, 3.1), as a family. */
export function sqliteColumnType(declared: string): ColumnType {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (/CHAR|CLOB|TEXT/.test(type)) return 'text';
  if (type.includes('BLOB') || type === '') return 'blob';
  if (/REAL|FLOA|DOUB/.test(type)) return 'real';
  return 'other';
}

/**
 * Reads on one snapshot without holding up writes. The app has one connection: a long transaction on it would queue
 * every write behind the reader. So a file database gets a second, read-only connection whose deferred transaction
 * pins a WAL snapshot (SQLite's snapshot isolation) while the main connection keeps committing; it is closed after.
 * An in-memory database cannot be shared between connections: it reads inside a transaction on the main connection
 * (consistent, but writes wait; only tests use it).
 */
async function readSnapshot<T>({ path, db }: SqliteConnection, work: (repos: Repos) => Promise<T>): Promise<T> {
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

async function describeTables(db: Kysely<Database>): Promise<TableDescription[]> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  const described: TableDescription[] = [];
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string; type: string; notnull: number; pk: number; dflt_value: string | null }>`
      select name, type, "notnull", pk, dflt_value from pragma_table_info(${name}) order by cid`.execute(db);
    // A lone INTEGER PRIMARY KEY is the rowid: SQLite assigns it.
    const rowid = columns.rows.filter(c => c.pk > 0).length === 1 ? columns.rows.find(c => c.pk > 0 && c.type.toUpperCase() === 'INTEGER') : undefined;
    described.push({
      name,
      columns: columns.rows.map(c => ({
        name: c.name,
        type: sqliteColumnType(c.type),
        declared: c.type,
        // A primary key column is read as NOT NULL: every row Cairn writes has its key. (SQLite lets a non-integer
        // key column hold NULL unless declared NOT NULL, a quirk it keeps for compatibility.)
        nullable: c.notnull === 0 && c.pk === 0,
        hasDefault: c.dflt_value !== null || c === rowid,
      })),
    });
  }
  return described;
}

/** SQLite (better-sqlite3, WAL): one process, one connection, FTS5 full text, an in-process vector index. */
export const sqliteAdapter: BackendAdapter<SqliteConnection> = {
  name: 'sqlite',
  migrations: sqliteMigrations,
  ownTables: [
    // Kysely's migration bookkeeping, and SQLite's own counter of AUTOINCREMENT keys.
    'kysely_migration', 'kysely_migration_lock', 'sqlite_sequence',
    // FTS5 indexes over memories, threads and messages (words, and trigrams for CJK), and the memory words' vocabulary.
    ...fts5('memories_fts'), ...fts5('memories_trigram'), 'memories_fts_vocab',
    ...fts5('threads_fts'), ...fts5('thread_messages_fts'), ...fts5('thread_messages_trigram'),
    // Trigger-filled change log that keeps the in-process vector index in step with commits (vectors.ts).
    'vector_changes',
    // Trigger-filled flags of each memory that full-text ranking reads (migration 029).
    'memory_search_flags',
  ],
  describeTables,
  metadataSql,
  search: ({ db, sqlite, path }) => sqliteSearchRepo(db, sqlite, path),
  threadSearch: ({ db }) => sqliteThreadSearchRepo(db),
  vectors: ({ db, sqlite, ann }) => sqliteVectorRepo(db, sqlite, { ann }),
  locking: 'single-writer',
  retry: null,
  readSnapshot,
  async ping({ sqlite }) {
    sqlite.prepare('select 1').get();
    return true;
  },
  async checkpoint({ sqlite }) {
    const [row] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    const done = row !== undefined && row.busy === 0;
    if (!done) return { checkpointed: false, detail: 'Checkpoint could not complete: database busy' };
    // An in-memory database has no write-ahead log: SQLite reports -1 pages.
    const detail = row.checkpointed < 0 ? 'No write-ahead log to flush' : `Write-ahead log flushed (${row.checkpointed} pages)`;
    return { checkpointed: true, detail };
  },
  async close({ sqlite, db, checkpoints }) {
    checkpoints?.stop();
    if (!sqlite.open) return;
    try {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      await db.destroy();
    }
  },
};
