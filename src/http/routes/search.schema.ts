import { z } from 'zod';
import { LIFECYCLE_STATES, UNIT_TYPES } from '../../domain/memory.ts';
import { SEARCH_MODES } from '../../services/search/search.ts';
import { MAX_LABEL_NAME_CHARS } from '../../domain/label.ts';
import { boolQuery, dateString, intQuery } from '../schemas.ts';


export const searchBody = z.object({
  query: z.string().max(4000),
  limit: z.number().int().min(1).max(100).default(10),
  mode: z.enum(SEARCH_MODES).nullish().transform(m => m ?? 'fast'),
  include_entities: z.boolean().default(true),
  filter_labels: z.array(z.string().max(MAX_LABEL_NAME_CHARS)).max(100).nullish(),
  /** `key` or `key=value`; each one is a condition of the query, so there are few. */
  metadata_filters: z.array(z.string().max(1000)).max(50).nullish(),
  space_id: z.string().min(1).nullish(),
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
  space_id: z.string().min(1).optional(),
});

export const reindexQuery = z.object({ batch_size: intQuery(1, 10, 3) });
export const reindexBody = z.object({ memory_ids: z.array(z.string().min(1)).nullish() });
export const reindexStatusQuery = z.object({ include_ids: boolQuery().default(false) });
