/**
 * PostgreSQL for tests. `CAIRN_TEST_DATABASE_URL` names a server where tests may create databases (npm test starts a
 * throwaway cluster with scripts/pg-cluster.sh); every HTTP test then runs on it too (test/suite.ts). Each app gets a
 * database of its own, cloned from a migrated template (a clone takes milliseconds; migrating takes a second).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../bench/lib.ts';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { openPostgresStore, type PostgresStore } from '../src/storage/postgres/store.ts';
import { cairnTypes, createPool } from '../src/storage/postgres/connection.ts';

export const TEST_DATABASE_URL = process.env.CAIRN_TEST_DATABASE_URL || null;

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL!, types: cairnTypes });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let template: Promise<string> | null = null;

/** The migrated template database, made once per schema version by whichever test process gets there first. */
function templateDatabase(): Promise<string> {
  template ??= (async () => {
    // The migrations' files, not only their names: a template an older version of one made is not reused.
    const folder = join(REPO_ROOT, 'src/storage/postgres');
    const files = [...readdirSync(join(folder, 'migrations')).map(f => join('migrations', f)), 'extensions.ts'].sort();
    const version = files.map(f => readFileSync(join(folder, f), 'utf8')).join('\n');
    const name = `cairn_template_${createHash('sha1').update(version).digest('hex').slice(0, 10)}`;
    await admin(async client => {
      await client.query('select pg_advisory_lock(7362002)');
      try {
        const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (rowCount) return;
        await client.query(`create database ${name}_wip`).catch(() => client.query(`drop database ${name}_wip`).then(() => client.query(`create database ${name}_wip`)));
        const store = await openPostgresStore(createPool({ url: withDatabase(TEST_DATABASE_URL!, `${name}_wip`), poolSize: 1 }));
        await store.close();
        await client.query(`alter database ${name}_wip rename to ${name}`);
      } finally {
        await client.query('select pg_advisory_unlock(7362002)');
      }
    });
    return name;
  })();
  return template;
}

/**
 * A database of its own for one test app, on CAIRN_TEST_DATABASE_URL. `key` (a data-dir path) names it: an app
 * reopened on the same path finds its data again, as on SQLite. Returns its URL and a way to drop it.
 */
export async function testDatabase(key?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('CAIRN_TEST_DATABASE_URL is not set');
  const source = await templateDatabase();
  const name = `cairn_t_${key ? createHash('sha1').update(key).digest('hex').slice(0, 16) : randomBytes(8).toString('hex')}`;
  await admin(async client => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name} template ${source}`);
  });
  return {
    url: withDatabase(TEST_DATABASE_URL, name),
    // A keyed database may be opened again by a later app of the same test: it stays, with the throwaway cluster.
    drop: key ? async () => {} : () => admin(async client => void (await client.query(`drop database if exists ${name} with (force)`))),
  };
}

/** A Postgres store in this process: PGlite (WebAssembly PostgreSQL, with pgvector and pg_trgm), nothing to install. */
const keptPglites = new Map<string, Promise<PGlite>>();

let pgliteTemplate: Promise<PGlite> | null = null;

/**
 * A fresh, migrated PGlite: a clone of one migrated per test process, as testDatabase() clones a template database on
 * PostgreSQL. Booting PGlite and migrating it costs about 3 s of CPU; a clone about 1 s, and its store opens at once.
 */
async function migratedPglite(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const lite = await PGlite.create({ extensions: { vector, pg_trgm } });
    await (await openPostgresStore(new pg.Pool({ ...(createPgConfig(lite) as unknown as pg.PoolConfig), types: cairnTypes }))).close();
    return lite;
  })();
  return (await (await pgliteTemplate).clone()) as PGlite;
}

/**
 * A Postgres store in this process on PGlite. With a `key` (a data-dir path) the database outlives the store, for the
 * rest of the test process: a store reopened on the same key finds its data again, as a restarted server would.
 */
export async function openPgliteStore(key?: string): Promise<PostgresStore> {
  // A kept database is booted afresh, not cloned: a clone left open keeps the test process from exiting.
  if (key && !keptPglites.has(key)) keptPglites.set(key, PGlite.create({ extensions: { vector, pg_trgm } }));
  const lite = key ? await keptPglites.get(key)! : await migratedPglite();
  const store = await openPostgresStore(new pg.Pool({ ...(createPgConfig(lite) as unknown as pg.PoolConfig), types: cairnTypes }));
  return {
    ...store,
    async close() {
      await store.close();
      if (!key) await lite.close();
    },
  };
}
