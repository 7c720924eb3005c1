/**
 * What a storage backend must provide, as one checklist (modelled on Kysely's `DialectAdapter`). The repositories
 * are written once, in shared/, over Kysely; a backend adds only what its database does differently. SQLite
 * (sqlite/adapter.ts) and PostgreSQL (postgres/adapter.ts, which also serves PGlite) implement it, and
 * shared/assembleStore.ts turns an adapter and an open connection into the `Store` the services see.
 *
 * Adding a backend:
 *   1. a Kysely dialect and an `open…Store` that connects, runs `migrations` and calls `assembleStore`;
 *   2. `migrations` that create every table and column of shared/schema.ts (schema.contract.test.ts compares them);
 *   3. `ownTables`: any table of its own beside those (full-text shadow tables, a change log), named one by one;
 *   4. `describeTables`: its catalogue, column types read as the families of `ColumnType`;
 *   5. the dialect pieces: `metadataSql` (JSON in text columns), `search` and `threadSearch` (its full-text index and
 *      query syntax: FTS5 MATCH on SQLite, tsvector and tsquery on PostgreSQL), `vectors` (nearest neighbours, or
 *      exact search when it has no vector index);
 *   6. its concurrency: `locking` (how a read-then-write is kept from racing) and `retry` (which errors mean a
 *      transaction lost a race and should run again);
 *   7. `readSnapshot`, `ping`, `checkpoint` and `close`;
 *   8. a name in `Store['backend']`, and an entry in test/backends.ts so the contract suite runs on it.
 */
import type { Kysely, MigrationProvider } from 'kysely';
import type { Repos, SearchRepo, Store, TableDescription, ThreadSearchRepo, VectorSearchRepo } from './ports.ts';
import type { Database } from './shared/schema.ts';
import type { MetadataSql } from './shared/searchFilters.ts';

/** The open database of a backend, and whatever else its pieces need (a raw driver handle, options, extensions). */
export interface BackendConnection {
  readonly db: Kysely<Database>;
}

/** When a transaction that failed runs again: PostgreSQL's lost races; null where a single writer never loses one. */
export interface RetryPolicy {
  retryable(error: unknown): boolean;
  /** How many times a unit of work runs at most. */
  attempts: number;
  /** How long to wait before running it again after its `attempt`th failure. */
  delayMs(attempt: number): number;
}

export interface BackendAdapter<C extends BackendConnection = BackendConnection> {
  readonly name: Store['backend'];

  /** Numbered migrations that bring an empty database to the tables of shared/schema.ts, and never rewrite history. */
  readonly migrations: MigrationProvider;
  /** Tables the backend keeps beside shared/schema.ts, each with its reason where the adapter lists it. */
  readonly ownTables: readonly string[];
  /** Every table of the database with its columns (migration bookkeeping included: callers leave out `ownTables`). */
  describeTables(db: Kysely<Database>): Promise<TableDescription[]>;

  /** How SQL reads memory metadata, which every backend stores as JSON text. */
  readonly metadataSql: MetadataSql;
  /** Lexical search over memories (its full-text index and query building), the search index's statistics. */
  search(connection: C): SearchRepo;
  /** Lexical search over threads and their messages. */
  threadSearch(connection: C): ThreadSearchRepo;
  /** Nearest-neighbour search over the stored embeddings, consistent with the last commit. */
  vectors(connection: C): VectorSearchRepo;

  /**
   * How a service's read-then-write is kept from racing another's: `single-writer` (SQLite: one connection, write
   * transactions run one at a time, `tx.locks.hold` does nothing) or `advisory` (PostgreSQL: transaction-scoped
   * advisory locks, taken by shared/coordination.ts, and claims with FOR UPDATE SKIP LOCKED).
   */
  readonly locking: 'single-writer' | 'advisory';
  /** Which failed transactions run again (whole, or a group commit's savepoint); null: none. */
  readonly retry: RetryPolicy | null;
  /** Runs `work`'s reads on one snapshot taken when it starts, without holding up writes. */
  readSnapshot<T>(connection: C, work: (repos: Repos) => Promise<T>): Promise<T>;
  ping(connection: C): Promise<boolean>;
  /** Makes a copy of the data directory consistent (SQLite: flushes the write-ahead log); says what it did. */
  checkpoint(connection: C): Promise<{ checkpointed: boolean; detail: string }>;
  close(connection: C): Promise<void>;
}
