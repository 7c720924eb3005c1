import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely, SqliteDatabase, SqliteStatement } from 'kysely';
import type { BackendConnection } from '../backendAdapter.ts';
import type { Database } from '../shared/schema.ts';
import type { SqliteVectorOptions } from './vectors.ts';

/** An open SQLite store: Kysely over the one connection, the raw handle (pragmas, prepared counts), its file. */
export interface SqliteConnection extends BackendConnection {
  readonly db: Kysely<Database>;
  readonly sqlite: BetterSqlite3.Database;
  /** A file path, or ':memory:'. */
  readonly path: string;
  readonly ann?: SqliteVectorOptions['ann'];
  /** Periodic WAL checkpoints (walCheckpoints.ts), stopped on close; null when only SQLite's threshold applies. */
  readonly checkpoints: { stop(): void } | null;
}

/** Most statements repeat exactly; preparing each once saves about a tenth of a write's cost. */
const STATEMENT_CACHE_SIZE = 500;

/** Statements that change the schema: a `select *` prepared before one may name other columns after it. */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

/** A statement as the cache gives it: whether it leaves the database unchanged too (better-sqlite3's `readonly`). */
export type CachedStatement = SqliteStatement & { readonly readonly: boolean };

export function withStatementCache(sqlite: BetterSqlite3.Database): Omit<SqliteDatabase, 'prepare'> & { prepare(sql: string): CachedStatement } {
  const cache = new Map<string, CachedStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        // id lists of every length would grow it without end; a schema change may give a kept `select *` other columns.
        if (cache.size >= STATEMENT_CACHE_SIZE || SCHEMA_CHANGE.test(text)) cache.clear();
        statement = withPlainRows(sqlite.prepare(text));
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * A reading statement whose rows come back as arrays and are made into objects by a function compiled for its column
 * list (one object literal, one shape): better-sqlite3's own row objects cost about twice as much, and search reads
 * ~100 memory rows of 26 columns per query (measured in docs/benchmarks.md, "Server CPU per request"). A statement
 * that reads nothing is passed on as it is.
 */
function withPlainRows(statement: BetterSqlite3.Statement): CachedStatement {
  if (!statement.reader) return statement as unknown as CachedStatement;
  const names = statement.columns().map(c => c.name);
  // `__proto__` in an object literal sets the prototype instead of a column; such a statement keeps better-sqlite3's objects.
  if (names.includes('__proto__')) return statement as unknown as CachedStatement;
  const rowOf = new Function('values', `return { ${names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ')} };`) as (values: unknown[]) => unknown;
  statement.raw(true);
  return {
    reader: true,
    // What the write token asks (writeToken.ts): an UPDATE … RETURNING reads rows back and still writes.
    readonly: statement.readonly,
    all: parameters => (statement.all(parameters) as unknown[][]).map(rowOf),
    run: parameters => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield rowOf(values);
    },
  };
}
