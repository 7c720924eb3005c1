/**
 * Storage backends for the benchmarks: `--storage sqlite,postgres --database-url postgres://…/postgres [--processes 2]`.
 * SQLite runs one server on a fresh data dir (the default, as before). PostgreSQL gets a fresh database of its own on
 * the server `--database-url` names (created here, dropped after), served by one Cairn process and, with
 * `--processes N`, by N processes sharing it (the load split evenly across them, round robin).
 */
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { join } from 'node:path';
import pg from 'pg';
import type { Store } from '../src/storage/ports.ts';
import { createPool } from '../src/storage/postgres/connection.ts';
import { openPostgresStore } from '../src/storage/postgres/store.ts';
import { openSqliteStore } from '../src/storage/sqlite/store.ts';
import { cpuMs, makeTempDir, removeDir, rssBytes, type ServerProcess, startServer, type StartOptions } from './lib.ts';

export type Storage = 'sqlite' | 'postgres';

export interface BackendOptions {
  storages: Storage[];
  databaseUrl: string | null;
  /** PostgreSQL runs with 1 process, and also with this many when above 1. */
  processes: number;
  poolSize: number;
}

/** One configuration measured: a backend and how many Cairn processes serve it. */
export interface Setup {
  storage: Storage;
  processes: number;
  label: string;
}

/**
 * Takes `--storage`, `--database-url`, `--processes` and `--pg-pool-size` out of `argv` (the rest is the benchmark's
 * own), with BENCH_STORAGE, BENCH_DATABASE_URL, BENCH_PROCESSES and CAIRN_PG_POOL_SIZE as fallbacks.
 */
export function takeBackendOptions(argv: string[]): { backends: BackendOptions; rest: string[] } {
  const rest: string[] = [];
  const raw: Record<string, string | undefined> = {
    storage: process.env.BENCH_STORAGE,
    'database-url': process.env.BENCH_DATABASE_URL,
    processes: process.env.BENCH_PROCESSES,
    'pg-pool-size': process.env.CAIRN_PG_POOL_SIZE,
  };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (argv[i].startsWith('--') && name in raw) raw[name] = argv[++i];
    else rest.push(argv[i]);
  }
  const storages = (raw.storage ?? 'sqlite').split(',').map(s => s.trim()) as Storage[];
  for (const s of storages) if (s !== 'sqlite' && s !== 'postgres') throw new Error(`--storage takes sqlite and/or postgres, got "${s}"`);
  const processes = Number(raw.processes ?? 1);
  if (!Number.isInteger(processes) || processes < 1) throw new Error(`--processes needs a whole number ≥ 1, got ${raw.processes}`);
  const poolSize = Number(raw['pg-pool-size'] ?? 10);
  const databaseUrl = raw['database-url'] ?? null;
  if ((storages.includes('postgres') || processes > 1) && !databaseUrl) {
    throw new Error('--storage postgres and --processes need --database-url postgres://user@host:port/postgres (a server where the bench may create databases)');
  }
  if (processes > 1 && !storages.includes('postgres')) throw new Error('--processes > 1 needs --storage …,postgres: a SQLite data dir belongs to one process');
  return { backends: { storages, databaseUrl, processes, poolSize }, rest };
}

/** The configurations to measure, in order: SQLite (1 process), PostgreSQL with 1 process, then with N. */
export function setupsOf(options: BackendOptions): Setup[] {
  const setups: Setup[] = [];
  for (const storage of options.storages) {
    const counts = storage === 'postgres' && options.processes > 1 ? [1, options.processes] : [1];
    for (const processes of counts) setups.push({ storage, processes, label: processes > 1 ? `${storage} ×${processes}` : storage });
  }
  return setups;
}

/** True when the run compares more than plain SQLite (the benches then print their extra columns). */
export const comparing = (options: BackendOptions) => options.storages.some(s => s !== 'sqlite') || options.processes > 1;

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Running servers of one setup, with a pool per process and requests spread over them. */
export interface Deployment {
  setup: Setup;
  servers: ServerProcess[];
  /** The pool for request number `i` (round robin over the processes). */
  pool(i: number): Pool;
  /** Sum over the Cairn processes (PostgreSQL's own processes are not counted). */
  cpuMs(): number | null;
  rssBytes(): number | null;
  /** The database's size on disk: cairn.db and its WAL, or pg_database_size. */
  databaseBytes(): Promise<number>;
  /** A line saying where the data lives, for the log. */
  describe: string;
  /** The same store opened from this process (a bulk load beside the servers); close it after use. */
  openStore(): Promise<Store>;
  /** Stops the processes and drops the store; resolves with the database's size at the end (after a clean close on SQLite). */
  stop(): Promise<number>;
}

