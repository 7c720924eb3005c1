import type { Deps } from '../deps.ts';
import { backgroundQueueStatus } from '../health/backgroundQueue.ts';

type IndexDeps = Pick<Deps, 'store' | 'indexer'>;
type StatusDeps = IndexDeps & Pick<Deps, 'extraction' | 'clock'>;

/**
 * Re-embeds the given memories (or every memory flagged `reindex_needed`) and waits for it.
 * Unknown ids come back as failed with reason `not_found` without failing the call.
 */
export async function reindexMemories(deps: IndexDeps, input: { memory_ids?: string[] | null; batch_size: number }) {
  // Without ids: every memory lacking a vector of the current model counts too (written before it was configured).
  if (!input.memory_ids?.length && deps.indexer) await deps.store.search.markMissingVectors(deps.indexer.embedder.model);
  const requested = input.memory_ids?.length ? [...new Set(input.memory_ids)] : await deps.store.search.idsNeedingReindex();
  const existing = new Set((await deps.store.memories.getMany(requested)).filter(m => m.lifecycle_state !== 'forgotten').map(m => m.id));
  const found = requested.filter(id => existing.has(id));
  if (deps.indexer) {
    await deps.store.search.markForReindex(found);
    await deps.indexer.settle();
  }
  const stillPending = new Set(deps.indexer ? await deps.store.search.idsNeedingReindex() : []);
  const details = requested.map(id => {
    if (!existing.has(id)) return { memory_id: id, status: 'failed', reason: 'not_found' };
    if (stillPending.has(id)) return { memory_id: id, status: 'failed', reason: 'embedding_failed', error: deps.indexer?.lastError ?? null };
    return {
      memory_id: id,
      status: 'success',
      reason: deps.indexer ? null : 'full_text_only',
      embedding_dimension: deps.indexer?.embedder.dimensions ?? null,
    };
  });
  const failed = details.filter(d => d.status === 'failed').length;
  return {
    success: true,
    processed: details.length - failed,
    failed,
    error: failed > 0 && deps.indexer?.lastError ? deps.indexer.lastError : null,
    batch_size: input.batch_size,
    details,
  };
}

/** How many memories still wait for their embedding (a client may poll this until it is 0). */
export async function reindexStatus(deps: IndexDeps, input: { include_ids: boolean }) {
  await deps.indexer?.prepare(); // queues what the current model has not embedded yet
  const count = await deps.store.search.countNeedingReindex();
  const sample = await deps.store.memories.getMany(await deps.store.search.idsNeedingReindex(5));
  return {
    count_needing_reindex: count,
    has_memories_needing_reindex: count > 0,
    sample_memories: sample.map(m => ({ id: m.id, title: m.title })),
    all_memory_ids: input.include_ids ? await deps.store.search.idsNeedingReindex() : null,
  };
}

/** The start-up backfill as the status shows it: how many of the memories queued at start are embedded, how many wait. */
function presentBackfill(indexer: NonNullable<IndexDeps['indexer']>, pending: number) {
  const backfill = indexer.backfill;
  if (!backfill) return null;
  const { model, queued, embedded, started_at, finished_at } = backfill;
  return { in_progress: finished_at === null, model, queued, embedded, remaining: pending, started_at, finished_at };
}

/** Whether semantic search is on, with which model, and how far the index has got (with the start-up backfill). */
export async function searchIndexStatus(deps: StatusDeps) {
  // Preparing first queues what the current model has not embedded yet, so the counts below include it.
  await deps.indexer?.prepare();
  const pending = await deps.store.search.countNeedingReindex();
  // What the acknowledged writes still wait for (graph, EVOLVES, embeddings), with the oldest one's wait.
  const background_queue = await backgroundQueueStatus(deps);
  // How the store searches vectors (in process memory on SQLite, pgvector on PostgreSQL), and whether it can.
  const vector_search = await deps.store.vectors.status();
  if (!deps.indexer) {
    // Without an embedder nothing waits: memories flagged for embedding (imported, migrated) are embedded only once
    // one is configured, so counting them as pending would read as a backlog that never drains.
    const later = pending > 0 ? ` ${pending} ${pending === 1 ? 'memory has' : 'memories have'} no vector yet: ${pending === 1 ? 'it is' : 'they are'} embedded once an embedder is configured.` : '';
    return {
      available: true,
      model_cached: false,
      model_name: '',
      message: `Full-text search only: no embedding model is configured (CAIRN_EMBEDDER). Search works offline: bm25, plus context from adjacent memories in deep mode.${later}`,
      embedding_mode: 'none',
      remote_provider: null,
      remote_model: null,
      semantic_search: false,
      indexed_vectors: 0,
      pending_memories: 0,
      last_error: null,
      backfill: null,
      background_queue,
      vector_search,
    };
  }
  const embedder = deps.indexer.embedder;
  const indexed = await deps.store.vectors.count(embedder.model);
  const remote = embedder.provider === 'openai';
  const backfill = presentBackfill(deps.indexer, pending);
  const progress = backfill?.in_progress ? `; embedding existing memories: ${backfill.embedded} of ${backfill.queued} done` : '';
  const message = deps.indexer.lastError
    ? `Embedding is failing (${deps.indexer.lastError}); search falls back to full text for memories not yet embedded${progress}`
    : vector_search.available
      ? `Hybrid search: full text + ${embedder.model} (${indexed} vectors, ${pending} pending${progress})`
      : `Full-text search only: the store cannot search vectors (${vector_search.detail ?? vector_search.engine}); memories are still embedded${progress}`;
  return {
    available: deps.indexer.lastError === null,
    model_cached: true,
    model_name: embedder.model,
    message,
    embedding_mode: remote ? 'remote' : 'local',
    remote_provider: remote ? embedder.provider : null,
    remote_model: remote ? embedder.model : null,
    semantic_search: vector_search.available,
    indexed_vectors: indexed,
    pending_memories: pending,
    last_error: deps.indexer.lastError,
    backfill,
    background_queue,
    vector_search,
  };
}

/** On-disk sizes: the database file (with its write-ahead log) and the part of it the search projection takes. */
export async function storageInfo(deps: Pick<Deps, 'store'>) {
  const { search_index_bytes, database_bytes } = await deps.store.search.sizeBytes();
  return {
    graph_db_bytes: Math.max(0, database_bytes - search_index_bytes),
    message_store_bytes: 0,
    search_index_bytes,
    total_bytes: database_bytes,
    backend: deps.store.backend,
  };
}

/** Compacts the search index and the database file and flushes the write-ahead log. */
export async function optimizeStorage(deps: Pick<Deps, 'store'>) {
  const { before_bytes, after_bytes } = await deps.store.search.optimize();
  const freed = Math.max(0, before_bytes - after_bytes);
  return { success: true, before_bytes, after_bytes, freed_bytes: freed, message: `Storage optimized; ${freed} bytes freed` };
}
