import type { WriteLockUse, WriteLockUsage } from '../ports.ts';
import { type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect, type SqliteDialectConfig, type TransactionSettings } from 'kysely';

/**
 * The right to write to a SQLite database, shared by the threads of one process that each have their own connection
 * (the server's thread and the background workers, mainBackgroundPool.ts). SQLite lets one connection write at a
 * time; without the token a second writer makes the other wait in SQLite's busy handler, which sleeps the thread
 * (the server's event loop with it), and fails a transaction that read before another connection committed
 * (SQLITE_BUSY_SNAPSHOT). With it, a thread that must wait awaits the token and its event loop runs on meanwhile.
 *
 * Two 32-bit cells of shared memory: the holder (0 free, else the holder's number; each thread has its own) and
 * whether the server's thread waits for it. The server's thread goes first: while it waits, a worker does not take
 * the token, so acknowledging a write never queues behind the background work (which gave way to requests as well
 * when it ran on the server's thread). Not reentrant: each connection takes it for one transaction or one writing
 * statement at a time (the Kysely driver serialises a connection's uses).
 */
export interface WriteToken {
  /** The shared cells, to hand to another thread (workerData). */
  readonly buffer: SharedArrayBuffer;
  acquire(): Promise<void>;
  release(): void;
  /** Frees the token if the thread numbered `holder` holds it: that thread stopped mid-transaction (SQLite rolled it back). */
  releaseIfHeldBy(holder: number): boolean;
  /** How long the server's thread and the background threads have held and waited for the token since it was made. */
  usage(): WriteLockUsage;
}

// Atomics.waitAsync is in Node 16+, not in the ES2022 library types this project compiles against.
type WaitAsync = (cells: Int32Array, index: number, value: number) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

const HOLDER = 0;
const SERVER_WAITS = 1;
const FREE = 0;
/** The server's thread; workers are numbered from 2. */
export const SERVER_HOLDER = 1;

/**
 * After the two cells, six 64-bit counters: held nanoseconds, waited nanoseconds and takes, for the server's thread
 * and then for the background threads together (each thread adds its own; Atomics.add, as several threads share them).
 */
const COUNTERS_AT = 8;
const COUNTERS = 6;
const BUFFER_BYTES = COUNTERS_AT + COUNTERS * 8;
const [HELD, WAITED, TAKES] = [0, 1, 2];
const BACKGROUND = 3;

function useOf(counters: BigInt64Array, at: number): WriteLockUse {
  const ms = (ns: bigint) => Math.round(Number(ns) / 1e4) / 100;
  return { held_ms: ms(Atomics.load(counters, at + HELD)), waited_ms: ms(Atomics.load(counters, at + WAITED)), takes: Number(Atomics.load(counters, at + TAKES)) };
}

/** Resolves once cells[index] is no longer `value` (at once if it is not now). */
async function changeOf(cells: Int32Array, index: number, value: number): Promise<void> {
  const wait = waitAsync(cells, index, value);
  if (!wait.async) return;
  // A pending waitAsync does not keep the process up: without this, a process whose other thread holds the token
  // (an unref'd worker) could end with the wait still pending.
  const keepAlive = setTimeout(() => {}, 2 ** 31 - 1);
  try {
    await wait.value;
  } finally {
    clearTimeout(keepAlive);
  }
}

