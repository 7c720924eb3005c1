import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { type Config, describeStore, isLoopbackHost } from './config.ts';
import { VERSION } from './version.ts';
import { guardProcess } from './processGuard.ts';
import type { Deps } from './services/deps.ts';
import { type Authenticator, createAuthenticator } from './services/auth/authenticator.ts';
import { unlockRequestedAt } from './services/auth/unlockRequest.ts';
import { openSqliteStore } from './storage/sqlite/store.ts';
import { openPostgresStore } from './storage/postgres/store.ts';
import { createPool } from './storage/postgres/connection.ts';
import { lockDataDir } from './storage/sqlite/dataDirLock.ts';
import { refuseMovedStore } from './storage/sqlite/movedMarker.ts';
import type { Store } from './storage/ports.ts';
import { buildServer } from './http/server.ts';
import { prettyLogDestination, wantsPrettyLogs } from './http/logLines.ts';
import { createHashEmbedder } from './providers/embedder/hash.ts';
import { searchEmbedder } from './mainEmbedder.ts';
import { createUsearchIndex } from './providers/vectors/usearch.ts';
import { createIndexer } from './services/search/indexer.ts';
import { sharedThesaurus } from './providers/thesaurus/wordnet.ts';
import { createRebuildRunner } from './services/search/rebuild.ts';
import { createLocalSessionSource } from './providers/sessions/local.ts';
import { createConversationFiles } from './providers/conversations/files.ts';
import { createThreadWatcher } from './services/threads/watcher.ts';
import { createExtractors } from './providers/extractor/factory.ts';
import { createOpenAiLlm } from './providers/llm/openai.ts';
import { createExtractionSetup } from './services/graph/setup.ts';
import { purgeExpiredTrash, startTrashPurge } from './services/trash/trash.ts';
import { createCommunityJobs } from './services/communities/jobs.ts';
import { createJobRunner, failInterruptedJobs } from './services/exports/jobs.ts';
import { runRead } from './services/reads/reads.ts';
import { createReadPool } from './mainReadPool.ts';
import { createBackgroundPool } from './mainBackgroundPool.ts';
import { createWriteToken, type WriteToken } from './storage/sqlite/writeToken.ts';
import { createSync, syncHubFor } from './mainSync.ts';
import { syncLogFor } from './services/sync/log.ts';

/** The composition root: the only file that chooses adapters and wires them together. */

export { VERSION };

export async function openStore(
  config: Pick<Config, 'storage' | 'databasePath' | 'sqliteSync'> & Partial<Pick<Config, 'walCheckpointMs' | 'databaseUrl' | 'pgPoolSize' | 'readWorkers'>>,
  writeToken?: WriteToken,
): Promise<Store> {
  if (config.storage === 'postgres') {
    if (!config.databaseUrl) throw new Error('CAIRN_STORAGE=postgres needs CAIRN_DATABASE_URL (postgres://user:password@host:port/database)');
    return openPostgresStore(createPool({ url: config.databaseUrl, poolSize: config.pgPoolSize ?? 10 }));
  }
  if (config.storage !== 'sqlite') throw new Error(`Unknown CAIRN_STORAGE "${config.storage}": use sqlite (the default) or postgres`);
  return openSqliteStore({
    path: config.databasePath,
    synchronous: config.sqliteSync,
    walCheckpointMs: config.walCheckpointMs,
    ann: createUsearchIndex,
    readWorkers: hasReadWorkers(config),
    writeToken,
  });
}

/**
 * Whether a SQLite server reads on worker threads: PostgreSQL's pool is its connection pool, and an in-memory
 * database (tests) cannot be shared between connections.
 */
function hasReadWorkers(config: Partial<Pick<Config, 'storage' | 'databasePath' | 'readWorkers'>>): boolean {
  return config.storage !== 'postgres' && config.databasePath !== ':memory:' && (config.readWorkers ?? 0) > 0;
}

