import type pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { Store } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { buildRepos } from '../shared/repos.ts';
import { createGroupCommit } from '../shared/groupCommit.ts';
import { isRetryable, RETRY_ATTEMPTS, retryDelayMs, withRetries } from '../shared/retry.ts';
import { postgresMigrations } from './migrations/index.ts';
import { postgresSearchRepo } from './search.ts';
import { postgresThreadSearchRepo } from './threadSearch.ts';
import { postgresVectorRepo } from './vectors.ts';
import { type PostgresExtensions, setUpExtensions } from './extensions.ts';

export interface PostgresStore extends Store {
  readonly extensions: PostgresExtensions;
}

/**
 * Serialises the schema work of processes starting at once on one database (Kysely's own lock is per process): two
 * `CREATE EXTENSION IF NOT EXISTS` at the same moment would fail one of them, which would then run without vectors.
 */
const SCHEMA_LOCK = 7_362_001;

/** Brings the schema up to date and sets up the optional extensions, one process at a time. */
async function prepareSchema(db: Kysely<Database>): Promise<PostgresExtensions> {
  return db.connection().execute(async connection => {
    await sql`select pg_advisory_lock(${SCHEMA_LOCK})`.execute(connection);
    try {
      const { error, results } = await new Migrator({ db: connection, provider: postgresMigrations }).migrateToLatest();
      const failed = results?.find(r => r.status === 'Error');
      if (error || failed) throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
      return await setUpExtensions(connection);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_LOCK})`.execute(connection);
    }
  });
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
 * A store on PostgreSQL over a pool of connections (a real server through `pg`, or PGlite in tests through its
 * node-postgres adapter). Several Cairn processes may share the database: nothing here holds state another
 * process could change, but for caches of statistics that only guide ranking.
 */
export async function openPostgresStore(pool: pg.Pool): Promise<PostgresStore> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let extensions: PostgresExtensions;
  try {
    extensions = await prepareSchema(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    backend: 'postgres',
    extensions,
    ...buildRepos(db),
    search: postgresSearchRepo(db),
    vectors: postgresVectorRepo(db, extensions),
    threadSearch: postgresThreadSearchRepo(db),
    // READ COMMITTED, several processes: a transaction that lost a race (a key taken first, a deadlock) runs again.
    transaction: work => withRetries(() => db.transaction().execute(trx => work(buildRepos(trx)))),
    groupTransaction: createGroupCommit(db, { retryable: isRetryable, attempts: RETRY_ATTEMPTS, delayMs: retryDelayMs }),
    // REPEATABLE READ READ ONLY: one snapshot for the whole read, taken at its first query, without blocking writers.
    readSnapshot: work =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async trx => {
          await sql`set transaction read only`.execute(trx);
          return work(buildRepos(trx));
        }),
    async ping() {
      if (closed) return false;
      await sql`select 1`.execute(db);
      return true;
    },
    async checkpoint() {
      // Nothing waits in this process: every acknowledged write is already durable in the server's own log.
      return { checkpointed: true, detail: 'Nothing to flush on PostgreSQL: the server checkpoints its own log; back up with pg_dump' };
    },
    async close() {
      if (closed) return;
      closed = true;
      rejectWaiting(pool);
      await db.destroy();
    },
  };
}
