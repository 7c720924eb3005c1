import { z } from 'zod';
import { MAX_CONTENT_CHARS, MAX_TITLE_CHARS, UNIT_TYPES, parseStateFilter } from '../../../domain/memory.ts';
import { MAX_LABEL_NAME_CHARS } from '../../../domain/label.ts';
import { EXPORT_FORMATS } from '../../../services/memories/export.ts';
import { doc } from '../../openapi.ts';
import { Entity, Memory, MemoryNode, Pagination } from '../../responses.ts';
import { boolQuery, dateString, idString, intQuery, jsonObject, MAX_ID_CHARS, memoryIdParams, numberQuery, optionalSpaceQuery, spaceId } from '../../schemas.ts';

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
  space_id: spaceId.nullish(),
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
  space_id: spaceId.default('default'),
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
  querystring: z.object({ cascade_delete: boolQuery().default(true), space_id: spaceId.optional() }),
};

export const exportMemorySchema = {
  params: memoryIdParams,
  querystring: z.object({ format: z.enum(EXPORT_FORMATS).default('json'), include_metadata: boolQuery().default(true) }),
};

const MemoryCreated = z.object({
  id: z.string(),
  memory: MemoryNode,
  extracted_entities: z
    .array(Entity)
    .describe('Entities found in the content and linked to the memory: empty while `extraction` is `queued`'),
  extraction: z
    .enum(['queued', 'done'])
    .describe('queued: entities, graph, EVOLVES and auto-labels follow from the background queue; done: written before answering (`?wait=graph`)'),
  assigned_labels: z.array(z.string()).describe('Names of the labels the memory carries'),
  created_relationships: z.number(),
  action: z.string().describe('created, or updated when the given id existed'),
  warnings: z.array(z.string()),
});

/** The documentation and answers of the memory CRUD operations. */
export const memoryDocs = {
  create: doc({
    tag: 'Memories',
    summary: 'Create a memory',
    description:
      `Stores one memory: \`content\` (required, up to ${MAX_CONTENT_CHARS} characters) with an optional \`title\` (made from the content ` +
      'when absent), `labels` (created when new), `importance` and `confidence` (0..1), `unit_type`, `space_id` (default ' +
      '`default`), event dates, free-form `metadata` and its provenance (`source_thread_id`, `source_message_id`). Entities ' +
      'are extracted and linked from a durable background queue (`extraction: "queued"`; `?wait=graph` does it before answering, ' +
      'slower). The answer comes once the memory is committed and findable by full-text search. A caller-given `id` that exists ' +
      'already updates that memory instead (`action: "updated"`).',
    response: { 200: MemoryCreated },
  }),
  list: doc({
    tag: 'Memories',
    summary: 'List memories',
    description:
      'Pages through the memories of one space (`space_id`, default `default`), newest first. Filters: `state` (default ' +
      '`active`; any of active, deprecated, archived, superseded, forgotten, comma-separated, or `all`), `importance_min` ' +
      '(0..1), `labels` (comma-separated names: memories carrying any of them), `unit_type`, `is_crystal`. `limit` 1..100 ' +
      '(default 20), `offset` from 0.',
    response: { 200: z.object({ memories: z.array(Memory), pagination: Pagination }) },
  }),
  get: doc({
    tag: 'Memories',
    summary: 'Read a memory',
    description:
      'One memory with its labels, favourite flag, lifecycle state, crystal details and source thread. With `space_id`, a ' +
      'memory of another space answers 404 (a guard against reading across spaces). A deleted memory is 404 (see Trash).',
    response: { 200: Memory },
  }),
  update: doc({
    tag: 'Memories',
    summary: 'Update a memory',
    description:
      'Changes the fields given (title, content, importance, unit_type, metadata, labels, event dates) and leaves the ' +
      'rest. Changing the content bumps `version`, re-extracts entities and re-indexes the memory; `labels` replaces the ' +
      "memory's labels. Answers the memory as it now is.",
    response: { 200: Memory },
  }),
  delete: doc({
    tag: 'Memories',
    summary: 'Delete a memory',
    description:
      'Deletes the memory and every edge touching it (labels, relations, EVOLVES, entity mentions) and keeps all of it ' +
      'in the trash, restorable for `CAIRN_TRASH_DAYS` (default 30; 0 deletes at once). With `cascade_delete` (default ' +
      'true) entities no other memory mentions are deleted too. `space_id` guards against deleting across spaces.',
    response: {
      200: z.object({
        message: z.string(),
        id: z.string(),
        deleted_relationships: z.number(),
        deleted_entities: z.number(),
        cascade_delete: z.boolean(),
      }),
    },
  }),
  export: doc({
    tag: 'Memories',
    summary: 'Export a memory',
    description:
      'One memory as `json` (the memory object), `markdown` (YAML front matter and the body) or `html` (a standalone ' +
      'page with the content escaped), chosen by `format` (default json). With `include_metadata=false` the ' +
      'bookkeeping fields (metadata, label_ids, version, rating…) are left out.',
    response: {
      200: {
        description: 'The memory in the chosen format',
        content: {
          'application/json': { schema: Memory.partial() },
          'text/markdown': { schema: z.string() },
          'text/html': { schema: z.string() },
        },
      },
    },
  }),
};
