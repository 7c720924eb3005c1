import { z } from 'zod';
import { MAX_LABEL_NAME_CHARS } from '../../../domain/label.ts';
import { UNIT_TYPES } from '../../../domain/memory.ts';
import { SEARCH_MODES } from '../../../services/search/search.ts';
import { SEARCH_KINDS } from '../../../services/search/unified.ts';
import { doc } from '../../openapi.ts';
import { SearchMemory } from '../../responses.ts';
import { dateString, spaceId } from '../../schemas.ts';

/** `POST /search`: the bounds of `/memories/search` where the two meet. */
export const unifiedSearchBody = z.object({
  query: z
    .string()
    .max(4000)
    .refine(q => q.trim().length > 0, { message: 'query must not be blank' })
    .transform(q => q.trim()),
  kinds: z
    .array(z.enum(SEARCH_KINDS))
    .min(1)
    .max(10)
    .nullish()
    .transform(kinds => [...new Set(kinds ?? SEARCH_KINDS)]),
  limit: z.number().int().min(1).max(100).default(10),
  mode: z.enum(SEARCH_MODES).nullish().transform(m => m ?? 'fast'),
  space_id: spaceId.nullish(),
  source: z.string().min(1).max(200).nullish(),
  filter_labels: z.array(z.string().max(MAX_LABEL_NAME_CHARS)).max(100).nullish(),
  unit_type: z.enum(UNIT_TYPES).nullish(),
  event_date_from: dateString.nullish(),
  event_date_to: dateString.nullish(),
  recorded_date_from: dateString.nullish(),
  recorded_date_to: dateString.nullish(),
});

const shared = {
  title: z.string(),
  snippet: z.string(),
  highlights: z.array(z.string()).describe('The words of the result that matched the query\'s words, as it writes them: what to mark'),
  score: z.number().describe('The reciprocal-rank fusion score that orders the list'),
  match_score: z.number().describe('The score its own search gave it, 0..1 (a memory\'s similarity_score, a message\'s thread-search score)'),
};

const MemoryResult = z
  .object({
    kind: z.literal('memory'),
    ...shared,
    relevance_reason: z.string(),
    memory_id: z.string().describe('Open it with GET /memories/{memory_id}'),
    memory: SearchMemory,
  })
  .meta({ id: 'UnifiedMemoryResult' });

const MessageResult = z
  .object({
    kind: z.literal('thread'),
    ...shared,
    thread_id: z.string().describe('Open the conversation with GET /threads/{thread_id}'),
    message_id: z.string(),
    position: z.number().describe('The message\'s place in the thread, from 0 (order_index): GET /threads/{thread_id}?offset=… opens it in context'),
    role: z.string(),
    timestamp: z.string().nullable(),
    source: z.string(),
    space_id: z.string(),
    message_count: z.number(),
  })
  .meta({ id: 'UnifiedMessageResult' });

export const unifiedSearchDocs = doc({
  tag: 'Search',
  summary: 'Search memories and conversations together',
  description:
    'One ranked list of memories and thread messages for `query` (required, not blank, up to 4000 characters). `kinds` ' +
    '(`memory`, `thread`; default both) says what to look in, `limit` 1..100 (default 10) how many results. Memories ' +
    'are found as `POST /memories/search` finds them (`mode` fast|deep, `filter_labels`, `unit_type`, event and ' +
    'recorded date ranges; active memories only), messages as `GET /threads/search` finds them (`source`); both in ' +
    '`space_id`. Reciprocal-rank fusion merges the two rankings. Each result has its `kind`, `score`, `title`, ' +
    '`snippet` and `highlights`; a memory its `memory_id`, a message its `thread_id`, `message_id` and `position`.',
  response: {
    200: z.object({
      results: z.array(z.discriminatedUnion('kind', [MemoryResult, MessageResult])),
      total: z.number(),
      search_metadata: z.object({
        query: z.string(),
        mode: z.enum(SEARCH_MODES),
        kinds: z.array(z.enum(SEARCH_KINDS)),
        space_id: z.string(),
        memories_found: z.number(),
        messages_found: z.number(),
        took_ms: z.number(),
        semantic_unavailable: z.string().nullable().describe('Why vectors took no part in the memory search, or null'),
      }),
    }),
  },
});
