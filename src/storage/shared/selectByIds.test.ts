/** Selects by a list of ids through SQL compiled once per count: the rows asked for, whatever came before. */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { STORE_BACKENDS } from '../../../test/backends.ts';
import { atSecond, memoryRecord } from '../../../test/fixtures/records.ts';
import type { Store } from '../ports.ts';
import { withStatementCache } from '../sqlite/connection.ts';
import type { Database } from './schema.ts';
import { selectByIds } from './selectByIds.ts';

const sorted = (ids: string[]) => [...ids].sort();

for (const backend of STORE_BACKENDS) describe(`memories read by ids (${backend.name})`, () => {
  let store: Store;
  beforeEach(async () => {
    store = await backend.fresh();
  });
  afterEach(() => store.close());

  test('each read answers the ids it was given, though an earlier read of as many ids compiled the statement', async () => {
    const ids = Array.from({ length: 620 }, (_, i) => `m${String(i).padStart(3, '0')}`);
    for (const [i, id] of ids.entries()) await store.memories.insert(memoryRecord(id, { content: `text ${i}`, created_at: atSecond(i), updated_at: atSecond(i) }));
    for (const asked of [['m001'], ['m002'], ['m003', 'm004', 'm005'], ['m010', 'm011', 'm012'], ['m010', 'missing', 'm600'], ids, ids.slice(1), []]) {
      const found = await store.memories.getMany(asked);
      assert.deepEqual(sorted(found.map(m => m.id)), sorted(asked.filter(id => id !== 'missing')), `asked ${asked.length} ids`);
      for (const m of found) assert.equal(m.content, `text ${Number(m.id.slice(1))}`);
    }
  });
});

describe('selectByIds', () => {
  const open = () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.exec("create table t (id text, a text); insert into t values ('1', 'one'), ('2', 'two'), ('3', 'three')");
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  };

  test('a kept `select *` reads the columns the table has now, after a schema change', async () => {
    const db = open();
    const byIds = selectByIds(db, ids => (db as unknown as Kysely<{ t: { id: string } }>).selectFrom('t').selectAll().where('id', 'in', ids).orderBy('id'));
    assert.deepEqual(await byIds(['1', '2']), [{ id: '1', a: 'one' }, { id: '2', a: 'two' }]);
    await db.schema.alterTable('t').addColumn('b', 'text', c => c.defaultTo('new')).execute();
    assert.deepEqual(await byIds(['2', '3']), [{ id: '2', a: 'two', b: 'new' }, { id: '3', a: 'three', b: 'new' }]);
    await db.destroy();
  });

  test('a statement with parameters besides its ids is refused, not run with the wrong ones', async () => {
    const db = open();
    const t = db as unknown as Kysely<{ t: { id: string; a: string } }>;
    const byIds = selectByIds(db, ids => t.selectFrom('t').selectAll().where('a', '=', 'one').where('id', 'in', ids));
    await assert.rejects(byIds(['1']), /parameters other than its ids/);
    await db.destroy();
  });
});
