import { z } from 'zod';
import { MAX_ENTITY_NAME_CHARS } from '../../domain/entity.ts';
import { RESOLUTIONS } from '../../domain/entityApply.ts';
import { boolQuery, idParam, idString, intQuery, MAX_ID_CHARS, optionalBody } from '../schemas.ts';

export const EXTRACTION_LEVELS = ['swift', 'guided', 'expert'] as const;

/** The reference's MemoryKGExtractionRequest; every field has a default, so the body may be left out. */
const extractionOptions = z.object({
  force_reextraction: z.boolean().default(false),
  extraction_level: z.enum(EXTRACTION_LEVELS).default('swift'),
  use_remote_llm: z.boolean().nullish(),
  preferred_language: z.string().max(50).nullish(),
});

export const previewBody = optionalBody(extractionOptions);

export const previewContentBody = extractionOptions.extend({
  memory_id: idString.default('preview-memory'),
  memory_title: z.string().max(200),
  memory_content: z.string().min(1).max(32768),
});

/** An entity to apply; the reference leaves its shape open: `type` is read as `entity_type` when that is missing. */
const applyEntity = z.preprocess(
  value => (value && typeof value === 'object' && !('entity_type' in value) && 'type' in value ? { ...value, entity_type: (value as { type: unknown }).type } : value),
  z.object({
    name: z.string().trim().min(1).max(MAX_ENTITY_NAME_CHARS),
    entity_type: z.string().trim().min(1).max(100),
    description: z.string().max(4000).nullish(),
    aliases: z.array(z.string().max(MAX_ENTITY_NAME_CHARS)).max(100).nullish(),
    id: z.string().trim().min(1).max(MAX_ID_CHARS).nullish(),
    confidence: z.number().min(0).max(1).nullish(),
  }),
);

const applyRelationship = z.object({
  source: z.string().trim().min(1).max(200),
  target: z.string().trim().min(1).max(200),
  relation_type: z.string().trim().min(1).max(100),
  description: z.string().max(4000).nullish(),
  confidence: z.number().min(0).max(1).nullish(),
});

export const applyBody = z.object({
  entities: z.array(applyEntity).max(1000),
  relationships: z.array(applyRelationship).max(5000).default([]),
  extraction_confidence: z.number().min(0).max(1).nullish(),
  resolution: z.enum(RESOLUTIONS).optional(),
});

/** `resolution` may also come as a query parameter; the body wins. */
export const applyQuery = z.object({ resolution: z.enum(RESOLUTIONS).optional() });

export const expandParams = z.object({ node_id: idParam });
export const expandQuery = z.object({
  depth: intQuery(1, 5, 1),
  limit: intQuery(1, 100, 50),
  include_metadata: boolQuery().default(true),
  space_id: z.string().min(1).optional(),
});

export const listEntitiesQuery = z.object({
  limit: intQuery(1, 200, 50),
  offset: intQuery(0, null, 0),
  entity_type: z.string().trim().min(1).max(100).optional(),
  include_stats: boolQuery().default(false),
  /** Name search (case-insensitive, names and aliases); `q` and `name` are read the same way. */
  search: z.string().max(200).optional(),
  q: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
});

export const entityParams = z.object({ entity_id: idParam });
export const entityQuery = z.object({
  relation_limit: intQuery(1, 200, 50),
  memory_limit: intQuery(1, 200, 20),
  space_id: z.string().min(1).optional(),
});
export const entityRelationshipsQuery = z.object({ depth: intQuery(1, 3, 1), limit: intQuery(1, 200, 50) });
