import { z } from 'zod';
import { isCalendarDate } from '../../domain/thread.ts';
import { boolQuery, intQuery } from '../schemas.ts';

const optionalText = z.string().max(200).optional();
const day = z.string().refine(isCalendarDate, { message: 'Expected a day as YYYY-MM-DD' }).optional();

/** Reference `GET /agent/evolves`, plus `space_id` (clients send it everywhere). */
export const evolvesQuery = z.object({
  limit: intQuery(1, 200, 50),
  offset: intQuery(0, null, 0),
  content_relation: optionalText,
  unreviewed_only: boolQuery().default(false),
  memory_id: optionalText,
  space_id: optionalText,
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
  space_id: optionalText,
  include_total: boolQuery().default(true),
});
