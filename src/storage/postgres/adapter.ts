import type pg from 'pg';
import { type Kysely, sql } from 'kysely';
import type { BackendAdapter, BackendConnection } from '../backendAdapter.ts';
import type { ColumnType, TableDescription } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { buildRepos } from '../shared/repos.ts';
import { POSTGRES_RETRY } from '../shared/retry.ts';
import type { PostgresExtensions } from './extensions.ts';
import { metadataSql } from './filters.ts';
import { postgresMigrations } from './migrations/index.ts';
import { postgresSearchRepo } from './search.ts';
import { postgresThreadSearchRepo } from './threadSearch.ts';
import { postgresVectorRepo } from './vectors.ts';

/** An open PostgreSQL store: Kysely over a pool (a server through `pg`, or PGlite), and the extensions it found. */
export interface PostgresConnection extends BackendConnection {
  readonly pool: pg.Pool;
  readonly extensions: PostgresExtensions;
  /** Set on close: a probe then answers false instead of failing on the ended pool. */
  closed: boolean;
}

/** A PostgreSQL type (information_schema's udt_name) as a family. */
export function postgresColumnType(udtName: string): ColumnType {
  if (['text', 'varchar', 'bpchar'].includes(udtName)) return 'text';
  if (['int2', 'int4', 'int8'].includes(udtName)) return 'integer';
  if (['float4', 'float8', 'numeric'].includes(udtName)) return 'real';
  if (udtName === 'bytea') return 'blob';
  return 'other';
}

async function describeTables(db: Kysely<Database>): Promise<TableDescription[]> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
  }>`
    select c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, TableDescription>();
  for (const c of columns.rows) {
    let table = tables.get(c.table_name);
    if (!table) tables.set(c.table_name, (table = { name: c.table_name, columns: [] }));
    table.columns.push({
      name: c.column_name,
      type: postgresColumnType(c.udt_name),
      declared: c.udt_name,
      nullable: c.is_nullable === 'YES',
      hasDefault: c.column_default !== null || c.is_identity === 'YES',
    });
  }
  return [...tables.values()];
}

/**
 * Queries still waiting for a connection when the store closes fail now: pg's pool would leave them pending for
 * ever once it ends (and whoever awaits them, a background job's settle, with them).
 */
function rejectWaiting(pool: pg.Pool) {
  const waiting = (pool as unknown as { _pendingQueue?: { callback(error: Error): void }[] })._pendingQueue;
  for (const item of waiting?.splice(0) ?? []) item.callback(new Error('The database connection pool is closed'));
}

/**
 * PostgreSQL (a server, or PGlite in tests), shared by several Cairn processes: READ COMMITTED transactions that
 * run again when they lose a race, advisory locks, tsvector + GIN full text, pg_trgm for CJK, pgvector when present.
 */
export const postgresAdapter: BackendAdapter<PostgresConnection> = {
  name: 'postgres',
  migrations: postgresMigrations,
  ownTables: [
    // Kysely's migration bookkeeping.
    'kysely_migration', 'kysely_migration_lock',
    // The full-text projections (tsvector documents kept by triggers) of memories, threads and messages.
    'memory_documents', 'thread_documents', 'thread_message_documents',
    // pgvector's copy of the embeddings (HNSW index), made at start outside the migrations when the extension exists.
    'memory_vectors',
  ],
  describeTables,
  metadataSql,
  search: ({ db }) => postgresSearchRepo(db),
  threadSearch: ({ db }) => postgresThreadSearchRepo(db),
  vectors: ({ db, extensions }) => postgresVectorRepo(db, extensions),
  locking: 'advisory',
  // READ COMMITTED, several processes: a transaction that lost a race (a key taken first, a deadlock) runs again.
  retry: POSTGRES_RETRY,
  // REPEATABLE READ READ ONLY: one snapshot for the whole read, taken at its first query, without blocking writers.
  readSnapshot: ({ db }, work) =>
    db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async trx => {
        await sql`set transaction read only`.execute(trx);
        return work(buildRepos(trx));
      }),
  async ping(connection) {
    if (connection.closed) return false;
    await sql`select 1`.execute(connection.db);
    return true;
  },
  async checkpoint() {
    // Nothing waits in this process: every acknowledged write is already durable in the server's own log.
    return { checkpointed: true, detail: 'Nothing to flush on PostgreSQL: the server checkpoints its own log; back up with pg_dump' };
  },
  async close(connection) {
    if (connection.closed) return;
    connection.closed = true;
    rejectWaiting(connection.pool);
    await connection.db.destroy();
  },
};