/**
 * Whether a SQLite server works its memory-write queue on background threads with connections of their own
 * (mainBackgroundPool.ts): the offline rules in worker threads (CAIRN_BACKGROUND_WORKERS > 0) on a file database.
 * A language model extracts on the server's thread (its calls wait on the network, not the CPU).
 */
function hasBackgroundThreads(config: Partial<Pick<Config, 'storage' | 'databasePath' | 'backgroundWorkers' | 'extractor' | 'extractorWorker'>>): boolean {
  return config.storage !== 'postgres' && config.databasePath !== ':memory:' && (config.backgroundWorkers ?? 0) > 0 && (config.extractor ?? 'rules') === 'rules' && config.extractorWorker === true;
}

/** The model name CAIRN_EMBEDDER's embedder gives its vectors (null: none configured); nothing is loaded or embedded. */
export async function embedderModel(config: Parameters<typeof searchEmbedder>[0]): Promise<string | null> {
  const embedder = searchEmbedder(config);
  await embedder?.close?.();
  return embedder?.model ?? null;
}

export function buildDeps(
  store: Store,
  config: Pick<Config, 'apiKey' | 'embedder' | 'embedderModel' | 'embedderUrl' | 'llmUrl' | 'llmApiKey' | 'dataDir' | 'autoLabel' | 'homeDir' | 'extractor' | 'llmModel' | 'trashDays' | 'exportDir'> &
    Partial<Pick<Config, 'communityDebounceMs' | 'extractorWorker' | 'backgroundWorkers' | 'importUploadMaxBytes' | 'sourceMaxBytes' | 'sourceRoots' | 'sourceFetchTimeoutMs'>>,
  log?: (message: string) => void,
): Deps {
  const clock = { now: () => new Date().toISOString() };
  const ids = { next: () => uuidv7() };
  // This process, in leases and claims: several processes may share a PostgreSQL store.
  const holder = randomUUID();
  const embedder = searchEmbedder(config);
  const labelEmbedder = embedder ?? createHashEmbedder();
  const indexer = embedder && createIndexer({ store, embedder, clock, log, holder });
  const llm = config.llmUrl && config.llmModel ? createOpenAiLlm({ url: config.llmUrl, model: config.llmModel, apiKey: config.llmApiKey }) : null;
  const extractors = createExtractors({ ...config, log });
  const conversations = createConversationFiles(config.homeDir);
  const communities = createCommunityJobs({ store, clock, llm, debounceMs: config.communityDebounceMs, log, holder });
  return {
    store,
    embedder: labelEmbedder,
    indexer,
    rebuilds: createRebuildRunner({ store, indexer, clock, ids, holder }),
    clock,
    ids,
    version: VERSION,
    apiKey: config.apiKey,
    autoLabel: config.autoLabel,
    trashDays: config.trashDays,
    sessions: createLocalSessionSource(config.homeDir),
    conversations,
    threadWatcher: createThreadWatcher({ store, clock, ids, conversations }, { log }),
    // SQLite's data directory is locked to one process: claims it finds on start are a dead process's.
    extraction: createExtractionSetup({ ...extractors, store, clock, ids, log, onGraphChanged: () => communities.graphChanged(), exclusive: store.backend === 'sqlite', embedder: labelEmbedder }),
    llm,
    communities,
    exportDir: config.exportDir,
    importUploadMaxBytes: config.importUploadMaxBytes,
    sourceMaxBytes: config.sourceMaxBytes,
    sourceRoots: config.sourceRoots,
    sourceFetchTimeoutMs: config.sourceFetchTimeoutMs,
    jobs: createJobRunner({ store, clock, ids, holder }),
    thesaurus: sharedThesaurus(),
    holder,
    workers: { cores: availableParallelism(), background: extractors.primary?.offThread ? Math.max(1, config.backgroundWorkers ?? 1) : 0 },
  };
}

