import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { MemoryRecord } from '../ports.ts';
import { sqliteMigrations } from '../sqlite/migrations/index.ts';
import { createGroupCommit } from './groupCommit.ts';
import type { Database } from './schema.ts';

const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

function memory(id: string): MemoryRecord {
  return {
    id, space_id: 'default', title: id, title_derived: false, content: `content of ${id}`, source: 'test', importance: 0.5, confidence: 0.5, unit_type: 'fact',
    lifecycle_state: 'active', is_latest: true, is_crystal: false, is_favorite: false, favorited_at: null, reindex_needed: false, metadata: {},
    event_start: null, event_end: null, temporal_context: null, source_thread_id: null, source_message_id: null, state_reason: null,
    state_changed_at: null, version: 1, created_at: at, updated_at: at,
  };
}

/** A migrated in-memory database whose every statement is recorded, and a group commit over it. */
async function recordedStore() {
  const statements: string[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
    log: event => void statements.push(event.query.sql),
  });
  const { error } = await new Migrator({ db, provider: sqliteMigrations }).migrateToLatest();
  if (error) throw error;
  statements.length = 0;
  return { db, statements, groupTransaction: createGroupCommit(db) };
}

const stored = async (db: Kysely<Database>) => (await db.selectFrom('memories').select('id').orderBy('id').execute()).map(r => r.id);

test('a group in which every unit succeeds commits once, without a savepoint per unit', async () => {
  const { db, statements, groupTransaction } = await recordedStore();
  try {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.all(ids.map(id => groupTransaction(async tx => (await tx.memories.insert(memory(id)), id))));
    assert.deepEqual(results, ids);
    assert.deepEqual(await stored(db), ids);
    assert.equal(statements.filter(s => /^savepoint/i.test(s)).length, 0);
    assert.equal(statements.filter(s => /^commit/i.test(s)).length, 1);
  } finally {
    await db.destroy();
  }
});

test('a unit that throws fails alone: the group runs again in savepoints and the others commit', async () => {
  const { db, groupTransaction } = await recordedStore();
  try {
    let runs = 0;
    const outcomes = await Promise.allSettled([
      groupTransaction(async tx => tx.memories.insert(memory('a'))),
      groupTransaction(async tx => {
        runs++;
        await tx.memories.insert(memory('broken'));
        throw new Error('refused');
      }),
      groupTransaction(async tx => tx.memories.insert(memory('c'))),
    ]);
    assert.deepEqual(outcomes.map(o => o.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.equal((outcomes[1] as PromiseRejectedResult).reason.message, 'refused');
    assert.deepEqual(await stored(db), ['a', 'c'], 'the failing unit wrote nothing, the others everything');
    assert.equal(runs, 2, 'once optimistically, once in its savepoint');
  } finally {
    await db.destroy();
  }
});
