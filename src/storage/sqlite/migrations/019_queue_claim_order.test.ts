import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { sqliteMigrations } from './index.ts';

test('a claim on the background queue reads it in claim order through an index, without sorting the backlog', async () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
  try {
    const { error } = await new Migrator({ db, provider: sqliteMigrations }).migrateToLatest();
    assert.equal(error, undefined);
    // The claim's inner query, as storage/shared/extractionQueue.ts builds it.
    const { sql: claim, parameters } = db
      .selectFrom('extraction_queue')
      .select('memory_id')
      .where('attempts', '<', 3)
      .where(w => w.or([w('lease_until', 'is', null), w('lease_until', '<', '2026-01-01')]))
      .orderBy('attempts')
      .orderBy('queued_at')
      .orderBy('memory_id')
      .limit(16)
      .compile();
    const values = [...parameters];
    const inlined = claim.replace(/\?/g, () => JSON.stringify(values.shift()).replace(/"/g, "'"));
    const { rows } = await sql.raw<{ detail: string }>(`explain query plan ${inlined}`).execute(db);
    const plan = rows.map(r => r.detail).join(' | ');
    assert.match(plan, /USING INDEX extraction_queue_claim_order/);
    assert.doesNotMatch(plan, /TEMP B-TREE/);
  } finally {
    await db.destroy();
  }
});
