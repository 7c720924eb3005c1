import { z } from 'zod';
import { CREATE_STATUSES, MAX_RELATION_TYPE_CHARS, parseStatusFilter, RELATION_DIRECTIONS, RELATION_STATUSES, splitList } from '../../domain/relation.ts';
import { REVISION_DECISIONS } from '../../domain/revision.ts';
import { idParam, intQuery, jsonObject, optionalBody } from '../schemas.ts';

const relationType = z.string().trim().min(1).max(MAX_RELATION_TYPE_CHARS);
const unit = z.number().min(0).max(1);
const text = (max: number) => z.string().max(max);

/** Fields of the reference's MemoryRelationCreateRequest / UpdateRequest that both share. */
const relationFields = {
  strength: unit.nullish(),
  confidence: unit.nullish(),
  reviewed: z.boolean().nullish(),
  source: text(200).nullish(),
  author_id: text(200).nullish(),
  agent_id: text(200).nullish(),
  source_app: text(200).nullish(),
  reason: text(4000).nullish(),
  properties: jsonObject.nullish(),
};

export const createRelationBody = z.object({
  target_memory_id: idParam,
  relation_type: relationType,
  ...relationFields,
  bidirectional: z.boolean().optional(),
  status: z.enum(CREATE_STATUSES).optional(),
  space_id: z.string().min(1).nullish(),
});

export const updateRelationBody = optionalBody(
  z.object({ relation_type: relationType.nullish(), ...relationFields, bidirectional: z.boolean().nullish(), status: z.enum(RELATION_STATUSES).nullish() }),
);

export const listRelationsQuery = z.object({
  direction: z.enum(RELATION_DIRECTIONS).default('both'),
  types: z
    .string()
    .optional()
    .transform(value => (value === undefined ? undefined : splitList(value))),
  status: z
    .string()
    .default('active')
    .transform((value, ctx) => {
      const statuses = parseStatusFilter(value);
      if (!statuses) {
        ctx.addIssue({ code: 'custom', message: `status must be a comma-separated list of ${RELATION_STATUSES.join(', ')}` });
        return z.NEVER;
      }
      return statuses;
    }),
  limit: intQuery(1, 200, 50),
  offset: intQuery(0, null, 0),
  space_id: z.string().min(1).optional(),
});

export const suggestRelationBody = z.object({
  target_memory_id: idParam,
  preferred_language: z.string().max(50).nullish(),
  known_relation_types: z.array(relationType).max(200).nullish(),
});

export const relationIdParams = z.object({ relation_id: idParam });

const revisionFields = {
  decision: z.enum(REVISION_DECISIONS),
  memory_ids: z.tuple([idParam, idParam]),
};

export const revisionPreviewBody = z.object(revisionFields);
export const revisionApplyBody = z.object({ ...revisionFields, plan_id: z.string().min(1).max(200) });
