import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';


/** Compiled INSERT text by dialect, table and column list. */
const inserts = new Map<unknown, Map<string, string>>();

/**
 * Inserts one row through SQL compiled once per dialect, table and column list: Kysely's building and compiling of an
 * insert of a wide row costs more than SQLite's own work for it, and the hot writes repeat the same column list.
 * The values are bound in the row's key order, which is the order Kysely compiles them in (checked on first use).
 */
export async function insertRow<T extends keyof Database & string>(db: Kysely<Database>, table: T, values: object): Promise<void> {
  const row = values as Record<string, unknown>;
  const columns = Object.keys(row).filter(c => row[c] !== undefined);
  const dialect = db.getExecutor().adapter.constructor;
  let byKey = inserts.get(dialect);
  if (!byKey) inserts.set(dialect, (byKey = new Map()));
  const key = `${table}(${columns.join(',')})`;
  let text = byKey.get(key);
  const bound = columns.map(c => row[c] ?? null);
  if (text === undefined) {
    const compiled = db.insertInto(table).values(Object.fromEntries(columns.map(c => [c, row[c]])) as never).compile();
    if (compiled.parameters.length !== bound.length || compiled.parameters.some((p, i) => p !== bound[i])) {
      throw new Error(`insertRow(${table}): the compiled parameters are not in the row's order`);
    }
    byKey.set(key, (text = compiled.sql));
  }
  await db.executeQuery(CompiledQuery.raw(text, bound));
}