export function createWriteToken(buffer: SharedArrayBuffer = new SharedArrayBuffer(BUFFER_BYTES), holder = SERVER_HOLDER): WriteToken {
  const cells = new Int32Array(buffer, 0, 2);
  const counters = new BigInt64Array(buffer, COUNTERS_AT, COUNTERS);
  const isServer = holder === SERVER_HOLDER;
  const mine = isServer ? 0 : BACKGROUND;
  // Not reentrant: one acquisition of this thread's at a time, so one start time.
  let heldSince = 0;
  const count = (counter: number, since: number) => Atomics.add(counters, mine + counter, BigInt(Math.round((performance.now() - since) * 1e6)));
  const taken = (askedAt: number) => {
    count(WAITED, askedAt);
    Atomics.add(counters, mine + TAKES, 1n);
    heldSince = performance.now();
  };
  return {
    buffer,
    async acquire() {
      const askedAt = performance.now();
      for (;;) {
        if (!isServer && Atomics.load(cells, SERVER_WAITS) === 1) {
          await changeOf(cells, SERVER_WAITS, 1);
          continue;
        }
        const current = Atomics.compareExchange(cells, HOLDER, FREE, holder);
        if (current === FREE) {
          if (isServer && Atomics.exchange(cells, SERVER_WAITS, 0) === 1) Atomics.notify(cells, SERVER_WAITS);
          taken(askedAt);
          return;
        }
        if (isServer) Atomics.store(cells, SERVER_WAITS, 1);
        await changeOf(cells, HOLDER, current);
      }
    },
    release() {
      count(HELD, heldSince);
      Atomics.store(cells, HOLDER, FREE);
      Atomics.notify(cells, HOLDER);
    },
    releaseIfHeldBy(other) {
      if (Atomics.compareExchange(cells, HOLDER, other, FREE) !== other) return false;
      Atomics.notify(cells, HOLDER);
      return true;
    },
    usage: () => ({ server: useOf(counters, 0), background: useOf(counters, BACKGROUND) }),
  };
}

/**
 * Kysely's SQLite dialect whose driver holds `token` for every transaction (from BEGIN to COMMIT or ROLLBACK) and for
 * every statement outside one that writes; reads outside a transaction go ahead without it (WAL readers never wait).
 * `probe` asks the connection's handle whether a statement only reads (better-sqlite3's `readonly`: an UPDATE …
 * RETURNING is a `reader` that writes) and whether a transaction is open.
 */
export function writeTokenDialect(config: SqliteDialectConfig, token: WriteToken, probe: ConnectionProbe): SqliteDialect {
  return new (class extends SqliteDialect {
    createDriver(): Driver {
      return tokenDriver(super.createDriver(), token, probe);
    }
  })(config);
}

/** What the driver asks of the connection's handle (better-sqlite3's Database, or the statement cache over it). */
export interface ConnectionProbe {
  readOnly(sql: string): boolean;
  inTransaction(): boolean;
}

function tokenDriver(inner: Driver, token: WriteToken, probe: ConnectionProbe): Driver {
  let inTransaction = false;
  let held = false;
  const take = async () => {
    await token.acquire();
    held = true;
  };
  const give = () => {
    if (!held) return;
    held = false;
    token.release();
  };
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (inTransaction || probe.readOnly(query.sql)) return connection.executeQuery<R>(query);
      await take();
      try {
        return await connection.executeQuery<R>(query);
      } finally {
        give();
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  const connections = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const innerOf = (connection: DatabaseConnection) => unwrap.get(connection) ?? connection;
  return {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      let wrapped = connections.get(connection);
      if (!wrapped) {
        wrapped = wrap(connection);
        connections.set(connection, wrapped);
        unwrap.set(wrapped, connection);
      }
      return wrapped;
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await take();
      try {
        await inner.beginTransaction(innerOf(connection), settings);
        inTransaction = true;
      } catch (error) {
        give();
        throw error;
      }
    },
    async commitTransaction(connection: DatabaseConnection) {
      try {
        await inner.commitTransaction(innerOf(connection));
        inTransaction = false;
        give();
      } catch (error) {
        // A COMMIT that failed may leave the transaction open: the caller's ROLLBACK then gives the token up.
        if (!probe.inTransaction()) {
          inTransaction = false;
          give();
        }
        throw error;
      }
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      try {
        await inner.rollbackTransaction(innerOf(connection));
      } finally {
        inTransaction = false;
        give();
      }
    },
    savepoint: (connection, name, compile) => inner.savepoint!(innerOf(connection), name, compile),
    rollbackToSavepoint: (connection, name, compile) => inner.rollbackToSavepoint!(innerOf(connection), name, compile),
    releaseSavepoint: (connection, name, compile) => inner.releaseSavepoint!(innerOf(connection), name, compile),
    releaseConnection: connection => inner.releaseConnection(innerOf(connection)),
    destroy: () => inner.destroy(),
  };
}
