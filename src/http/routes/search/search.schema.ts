import { z } from 'zod';
import { LIFECYCLE_STATES, UNIT_TYPES } from '../../../domain/memory.ts';
import { SEARCH_MODES } from '../../../services/search/search.ts';
import { MAX_LABEL_NAME_CHARS } from '../../../domain/label.ts';
import { boolQuery, dateString, intQuery, spaceId } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { BackgroundQueue, Entity, SearchMemory, VectorSearchStatus } from '../../responses.ts';
export const searchBody = z.object({
  query: z.string().max(4000),
  limit: z.number().int().min(1).max(100).default(10),
  mode: z.enum(SEARCH_MODES).nullish().transform(m => m ?? 'fast'),
  include_entities: z.boolean().default(true),
  filter_labels: z.array(z.string().max(MAX_LABEL_NAME_CHARS)).max(100).nullish(),
  /** `key` or `key=value`; each one is a condition of the query, so there are few. */
  metadata_filters: z.array(z.string().max(1000)).max(50).nullish(),
  space_id: spaceId.nullish(),
  unit_type: z.enum(UNIT_TYPES).nullish(),
  event_date_from: dateString.nullish(),
  event_date_to: dateString.nullish(),
  temporal_context: z.string().nullish(),
  recorded_date_from: dateString.nullish(),
  recorded_date_to: dateString.nullish(),
  /** `forgotten` is accepted, as the interface's clients send it, but forgotten memories are never found. */
  include_states: z.array(z.enum(LIFECYCLE_STATES)).min(1).default(['active']),
});

export const searchQuery = z.object({
  q: z.string().max(4000),
  limit: intQuery(1, 100, 10),
  mode: z.enum(SEARCH_MODES).default('fast'),
  space_id: spaceId.optional(),
});

export const reindexQuery = z.object({ batch_size: intQuery(1, 10, 3) });
export const reindexBody = z.object({ memory_ids: z.array(z.string().min(1)).nullish() });
export const reindexStatusQuery = z.object({ include_ids: boolQuery().default(false) });

const ScoreBreakdown = z
  .object({
    lexical: z.object({ rank: z.number().nullable(), coverage: z.number(), dice: z.number() }),
    semantic: z.object({ rank: z.number().nullable(), similarity: z.number().nullable() }),
    fused: z.number().describe('The weighted BM25/vector score that ranks fast mode'),
    neighbour: z.number(),
    date: z.number(),
    entity: z.number(),
    cues: z.number(),
    prior: z.number().describe('Importance and recency factor'),
  })
  .meta({ id: 'ScoreBreakdown' });

const SearchResult = z
  .object({
    memory: SearchMemory,
    similarity_score: z.number().describe('Absolute (word coverage and cosine), not the rank; ≥ 0.9 only for a near-duplicate'),
    relevance_reason: z.string().describe("What matched, e.g. matched 'Redis'; semantically similar (0.71)"),
    highlights: z
      .array(z.string())
      .describe("The memory's words that matched the query's words, as the memory writes them (never a stop word): what to mark"),
    related_entities: z.array(Entity).optional().describe('Entities the memory mentions (left out with include_entities: false)'),
    score_breakdown: ScoreBreakdown,
  })
  .meta({ id: 'SearchResult' });

const modes =
  '`fast` ranks by BM25 full text fused with vector similarity; `deep` also reads dates ("last week", "March 2024") and ' +
  'stored entities in the query, and scores neighbours in time. Without an embedder, search answers from full text alone.';

