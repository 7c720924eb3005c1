import { z } from 'zod';
import { MAX_CONTENT_CHARS, MAX_TITLE_CHARS, UNIT_TYPES, parseStateFilter } from '../../domain/memory.ts';
import { MAX_LABEL_NAME_CHARS } from '../../domain/label.ts';
import { EXPORT_FORMATS } from '../../services/memories/export.ts';
import { boolQuery, dateString, idString, intQuery, jsonObject, MAX_ID_CHARS, memoryIdParams, numberQuery, optionalSpaceQuery } from '../schemas.ts';

const labelName = z.string().trim().min(1).max(MAX_LABEL_NAME_CHARS);
const unitType = z.enum(UNIT_TYPES);
const metadata = jsonObject;

export const createMemoryBody = z.object({
  id: idString.nullish(),
  content: z.string().max(MAX_CONTENT_CHARS).refine(c => c.trim().length > 0, { message: 'content must not be empty' }),
  title: z.string().max(MAX_TITLE_CHARS).nullish(),
  source_thread_id: z.string().max(MAX_ID_CHARS).nullish(),
  source_message_id: z.string().max(1000).nullish(),
  source_message_range: z.record(z.string().max(100), z.number().int()).nullish(),
  source: z.string().max(200).nullish(),
  importance: z.number().min(0).max(1).optional(),
  confidence: z.number().min(0).max(1).optional(),
  labels: z.array(labelName).max(100).nullish(),
  space_id: z.string().min(1).max(200).nullish(),
  metadata: metadata.optional(),
  event_start: dateString.nullish(),
  event_end: dateString.nullish(),
  temporal_context: z.string().max(200).nullish(),
  unit_type: unitType.nullish(),
});

export const updateMemoryBody = z.object({
  title: z.string().max(MAX_TITLE_CHARS).optional(),
  content: z
    .string()
    .max(MAX_CONTENT_CHARS)
    .refine(c => c.trim().length > 0, { message: 'content must not be empty' })
    .optional(),
  importance: z.number().min(0).max(1).optional(),
  unit_type: unitType.optional(),
  metadata: metadata.optional(),
  labels: z.array(labelName).max(100).optional(),
  event_start: dateString.nullish(),
  event_end: dateString.nullish(),
});

/** `?wait=graph`: answer once the memory's entities and graph are written too (slower); else they follow in the background. */
export const createMemoryQuery = z.object({
  wait: z.enum(['graph', 'none']).optional().describe('graph: extract entities and write the graph before answering; none (default): they follow from the background queue'),
});

export const listMemoriesQuery = z.object({
  limit: intQuery(1, 100, 20),
  offset: intQuery(0, null, 0),
  state: z
    .string()
    .default('active')
    .transform((value, ctx) => {
      const states = parseStateFilter(value);
      if (!states) {
        ctx.addIssue({ code: 'custom', message: 'state must be active, deprecated, archived, superseded, forgotten, a comma-separated list of them, or all' });
        return z.NEVER;
      }
      return states;
    }),
  importance_min: numberQuery(0, 1, 0),
  space_id: z.string().min(1).default('default'),
  is_crystal: boolQuery().optional(),
  unit_type: unitType.optional(),
  labels: z
    .string()
    .optional()
    .transform(value => value?.split(',').map(name => name.trim()).filter(Boolean))
    .pipe(z.array(labelName).max(100).optional())
    .describe('Label names, comma-separated: memories carrying any of them'),
});

export const getMemorySchema = { params: memoryIdParams, querystring: optionalSpaceQuery };

export const deleteMemorySchema = {
  params: memoryIdParams,
  querystring: z.object({ cascade_delete: boolQuery().default(true), space_id: z.string().min(1).optional() }),
};

export const exportMemorySchema = {
  params: memoryIdParams,
  querystring: z.object({ format: z.enum(EXPORT_FORMATS).default('json'), include_metadata: boolQuery().default(true) }),
};
