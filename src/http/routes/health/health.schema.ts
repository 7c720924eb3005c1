import { z } from 'zod';
import { doc, OPEN } from '../../openapi.ts';
import { BackgroundQueue, VectorSearchStatus } from '../../responses.ts';

const features = [
  'memories',
  'labels',
  'favorites',
  'lifecycle',
  'bulk_operations',
  'memory_export',
  'semantic_search',
  'lexical_search',
  'search_index',
  'llm_extraction',
  'llm_synthesis',
  'knowledge_graph',
  'entity_extraction',
  'threads',
  'communities',
  'library',
  'data_export',
  'agent_profiles',
  'spaces',
  'mcp',
  'auth_required',
] as const;

/** One side's use of SQLite's write lock since the start (the server's thread, or the background threads together). */
const WriteLockUse = z.object({
  held_ms: z.number().describe('Milliseconds held'),
  waited_ms: z.number().describe('Milliseconds spent waiting for it'),
  takes: z.number().int().describe('How many times it was taken (a transaction, or a write outside one)'),
});

/** The documentation and answers of the health operations; all but the checkpoint answer without a key. */
export const healthDocs = {
  livez: {
    ...doc({
      tag: 'Health',
      summary: 'Liveness',
      description: 'Answers `{"status": "ok"}` while the process runs; touches nothing. No key needed.',
      response: { 200: z.object({ status: z.string().describe('ok') }) },
    }),
    ...OPEN,
  },
  health: {
    ...doc({
      tag: 'Health',
      summary: 'Health',
      description: 'Whether the service and its database are ready, its version, the embedder in use (and whether it is degraded), the storage backend and the backlog of the background queue and lag. No key needed.',
      response: {
        200: z.object({
          status: z.string().describe('healthy, or unhealthy when the database does not answer'),
          version: z.string(),
          timestamp: z.string(),
          database_connected: z.boolean(),
          services_ready: z.boolean(),
          embedding: z.object({ provider: z.string(), model: z.string().nullable(), available: z.boolean(), degraded: z.boolean() }),
          storage: z.object({ backend: z.enum(['sqlite', 'postgres']) }),
          background_queue: BackgroundQueue.nullable().describe('null when the database does not answer'),
          workers: z
            .object({
              cores: z.number().int().describe('Cores this process may use (os.availableParallelism)'),
              read_workers: z.number().int().describe('Worker threads serving search, get and list now (CAIRN_READ_WORKERS; 0: none)'),
              reads: z
                .enum(['worker_threads', 'connection_pool', 'event_loop'])
                .describe('Where reads run: worker threads (SQLite), any pooled connection (PostgreSQL), or the event loop'),
              background_workers: z.number().int().describe("Worker threads of the background queue's extraction (CAIRN_BACKGROUND_WORKERS; 0: the event loop)"),
              write_lock: z
                .object({ server: WriteLockUse, background: WriteLockUse })
                .nullable()
                .describe(
                  "SQLite with background threads: since the start, how long the server's thread (acknowledging writes) and the background threads (the queue's graph writes) held the one write lock and waited for it. null otherwise",
                ),
            })
            .describe('Where the work runs'),
        }),
      },
    }),
    ...OPEN,
  },
  unlock: doc({
    tag: 'Health',
    summary: 'Lift API key lockouts',
    description:
      'Lifts every lockout (8 wrong keys within 5 minutes lock an address out for 10, the right key included) and ' +
      'clears the counts of wrong keys, without a restart. Needs a valid key, so it serves an owner calling from ' +
      "another address; a locked-out owner runs `cairn keys unlock` on the server's machine instead.",
    response: { 200: z.object({ lifted: z.number().int().describe('How many addresses were locked out') }) },
  }),
  capabilities: {
    ...doc({
      tag: 'Health',
      summary: 'Capabilities',
      description:
        'The server version, the interface version it speaks, which optional subsystems are on (clients hide what is ' +
        'missing), whether an API key is required, and how entities are extracted. No key needed.',
      response: {
        200: z.object({
          version: z.string(),
          interface_version: z.string(),
          features: z.object(Object.fromEntries(features.map(f => [f, z.boolean()])) as Record<(typeof features)[number], z.ZodBoolean>),
          spaces_enabled: z.boolean(),
          extraction: z.object({
            extractor: z.enum(['llm', 'rules', 'none']),
            model: z.string().nullable(),
            inline: z.boolean(),
            available: z.boolean(),
            degraded: z.boolean(),
            fallback: z.string().nullable(),
            last_error: z.string().nullable(),
            background_jobs: z.boolean(),
          }),
          vector_search: VectorSearchStatus,
        }),
      },
    }),
    ...OPEN,
  },
  checkpoint: doc({
    tag: 'Health',
    summary: 'Flush writes to the database file',
    description: 'Copies the write-ahead log into the database file (before an app update or a copy of the data dir); 500 when it cannot.',
    response: { 200: z.object({ checkpointed: z.boolean(), detail: z.string(), success: z.boolean() }) },
  }),
};