/**
 * Starts the setup's Cairn processes on a fresh store. `env` and `startOptions` go to every process (their own data
 * dir each: on PostgreSQL it holds nothing but model caches).
 */
export async function deploy(
  setup: Setup,
  backends: BackendOptions,
  options: { connections: number; env?: Record<string, string>; start?: Partial<StartOptions>; fileBytes?: (dataDir: string) => number },
): Promise<Deployment> {
  const dirs = Array.from({ length: setup.processes }, () => makeTempDir('cairn-bench-'));
  let database: string | null = null;
  let url: string | null = null;
  if (setup.storage === 'postgres') {
    database = `cairn_bench_${randomBytes(6).toString('hex')}`;
    await admin(backends.databaseUrl!, client => client.query(`create database ${database}`));
    url = withDatabase(backends.databaseUrl!, database);
  }
  const env = {
    ...options.env,
    ...(url ? { CAIRN_STORAGE: 'postgres', CAIRN_DATABASE_URL: url, CAIRN_PG_POOL_SIZE: String(backends.poolSize) } : { CAIRN_STORAGE: 'sqlite' }),
  };
  const servers: ServerProcess[] = [];
  const pools: Pool[] = [];
  const postgresBytes = () => admin(url!, async client => Number((await client.query('select pg_database_size(current_database()) as n')).rows[0].n));
  const stop = async () => {
    await Promise.all(pools.map(p => p.close()));
    for (const server of servers) {
      const exit = await server.stop('SIGTERM');
      if (exit.code !== 0) console.error(`${setup.label} server exited with code ${exit.code}, signal ${exit.signal}`);
    }
    const bytes = url ? await postgresBytes().catch(() => 0) : (options.fileBytes?.(dirs[0]) ?? 0);
    dirs.forEach(removeDir);
    // BENCH_KEEP_DATABASE=1 leaves it for profiling afterwards (EXPLAIN ANALYZE on the statements the run logged).
    if (database && process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${database}`);
    else if (database) await admin(backends.databaseUrl!, client => client.query(`drop database if exists ${database} with (force)`));
    return bytes;
  };
  try {
    // One after the other: the first one migrates the fresh database, the others find it ready.
    for (const dataDir of dirs) servers.push(await startServer({ timeoutMs: 60_000, ...options.start, dataDir, env: { ...options.start?.env, ...env } }));
    for (const server of servers) pools.push(new Pool(server.url, { connections: Math.max(1, Math.ceil(options.connections / servers.length)), pipelining: 1 }));
  } catch (error) {
    await stop().catch(() => 0);
    throw error;
  }
  const sum = (values: (number | null)[]) => (values.some(v => v === null) ? null : values.reduce<number>((a, b) => a + b!, 0));
  return {
    setup,
    servers,
    pool: i => pools[i % pools.length],
    cpuMs: () => sum(servers.map(s => cpuMs(s.pid))),
    rssBytes: () => sum(servers.map(s => rssBytes(s.pid))),
    databaseBytes: async () => (url ? postgresBytes() : (options.fileBytes?.(dirs[0]) ?? 0)),
    openStore: () => (url ? openPostgresStore(createPool({ url, poolSize: 4 })) : openSqliteStore({ path: join(dirs[0]!, 'cairn.db') })),
    describe: url ? `${setup.processes} Cairn process${setup.processes > 1 ? 'es' : ''} on PostgreSQL database ${database} (pool ${backends.poolSize} each)` : `SQLite in ${dirs[0]}`,
    stop,
  };
}

/** The PostgreSQL server's version and the settings that decide write speed, for the report. */
export async function describePostgres(url: string): Promise<string> {
  return admin(url, async client => {
    const version = (await client.query('show server_version')).rows[0].server_version;
    const settings = await client.query(`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'shared_buffers', 'max_connections') order by name`);
    const vector = (await client.query(`select 1 from pg_available_extensions where name = 'vector'`)).rowCount ? 'pgvector available' : 'no pgvector';
    return `PostgreSQL ${version} (${settings.rows.map(r => `${r.name}=${r.setting}`).join(', ')}; ${vector})`;
  });
}
