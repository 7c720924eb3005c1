import type pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { Store } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { assembleStore } from '../shared/assembleStore.ts';
import { postgresAdapter } from './adapter.ts';
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
      const { error, results } = await new Migrator({ db: connection, provider: postgresAdapter.migrations }).migrateToLatest();
      const failed = results?.find(r => r.status === 'Error');
      if (error || failed) throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
      return await setUpExtensions(connection);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_LOCK})`.execute(connection);
    }
  });
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
  return { ...assembleStore(postgresAdapter, { db, pool, extensions, closed: false }), extensions };
}
