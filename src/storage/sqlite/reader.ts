import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Store } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { buildRepos } from '../shared/repos.ts';
import { sqliteSearchRepo } from './search.ts';
import { sqliteThreadSearchRepo } from './threadSearch.ts';
import { sqliteVectorRepo, type SqliteVectorOptions } from './vectors.ts';
import { withStatementCache } from './store.ts';

const readOnly = (what: string) => () => Promise.reject(new Error(`${what} on a read-only connection (a read worker): writes belong to the server's one writer`));

/**
 * The store a read worker serves from: its own read-only connection to a file database the server opened (and
 * migrated) already. WAL lets it read while the one writer commits; each statement sees the last commit, so a read
 * that starts after a write was acknowledged sees that write. Anything that writes is refused.
 */
export function openSqliteReader(options: { path: string; ann?: SqliteVectorOptions['ann'] }): Store {
  const sqlite = new BetterSqlite3(options.path, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const repos = buildRepos(db);
  return {
    backend: 'sqlite',
    ...repos,
    search: sqliteSearchRepo(db, sqlite, options.path),
    threadSearch: sqliteThreadSearchRepo(db),
    vectors: sqliteVectorRepo(db, sqlite, { ann: options.ann, readOnly: true }),
    transaction: readOnly('a transaction'),
    groupTransaction: readOnly('a transaction'),
    // One connection serves the worker's interleaved requests: a transaction on it would hold them all.
    readSnapshot: readOnly('a snapshot read'),
    async ping() {
      sqlite.prepare('select 1').get();
      return true;
    },
    checkpoint: readOnly('a checkpoint'),
    close: () => db.destroy(),
  };
}
