import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { cairnTypes } from '../connection.ts';
import { openPostgresStore } from '../store.ts';
import { postgresMigrations } from './index.ts';

test('migration 010 gives the documents of a store written before it their memories space and state, and search reads them', async () => {
  const lite = await PGlite.create({ extensions: { pg_trgm } });
  const pool = new pg.Pool({ ...(createPgConfig(lite) as unknown as pg.PoolConfig), types: cairnTypes });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  try {
    const { error } = await new Migrator({ db, provider: postgresMigrations }).migrateTo('009_document_length');
    assert.equal(error, undefined);
    const at = '2026-01-01T00:00:00.000Z';
    const columns = sql.raw(`title_derived, source, importance, confidence, unit_type, is_latest, is_crystal, is_favorite, reindex_needed,
      metadata, version, created_at, updated_at`);
    const values = sql`0, 'test', 0.5, 0.5, 'fact', 1, 0, 0, 0, '{}', 1, ${at}, ${at}`;
    for (const [id, space, state] of [['a', 'default', 'active'], ['b', 'work', 'active'], ['c', 'default', 'archived']]) {
      await sql`insert into memories (id, space_id, lifecycle_state, title, content, ${columns})
        values (${id}, ${space}, ${state}, 'Lantern', ${`the lantern in memory ${id}`}, ${values})`.execute(db);
    }

    const store = await openPostgresStore(pool); // migrates to the latest
    const { rows } = await sql<{ memory_id: string; space_id: string; lifecycle_state: string }>`
      select memory_id, space_id, lifecycle_state from memory_documents order by memory_id`.execute(db);
    assert.deepEqual(rows, [
      { memory_id: 'a', space_id: 'default', lifecycle_state: 'active' },
      { memory_id: 'b', space_id: 'work', lifecycle_state: 'active' },
      { memory_id: 'c', space_id: 'default', lifecycle_state: 'archived' },
    ]);
    const lantern = { mode: 'any' as const, terms: [{ text: 'lantern' }] };
    const found = async (space_id: string, states: ('active' | 'archived')[]) =>
      (await store.search.lexical(lantern, { space_id, states }, 10, { title: 2, content: 1 })).map(h => h.id).sort();
    assert.deepEqual(await found('default', ['active']), ['a']);
    assert.deepEqual(await found('work', ['active']), ['b']);
    assert.deepEqual(await found('default', ['active', 'archived']), ['a', 'c']);

    // After the migration the triggers keep them: a move and an archive are seen at once.
    await sql`update memories set space_id = 'work' where id = 'a'`.execute(db);
    await sql`update memories set lifecycle_state = 'archived' where id = 'b'`.execute(db);
    assert.deepEqual(await found('default', ['active']), []);
    assert.deepEqual(await found('work', ['active']), ['a']);
    assert.deepEqual(await found('work', ['archived']), ['b']);

    // New documents wait unsorted in the GIN index's pending list, which every search scans: at most 128 kB of them
    // (16 pages), not PostgreSQL's default 4 MB (~150 pages for 2,000 short memories).
    await sql`insert into memories (id, space_id, lifecycle_state, title, content, ${columns})
      select 'n' || n, 'default', 'active', 'Lantern ' || n, 'a lantern numbered ' || n || ' among ' || md5(n::text), ${values}
      from generate_series(1, 2000) as n`.execute(db);
    const { rows: pending } = await sql<{ pages: number }>`select gin_clean_pending_list('memory_documents_gin'::regclass) as pages`.execute(db);
    assert.ok(Number(pending[0]!.pages) <= 16, `${pending[0]!.pages} pending pages`);
    await store.close();
  } finally {
    await db.destroy().catch(() => undefined);
    await lite.close();
  }
});
