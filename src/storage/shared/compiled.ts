import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Compiled INSERT text by dialect, for each fixed column list (the list itself is the key: a module constant). */
const inserts = new Map<unknown, WeakMap<readonly string[], string>>();

/**
 * Inserts one row whose values come in the order of `columns`, a constant list, through SQL compiled by Kysely once
 * per dialect and list: Kysely's building and compiling of an insert of a wide row costs more than SQLite's own work
 * for it, and the hot writes (a create's memory and queue rows) repeat the same columns. No row object is built either.
 */
export async function insertValues<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  values: unknown[],
): Promise<void> {
  const dialect = db.getExecutor().adapter.constructor;
  let byColumns = inserts.get(dialect);
  if (!byColumns) inserts.set(dialect, (byColumns = new WeakMap()));
  let text = byColumns.get(columns);
  if (text === undefined) {
    const compiled = db.insertInto(table).values(Object.fromEntries(columns.map((c, i) => [c, `value ${i}`])) as never).compile();
    if (compiled.parameters.some((p, i) => p !== `value ${i}`)) throw new Error(`insertValues(${table}): the compiled parameters are not in the columns' order`);
    byColumns.set(columns, (text = compiled.sql));
  }
  await db.executeQuery(CompiledQuery.raw(text, values));
}
