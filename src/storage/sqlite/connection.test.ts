import assert from 'node:assert/strict';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { withStatementCache } from './connection.ts';

const rowsOf = (db: ReturnType<typeof withStatementCache>, text: string, parameters: unknown[] = []) => db.prepare(text).all(parameters);

test('kept statements give the rows better-sqlite3 gives: every column by name, the last of two equal names winning', () => {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.exec("create table t (id text, n integer, note text); insert into t values ('a', 1, null), ('b', 2, 'x')");
  const db = withStatementCache(sqlite);
  for (const text of ['select * from t order by id', 'select id, n as id from t order by n', "select 1 as \"1\", 'q' as \"a b\""]) {
    assert.deepEqual(rowsOf(db, text), sqlite.prepare(text).all(), text);
    assert.deepEqual(rowsOf(db, text), sqlite.prepare(text).all(), `${text}, again from the kept statement`);
  }
  assert.deepEqual([...db.prepare('select id from t where n > ?').iterate([1])], [{ id: 'b' }]);
  assert.equal(db.prepare("insert into t values ('c', 3, null)").run([]).changes, 1);
});

test('a kept `select *` names the columns a schema change gave the table, not those it had', () => {
  const sqlite = new BetterSqlite3(':memory:');
  const db = withStatementCache(sqlite);
  db.prepare('create table t (a text, b text)').run([]);
  db.prepare("insert into t values ('1', '2')").run([]);
  assert.deepEqual(rowsOf(db, 'select * from t'), [{ a: '1', b: '2' }]);
  // A rebuild with the columns in another order (what a migration does to change a column).
  for (const text of ['create table t2 (b text, a text)', 'insert into t2 select b, a from t', 'drop table t', 'alter table t2 rename to t']) db.prepare(text).run([]);
  assert.deepEqual(rowsOf(db, 'select * from t'), [{ b: '2', a: '1' }]);
});
