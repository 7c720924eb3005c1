import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely, SqliteDatabase } from 'kysely';
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

export function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear(); // id lists of every length would grow it without end
        statement = sqlite.prepare(text);
        cache.set(text, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}
