import pg from 'pg';

/**
 * node-postgres returns 64-bit integers and numerics as strings (they may not fit a double). Cairn's counts and sums
 * always fit, and the shared repositories expect numbers, as SQLite gives them.
 */
const NUMBER_TYPES = new Set([20 /* int8 */, 1700 /* numeric */]);
export const cairnTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMBER_TYPES.has(oid) && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections this process may hold at once. */
  poolSize: number;
}

export function createPool({ url, poolSize }: PoolOptions): pg.Pool {
  // A server that does not answer fails a request after 10 s instead of holding it for ever.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: cairnTypes, application_name: 'cairn', connectionTimeoutMillis: 10_000 });
  // A connection the server drops (restart, failover) must not crash the process: an idle one the pool replaces, a
  // checked-out one fails its query (the request gets a 503), and neither may emit an 'error' nobody listens to.
  pool.on('error', () => {});
  pool.on('connect', client => client.on('error', () => {}));
  return pool;
}