const BackfillStatus = z.object({
  in_progress: z.boolean(),
  model: z.string(),
  queued: z.number(),
  embedded: z.number(),
  remaining: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

/** The documentation and answers of search and of the index and storage operations. */
export const searchDocs = {
  search: doc({
    tag: 'Search',
    summary: 'Search memories',
    description:
      `Finds memories by meaning and by words, best first, \`limit\` 1..100 (default 10). ${modes} Filters: ` +
      '`space_id`, `filter_labels`, `metadata_filters` (`key` or `key=value`), `unit_type`, event and recorded date ' +
      'ranges, `temporal_context`, `include_states` (default active; forgotten memories are never found). Each result ' +
      'says why it matched and how it scored; `memory.labels` are label names.',
    response: { 200: z.array(SearchResult) },
  }),
  searchGet: doc({
    tag: 'Search',
    summary: 'Search memories (query-string form)',
    description:
      `The GET form several clients call: \`q\` (required), \`limit\` 1..100 (default 10), \`mode\` (default fast), \`space_id\`; active memories only, no entities. ${modes} ` +
      '`search_metadata.semantic` says whether vectors took part, and `semantic_unavailable` why not.',
    response: {
      200: z.object({
        memories: z.array(SearchMemory.extend({ relevance_score: z.number(), relevance_reason: z.string() })),
        search_metadata: z.object({
          query: z.string(),
          mode: z.enum(SEARCH_MODES),
          total: z.number(),
          took_ms: z.number(),
          semantic: z.boolean(),
          semantic_unavailable: z.string().nullable(),
        }),
      }),
    },
  }),
  reindex: doc({
    tag: 'Index',
    summary: 'Re-embed memories',
    description:
      'Re-embeds the memories in `memory_ids`, or when absent or empty every memory flagged `reindex_needed`, and waits ' +
      'for it; `batch_size` 1..10 (default 3) run at once. Unknown ids come back as failed with reason `not_found`.',
    response: {
      200: z.object({
        success: z.boolean(),
        processed: z.number(),
        failed: z.number(),
        error: z.string().nullable(),
        batch_size: z.number(),
        details: z.array(
          z.object({
            memory_id: z.string(),
            status: z.string(),
            reason: z.string().nullable(),
            error: z.string().nullable().optional(),
            embedding_dimension: z.number().nullable().optional(),
          }),
        ),
      }),
    },
  }),
  reindexStatus: doc({
    tag: 'Index',
    summary: 'Memories waiting for embedding',
    description: 'How many memories still wait for their embedding (poll until 0), a sample, and with `include_ids=true` all their ids.',
    response: {
      200: z.object({
        count_needing_reindex: z.number(),
        has_memories_needing_reindex: z.boolean(),
        sample_memories: z.array(z.object({ id: z.string(), title: z.string() })),
        all_memory_ids: z.array(z.string()).nullable(),
      }),
    },
  }),
  indexStatus: doc({
    tag: 'Index',
    summary: 'Search index status',
    description: 'Whether semantic search is on, with which embedder and model, how many vectors are indexed, how many memories wait, the last embedder error and the start-up backfill.',
    response: {
      200: z.object({
        available: z.boolean(),
        model_cached: z.boolean(),
        model_name: z.string(),
        message: z.string(),
        embedding_mode: z.string(),
        remote_provider: z.string().nullable(),
        remote_model: z.string().nullable(),
        semantic_search: z.boolean(),
        indexed_vectors: z.number(),
        pending_memories: z.number(),
        last_error: z.string().nullable(),
        backfill: BackfillStatus.nullable(),
        background_queue: BackgroundQueue,
        vector_search: VectorSearchStatus,
      }),
    },
  }),
  rebuild: doc({
    tag: 'Index',
    summary: 'Rebuild the search index',
    description:
      'Starts a full rebuild of the search index in the background (one at a time: a second call joins the running one) ' +
      'and answers at once; poll `/search-index/reindex/status` for progress.',
    response: {
      200: z.object({
        success: z.boolean(),
        run_id: z.string(),
        memories: z.number(),
        messages: z.number(),
        sources: z.number(),
        source_chunks: z.number(),
        communities: z.number(),
        entities: z.number(),
        errors: z.array(z.string()),
        message: z.string(),
        restart_recommended: z.boolean(),
      }),
    },
  }),
  rebuildStatus: doc({
    tag: 'Index',
    summary: 'Search index rebuild progress',
    description: 'The current or last rebuild: whether it is running, its stage, progress (0..1), times, outcome, errors and counts.',
    response: {
      200: z.object({
        active: z.boolean(),
        run_id: z.string().nullable(),
        stage: z.string().nullable(),
        message: z.string().nullable(),
        progress: z.number().nullable(),
        started_at: z.string().nullable(),
        updated_at: z.string().nullable(),
        finished_at: z.string().nullable(),
        success: z.boolean().nullable(),
        errors: z.array(z.string()),
        stats: z.record(z.string(), z.number()).nullable(),
      }),
    },
  }),
  storageInfo: doc({
    tag: 'Index',
    summary: 'Storage size',
    description: 'On-disk sizes in bytes: the database file (with its write-ahead log) and the part the search projection takes.',
    response: {
      200: z.object({
        graph_db_bytes: z.number(),
        message_store_bytes: z.number(),
        search_index_bytes: z.number(),
        total_bytes: z.number(),
        backend: z.enum(['sqlite', 'postgres']),
      }),
    },
  }),
  optimize: doc({
    tag: 'Index',
    summary: 'Optimise storage',
    description: 'Compacts the search index and the database file and flushes the write-ahead log; answers the sizes before and after.',
    response: {
      200: z.object({ success: z.boolean(), before_bytes: z.number(), after_bytes: z.number(), freed_bytes: z.number(), message: z.string() }),
    },
  }),
};