export interface App {
  server: FastifyInstance;
  deps: Deps;
  auth: Authenticator;
  /** Stops accepting requests, lets in-flight ones finish, then closes the database. */
  close(): Promise<void>;
}

/** Stops every background loop of `deps` and waits for what is running to finish (before the store closes). */
async function stopBackgroundWork(deps: Deps): Promise<void> {
  deps.sync?.stop();
  await deps.sync?.settle(); // a round in progress finishes (or fails) before the store closes
  await deps.threadWatcher?.stop(); // no import starts once the store is closing
  deps.indexer?.stop();
  deps.extraction.jobs?.stop();
  deps.communities?.stop();
  await deps.jobs.settle();
  await deps.rebuilds.settle();
  await deps.indexer?.settle();
  await deps.extraction.jobs?.settle();
  await deps.extraction.primary?.close?.();
  await deps.communities?.settle();
  await deps.indexer?.embedder.close?.();
}

const SHARED_QUEUE_POLL_MS = 5_000;

/** The service on `config`'s store, or on a store already opened (tests: PGlite, in process). */
export async function createApp(config: Config, opened?: Store): Promise<App> {
  // The background threads write on connections of their own: every connection to the file then takes turns by the token.
  const writeToken = !opened && hasBackgroundThreads(config) ? createWriteToken() : undefined;
  const store = opened ?? (await openStore(config, writeToken));
  const deps = buildDeps(store, config, message => server.log.warn(message));
  if (writeToken && deps.extraction.jobs) {
    if (deps.workers) deps.workers = { ...deps.workers, writeLock: () => writeToken.usage() };
    deps.extraction = {
      ...deps.extraction,
      jobs: createBackgroundPool({
        size: config.backgroundWorkers,
        databasePath: config.databasePath,
        synchronous: config.sqliteSync,
        token: writeToken,
        store,
        embedder: deps.embedder,
        fallback: deps.extraction.jobs,
        onGraphChanged: () => deps.communities?.graphChanged(),
        log: message => server.log.warn(message),
      }),
    };
  }
  deps.syncHub = syncHubFor(config);
  // CAIRN_SYNC_REMOTE: the change log of this store, moved through the remote by rounds (docs/sync.md).
  deps.sync = config.sync ? createSync(config, deps, syncLogFor(deps), message => server.log.warn(message)) : null;
  await purgeExpiredTrash(deps); // deleted memories past CAIRN_TRASH_DAYS go for good
  await failInterruptedJobs(deps); // an export or import the last run left unfinished will never finish
  const auth = createAuthenticator(deps, Date.now, {
    log: message => server.log.warn(message),
    unlockRequestedAt: () => unlockRequestedAt(config.dataDir), // `cairn keys unlock`, from the owner's side of the data dir
  });
  // Readable lines in a terminal (or with CAIRN_LOG_FORMAT=pretty); pino's JSON lines otherwise.
  const pretty = wantsPrettyLogs(config.logFormat, Boolean(process.stdout.isTTY));
  const logStream = pretty ? prettyLogDestination(Boolean(process.stdout.isTTY)) : undefined;
  // Reads on every core: worker threads with read-only connections (WAL).
  if (store.backend === 'sqlite' && hasReadWorkers(config)) {
    deps.readPool = createReadPool({
      size: config.readWorkers,
      databasePath: config.databasePath,
      embedder: deps.indexer?.embedder ?? null,
      fallback: request => runRead(deps, request),
      log: message => server.log.warn(message),
    });
  }
  const server = await buildServer({ deps, auth, logLevel: config.logLevel, logStream, validateResponses: config.validateResponses });
  deps.indexer?.kick(); // embed whatever was left pending by the last run
  deps.extraction.jobs?.kick(); // extract whatever was left queued by the last run
  const stopTrashPurge = startTrashPurge(deps, message => server.log.warn(message), deps.holder);
  deps.sync?.start(); // a round now, then every CAIRN_SYNC_INTERVAL_S
  deps.communities?.start(); // recompute communities when the graph changed since the last detection
  // Processes sharing a PostgreSQL database share the embedding queue: memories another process left (it stopped, or
  // its claim ran out) are embedded here too. (The extraction queue polls itself; SQLite has one process.)
  const embeddingPoll = store.backend === 'postgres' && deps.indexer ? setInterval(() => deps.indexer?.kick(), SHARED_QUEUE_POLL_MS).unref() : null;
  return {
    server,
    deps,
    auth,
    async close() {
      await server.close();
      await deps.readPool?.close();
      if (embeddingPoll) clearInterval(embeddingPoll);
      stopTrashPurge();
      await stopBackgroundWork(deps);
      await store.close();
    },
  };
}

