/**
 * Every storage backend the tests run on, in two loops (Kysely's DIALECTS as the model): STORE_BACKENDS for the
 * storage contract suite (repositories straight), testBackends() for HTTP tests (test/suite.ts registers each suite
 * once per backend, test/helpers.ts buildTestApp opens the app on it). SQLite always; a real PostgreSQL server when
 * CAIRN_TEST_DATABASE_URL is set (npm test starts a throwaway cluster); PGlite for the storage contract and for HTTP
 * tests of vector search.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Store } from '../src/storage/ports.ts';
import { openSqliteStore } from '../src/storage/sqlite/store.ts';
import { openPostgresStore } from '../src/storage/postgres/store.ts';
import { cairnTypes, createPool } from '../src/storage/postgres/connection.ts';
import { TEST_DATABASE_URL, testDatabase } from './postgres.ts';

export type TestBackend = 'sqlite' | 'pglite' | 'postgres';

/**
 * The backends an HTTP test runs on: SQLite; PostgreSQL when CAIRN_TEST_DATABASE_URL names a server (with
 * CAIRN_REQUIRE_POSTGRES=1, its absence is an error, not a skip); PGlite too for a test of vector search.
 * CAIRN_TEST_BACKENDS=sqlite,pglite (say) keeps only those, for a quicker run while working on one.
 */
export function testBackends({ vectorSearch = false } = {}): TestBackend[] {
  if (process.env.CAIRN_REQUIRE_POSTGRES === '1' && !TEST_DATABASE_URL) {
    throw new Error('CAIRN_REQUIRE_POSTGRES=1 but CAIRN_TEST_DATABASE_URL is not set: no PostgreSQL to test on');
  }
  const available: TestBackend[] = ['sqlite', ...(TEST_DATABASE_URL ? ['postgres' as const] : []), ...(vectorSearch ? ['pglite' as const] : [])];
  const only = process.env.CAIRN_TEST_BACKENDS?.split(',').map(name => name.trim());
  return only ? available.filter(name => only.includes(name)) : available;
}

export interface StoreBackend {
  name: TestBackend;
  /** An empty store, migrated; close it after the test. */
  fresh(): Promise<Store>;
}

let lite: Promise<PGlite> | null = null;

/**
 * One PGlite per test process (it takes a second or two to boot): each fresh store empties every table first. Its
 * pool has one connection, so tests on it run one query at a time, as they would on a pool of one.
 */
async function freshPglite(): Promise<Store> {
  lite ??= PGlite.create({ extensions: { vector, pg_trgm } });
  const instance = await lite;
  const store = await openPostgresStore(new pg.Pool({ ...(createPgConfig(instance) as unknown as pg.PoolConfig), types: cairnTypes }));
  await instance.exec(`DO $$ DECLARE names text; BEGIN
    SELECT string_agg(quote_ident(tablename), ', ') INTO names FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%';
    EXECUTE 'TRUNCATE ' || names || ' RESTART IDENTITY CASCADE'; END $$`);
  return store;
}

export const STORE_BACKENDS: StoreBackend[] = [
  // A file, not ':memory:': an in-memory database has one connection, so it cannot read a snapshot beside writes.
  {
    name: 'sqlite',
    async fresh() {
      const dir = mkdtempSync(join(tmpdir(), 'cairn-contract-'));
      const store = await openSqliteStore({ path: join(dir, 'cairn.db') });
      return { ...store, close: () => store.close().finally(() => rmSync(dir, { recursive: true, force: true })) };
    },
  },
  { name: 'pglite', fresh: freshPglite },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          async fresh() {
            const database = await testDatabase();
            const store = await openPostgresStore(createPool({ url: database.url, poolSize: 4 }));
            return { ...store, close: () => store.close().finally(() => database.drop()) };
          },
        },
      ]
    : []),
];
