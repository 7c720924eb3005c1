import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { sqliteMigrations } from './index.ts';
import { openSqliteStore } from '../store.ts';

test('migration 005 moves the EVOLVES edges of the old evolves table into memory relations and drops it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-m005-'));
  const path = join(dir, 'cairn.db');
  try {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(path) }) });
    const { error } = await new Migrator({ db, provider: sqliteMigrations }).migrateTo('004_graph');
    assert.equal(error, undefined);
    for (const id of ['old', 'new']) {
      await sql`insert into memories (id, space_id, title, content, source, importance, confidence, unit_type, lifecycle_state,
        is_latest, is_crystal, is_favorite, reindex_needed, metadata, version, created_at, updated_at)
        values (${id}, 'default', ${id}, ${id}, 'api', 0.5, 0.5, 'fact', 'active', 1, 0, 0, 0, '{}', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
    }
    const edge = (id: string, relation: string, by: string, at: string) =>
      sql`insert into evolves values (${id}, 'new', 'old', ${relation}, 0.8, ${by}, 'why', 0, ${at})`.execute(db);
    await edge('e1', 'enriches', 'auto', '2026-01-02T00:00:00.000Z');
    await edge('e2', 'replaces', 'user', '2026-01-03T00:00:00.000Z'); // the same pair and direction, newer: it wins
    await db.destroy();

    const store = await openSqliteStore({ path });
    try {
      const edges = await store.evolves.between('old', 'new');
      assert.deepEqual(
        edges.map(e => [e.id, e.from_memory_id, e.to_memory_id, e.relation, e.detected_by, e.confidence, e.reason, e.reviewed]),
        [['e2', 'new', 'old', 'replaces', 'user', 0.8, 'why', false]],
      );
      const [relation] = await store.relations.listAll();
      assert.equal(relation!.relation_type, 'EVOLVES');
      assert.equal(relation!.status, 'active');
    } finally {
      await store.close();
    }
    const raw = new BetterSqlite3(path, { readonly: true });
    const tables = raw.prepare("select name from sqlite_master where type = 'table' and name in ('evolves', 'memory_relations')").all();
    raw.close();
    assert.deepEqual(tables, [{ name: 'memory_relations' }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
