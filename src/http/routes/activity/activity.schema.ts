import { z } from 'zod';
import { isCalendarDate } from '../../../domain/thread.ts';
import { FEED_EVENT_TYPES } from '../../../domain/feed.ts';
import { boolQuery, intQuery, spaceId } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { evolvesDetector, evolvesRelation } from '../../responses.ts';

const optionalText = z.string().max(200).optional();
const day = z.string().refine(isCalendarDate, { message: 'Expected a day as YYYY-MM-DD' }).optional();

/** Reference `GET /agent/evolves`, plus `space_id` (clients send it everywhere). */
export const evolvesQuery = z.object({
  limit: intQuery(1, 200, 50),
  offset: intQuery(0, null, 0),
  content_relation: optionalText,
  unreviewed_only: boolQuery().default(false),
  memory_id: optionalText,
  space_id: spaceId.optional(),
});

/** Reference `GET /agent/feed/events`. */
export const feedEventsQuery = z.object({
  limit: intQuery(1, 1000, 50),
  offset: intQuery(0, null, 0),
  severity: optionalText,
  event_type: optionalText,
  unresolved_only: boolQuery().default(false),
  last_n_days: intQuery(1, 365, 90),
  date_from: day,
  date_to: day,
  source: optionalText,
  space_id: spaceId.optional(),
  include_total: boolQuery().default(true),
});

const EvolvesItem = z.object({
  id: z.string(),
  newer_id: z.string(),
  older_id: z.string(),
  newer_title: z.string(),
  older_title: z.string(),
  content_relation: evolvesRelation,
  confidence: z.number(),
  detected_by: evolvesDetector,
  reason: z.string(),
  reviewed: z.boolean(),
  space_id: z.string(),
  created_at: z.string(),
});

/** The documentation and answers of the knowledge-agent reads: EVOLVES history and the activity feed. */
export const activityDocs = {
  evolves: doc({
    tag: 'Agent',
    summary: 'EVOLVES history',
    description:
      'A page of EVOLVES edges (how memories replaced, enriched, confirmed or challenged others), newest first; around ' +
      'one memory with `memory_id`; `content_relation`, `unreviewed_only`, `space_id` filter; `limit` 1..200 (default ' +
      '50), `offset`. The page is given three times, as `edges`, `items` and `evolves` (what different clients read).',
    response: {
      200: z.object({
        edges: z.array(EvolvesItem),
        items: z.array(EvolvesItem),
        evolves: z.array(EvolvesItem),
        total: z.number(),
        limit: z.number(),
        offset: z.number(),
        has_more: z.boolean(),
      }),
    },
  }),
  feed: doc({
    tag: 'Agent',
    summary: 'Activity feed',
    description:
      'Recent activity, newest first: memories and crystals created, EVOLVES edges, label merges, threads saved and completed history syncs, within ' +
      '`date_from`/`date_to` (UTC days) or the last `last_n_days` (1..365, default 90); `limit` 1..1000 (default 50). ' +
      'Events are derived from the stored data (all `info`, never unresolved). `total` is null with `include_total=false`.',
    response: {
      200: z.object({
        events: z.array(
          z.object({
            id: z.string(),
            event_type: z.enum(FEED_EVENT_TYPES),
            title: z.string(),
            description: z.string(),
            content: z.string(),
            severity: z.string(),
            created_at: z.string(),
            space_id: z.string().nullable(),
            memory_id: z.string().nullable().describe('The first memory the event is about (null when it names none)'),
            related_memory_ids: z.array(z.string()),
            metadata: z.record(z.string(), z.unknown()),
          }),
        ),
        total: z.number().nullable(),
        limit: z.number(),
        offset: z.number(),
        has_more: z.boolean(),
        window: z.object({ from: z.string(), to: z.string().nullable() }),
      }),
    },
  }),
};
