import { AppError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { describeExtraction } from '../graph/setup.ts';
import { backgroundQueueStatus } from './backgroundQueue.ts';

export const INTERFACE_VERSION = '0.9.15';

/** Liveness and readiness of the service and its database (the reference's HealthResponse plus ours). */
/**
 * Where the work runs: reads on worker threads (SQLite), on the connection pool (PostgreSQL: any pooled connection
 * serves a read while others write) or on the event loop; the background queue's extraction threads.
 */
function describeWorkers(deps: Pick<Deps, 'store' | 'readPool' | 'workers'>) {
  const readWorkers = deps.readPool?.size ?? 0;
  return {
    cores: deps.workers?.cores ?? 1,
    read_workers: readWorkers,
    reads: readWorkers > 0 ? 'worker_threads' : deps.store.backend === 'postgres' ? 'connection_pool' : 'event_loop',
    background_workers: deps.workers?.background ?? 0,
    write_lock: deps.workers?.writeLock?.() ?? null,
  } as const;
}

export async function getHealth(deps: Pick<Deps, 'store' | 'clock' | 'version' | 'indexer' | 'extraction' | 'readPool' | 'workers'>) {
  const connected = await deps.store.ping().catch(() => false);
  const background = connected ? await backgroundQueueStatus(deps).catch(() => null) : null;
  return {
    status: connected ? 'healthy' : 'unhealthy',
    version: deps.version,
    timestamp: deps.clock.now(),
    database_connected: connected,
    services_ready: connected,
    // Degraded only when a configured model fails: full text only (no embedder) is a choice, not a fault.
    embedding: deps.indexer
      ? { provider: deps.indexer.embedder.provider, model: deps.indexer.embedder.model, available: deps.indexer.lastError === null, degraded: deps.indexer.lastError !== null }
      : { provider: 'none', model: null, available: false, degraded: false },
    storage: { backend: deps.store.backend },
    // Work the acknowledged writes still wait for (graph, EVOLVES, embeddings); null when the database cannot say.
    background_queue: background,
    workers: describeWorkers(deps),
  };
}

/** Server version and which optional subsystems are on, so clients can hide what is missing. */
export async function getCapabilities(deps: Pick<Deps, 'version' | 'indexer' | 'extraction' | 'store'>, authRequired: boolean) {
  const extraction = describeExtraction(deps.extraction);
  // How the store searches vectors: semantic search needs an embedder and a store that can (pgvector on PostgreSQL).
  const vector_search = await deps.store.vectors.status();
  return {
    version: deps.version,
    interface_version: INTERFACE_VERSION,
    features: {
      memories: true,
      labels: true,
      favorites: true,
      lifecycle: true,
      bulk_operations: true,
      memory_export: true,
      // An embedder that cannot load (a missing optional package) leaves search on full text: say so.
      semantic_search: deps.indexer !== null && deps.indexer.lastError === null && vector_search.available,
      lexical_search: true,
      search_index: true,
      llm_extraction: extraction.extractor === 'llm' && !extraction.degraded,
      llm_synthesis: false,
      knowledge_graph: true,
      entity_extraction: extraction.available,
      threads: false,
      communities: true,
      library: false,
      data_export: false,
      agent_profiles: true,
      spaces: true,
      mcp: true,
      auth_required: authRequired,
    },
    spaces_enabled: true,
    // Which extractor runs on create, and whether a configured language model is reachable (else the rules stand in).
    extraction,
    vector_search,
  };
}

/** Flushes pending writes into the database file (before an app update or a copy of the data dir); 500 when it cannot. */
export async function checkpoint(deps: Pick<Deps, 'store'>) {
  const result = await deps.store.checkpoint();
  if (!result.checkpointed) throw new AppError(500, 'checkpoint_failed', result.detail, { success: false, checkpointed: false });
  return { success: true, ...result };
}
