import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Store } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { buildRepos } from '../shared/repos.ts';
import { sqliteSearchRepo } from './search.ts';
import { sqliteThreadSearchRepo } from './threadSearch.ts';
import { sqliteVectorRepo, type SqliteVectorOptions } from './vectors.ts';
import { withStatementCache } from './connection.ts';
import { sqliteAdapter } from './adapter.ts';

const readOnly = (what: string) => () => Promise.reject(new Error(`${what} on a read-only connection (a read worker): writes belong to the server's one writer`));

export interface SqliteReader {
  store: Store;
  /**
   * Runs `work` alone on the connection, in one read transaction: every statement reads the same snapshot, taken at
   * its first read, so a search never mixes two states of the data. (Without it each statement is a transaction of
   * its own, and SQLite checks for the writer's commits, emptying its page cache when there were some, at each one.)
   */
  serve<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * What a read worker serves from: its own read-only connection to a file database the server opened (and migrated)
 * already. WAL lets it read while the one writer commits; a read transaction begun after a write was acknowledged
 * sees that write. Anything that writes is refused.
 */
export function openSqliteReader(options: { path: string; ann?: SqliteVectorOptions['ann'] }): SqliteReader {
  const sqlite = new BetterSqlite3(options.path, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const repos = buildRepos(db);
  let queue: Promise<unknown> = Promise.resolve();
  const serve = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      sqlite.exec('BEGIN DEFERRED');
      try {
        return await work();
      } finally {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      }
    });
    queue = run.catch(() => {});
    return run;
  };
  const store: Store = {
    backend: 'sqlite',
    ...repos,
    search: sqliteSearchRepo(db, sqlite, options.path),
    threadSearch: sqliteThreadSearchRepo(db),
    vectors: sqliteVectorRepo(db, sqlite, { ann: options.ann, readOnly: true }),
    transaction: readOnly('a transaction'),
    groupTransaction: readOnly('a transaction'),
    // `serve` runs every read in a snapshot already.
    readSnapshot: work => Promise.resolve().then(() => work(repos)),
    async ping() {
      sqlite.prepare('select 1').get();
      return true;
    },
    checkpoint: readOnly('a checkpoint'),
    describeTables: () => sqliteAdapter.describeTables(db),
    close: () => db.destroy(),
  };
  return { store, serve };
}