/** How a command takes the data dir: `force` uses a SQLite store that `cairn migrate` moved away (stale) anyway. */
export interface DataDirOptions {
  force?: boolean;
}

/** Refuses a SQLite data dir whose store `cairn migrate` moved to PostgreSQL (stale), unless `force`. */
export function refuseMovedDataDir(config: Pick<Config, 'storage' | 'dataDir'>, verb: string, options: DataDirOptions = {}): void {
  if (config.storage !== 'postgres') refuseMovedStore(config.dataDir, verb, options.force);
}

/**
 * SQLite's data dir belongs to one process; a PostgreSQL database is shared by as many as the operator runs. A SQLite
 * store that was moved to PostgreSQL is refused first (`verb` says what for), unless `force`.
 */
function lockForStorage(config: Pick<Config, 'storage' | 'dataDir'>, verb: string, options: DataDirOptions = {}): { release(): void } {
  refuseMovedDataDir(config, verb, options);
  return config.storage === 'postgres' ? { release() {} } : lockDataDir(config.dataDir);
}

/** Starts the service in the foreground; SIGTERM/SIGINT drain requests and close the database cleanly. */
export async function serve(config: Config, options: DataDirOptions = {}): Promise<App> {
  const lock = lockForStorage(config, 'serve', options); // a second server on the same SQLite data refuses here, before touching it
  let opened: App;
  try {
    opened = await createApp(config);
  } catch (error) {
    lock.release();
    throw error;
  }
  const app: App = { ...opened, close: () => opened.close().finally(() => lock.release()) };
  if (!isLoopbackHost(config.host) && !(await app.auth.isRequired())) {
    await app.close();
    throw new Error(
      `Refusing to listen on ${config.host} without an API key: anyone on the network could read and change every memory. ` +
        'Set CAIRN_API_KEY or run `cairn keys create`, or bind to 127.0.0.1.',
    );
  }
  const address = await app.server.listen({ host: config.host, port: config.port });
  // The port (bench/lib.ts and scripts read it from "listening on <url> "), then where the web app opens.
  app.server.log.info(`Cairn ${VERSION} listening on ${address} (data in ${describeStore(config)}) — open ${address}/app`);
  const unguard = guardProcess(app.server.log); // from here on, a stray error is logged, not fatal
  app.deps.readPool?.start(); // now that the server answers: the read threads load meanwhile, not before it listens

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.server.log.info(`${signal} received: closing`);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.server.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return {
    ...app,
    async close() {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      unguard();
      await app.close();
    },
  };
}

/**
 * The data dir opened directly by a command (no server running): locked for this process first, so a server cannot
 * start on it meanwhile (and the command refuses when one runs). `close` stops background work and releases the lock.
 */
export async function openDataDir(config: Config, verb: string, options: DataDirOptions = {}): Promise<{ deps: Deps; close(): Promise<void> }> {
  const lock = lockForStorage(config, verb, options);
  try {
    const store = await openStore(config);
    const deps = buildDeps(store, config);
    await failInterruptedJobs(deps);
    return {
      deps,
      async close() {
        await stopBackgroundWork(deps); // what is left to embed or extract waits for the next server start
        await store.close().finally(() => lock.release());
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
