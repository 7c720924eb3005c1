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

/** Stands for the i-th value of a query compiled once (`compiledOnce`): a string no real value is. */
const param = (i: number) => `\u0000cairn-param-${i}\u0000`;
const PARAM = /^\u0000cairn-param-(\d+)\u0000$/;

interface Shape {
  sql: string;
  /** For each of the compiled query's parameters: the index of the value it takes, or the constant it is. */
  parameters: ({ value: number } | { constant: unknown })[];
}

/**
 * A query of one fixed shape, built and compiled by Kysely once per dialect (and `variant`, e.g. a list's length):
 * `build` makes it with `p(i)` in place of the i-th value; each call then runs the compiled text with its values.
 * Kysely's building and compiling of a small statement costs about as much as SQLite's own work for it, and the
 * background queue's statements run several times per memory, inside its write transactions.
 */
export function compiledOnce(build: (db: Kysely<Database>, p: (i: number) => never, variant: number) => { compile(): CompiledQuery }) {
  const shapes = new Map<unknown, Map<number, Shape>>();
  return async <R = unknown>(db: Kysely<Database>, values: unknown[], variant = 0) => {
    const dialect = db.getExecutor().adapter.constructor;
    let byVariant = shapes.get(dialect);
    if (!byVariant) shapes.set(dialect, (byVariant = new Map()));
    let shape = byVariant.get(variant);
    if (!shape) {
      const compiled = build(db, param as (i: number) => never, variant).compile();
      shape = {
        sql: compiled.sql,
        parameters: compiled.parameters.map(p => {
          const match = typeof p === 'string' ? PARAM.exec(p) : null;
          return match ? { value: Number(match[1]) } : { constant: p };
        }),
      };
      byVariant.set(variant, shape);
    }
    const parameters = shape.parameters.map(p => ('value' in p ? values[p.value] : p.constant));
    return db.executeQuery<R>(CompiledQuery.raw(shape.sql, parameters));
  };
}
