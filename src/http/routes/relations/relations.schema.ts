import { z } from 'zod';
import { CREATE_STATUSES, MAX_RELATION_TYPE_CHARS, parseStatusFilter, RELATION_DIRECTIONS, RELATION_STATUSES, splitList } from '../../../domain/relation.ts';
import { CANNOT_APPLY_REASONS, REVISION_DECISIONS } from '../../../domain/revision.ts';
import { EVOLVES_RELATIONS } from '../../../domain/evolves.ts';
import { doc } from '../../openapi.ts';
import { evolvesDetector, EvolvesEdge, evolvesRelation, lifecycleState, Relation } from '../../responses.ts';
import { idParam, intQuery, jsonObject, optionalBody, spaceId } from '../../schemas.ts';

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
  space_id: spaceId.nullish(),
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
  space_id: spaceId.optional(),
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

const RevisionMemory = z.object({
  id: z.string(),
  title: z.string(),
  space_id: z.string(),
  lifecycle_state: lifecycleState,
  is_latest: z.boolean(),
  created_at: z.string(),
});
const revisionShared = {
  plan_id: z.string().describe('Pass it to apply: it binds the apply to the edges this preview saw'),
  decision: z.enum(REVISION_DECISIONS),
  target_relation: z.enum(['', ...EVOLVES_RELATIONS]),
  authoritative_memory_id: z.string().describe('The memory that ends up latest ("" when unlinking)'),
  current_edges: z.array(EvolvesEdge),
  memories: z.array(RevisionMemory),
  memories_preserved: z.boolean().describe('Always true: content is never touched'),
};
const signals = z.object({
  lexical_jaccard: z.number(),
  lexical_overlap: z.number(),
  semantic_similarity: z.number().nullable(),
  shared_entities: z.number(),
  newer_memory_id: z.string(),
});

/** The documentation and answers of relations and EVOLVES history corrections. */
export const relationDocs = {
  create: doc({
    tag: 'Relations',
    summary: 'Link two memories',
    description:
      'Creates a typed relation from the memory to `target_memory_id`, or updates the one with the same ends and type (an ' +
      'upsert; a bidirectional relation stored the other way round counts as the same). A new relation is `active` and ' +
      'reviewed unless `status`/`reviewed` say otherwise. EVOLVES relations carry `relation` and `detected_by` in ' +
      '`properties` and always point newer → older. A relation to itself is 422.',
    response: { 200: Relation },
  }),
  list: doc({
    tag: 'Relations',
    summary: "A memory's relations",
    description:
      'Relations around the memory, newest first: `direction` (out, in, both; default both), `types` (comma-separated), ' +
      '`status` (comma-separated; default active), `limit` 1..200 (default 50), `offset`. With `space_id` only relations ' +
      'whose other memory is in that space. Relations to forgotten memories are not listed.',
    response: { 200: z.object({ memory_id: z.string(), relations: z.array(Relation), total: z.number() }) },
  }),
  suggest: doc({
    tag: 'Relations',
    summary: 'Suggest a relation',
    description:
      'Judges whether and how the memory relates to `target_memory_id`, without writing anything: from lexical, semantic ' +
      'and shared-entity signals, or with a language model when one is configured (`judged_by`; when the model fails ' +
      'the offline answer stands and `model_error` says why).',
    response: {
      200: z.object({
        judged_by: z.enum(['rules', 'llm']),
        should_link: z.boolean(),
        relation_type: z.string().nullable(),
        display_label: z.string(),
        reason: z.string(),
        confidence: z.number(),
        bidirectional: z.boolean(),
        from_memory_id: z.string(),
        to_memory_id: z.string(),
        properties: z.record(z.string(), z.string().optional()).describe('For EVOLVES: relation and detected_by'),
        signals,
        model_error: z.string().optional(),
      }),
    },
  }),
  update: doc({
    tag: 'Relations',
    summary: 'Update a relation',
    description:
      'Changes the given fields; null or absent ones stay. Any status may be set, `deleted` included, and back. Renaming ' +
      'the type to one the pair already has in that direction answers 409 `relation_exists`.',
    response: { 200: Relation },
  }),
  delete: doc({
    tag: 'Relations',
    summary: 'Delete a relation',
    description: 'Soft-deletes the relation (status `deleted`) and answers it; PATCH can bring it back.',
    response: { 200: Relation },
  }),
  revisionPreview: doc({
    tag: 'Relations',
    summary: 'Preview an EVOLVES history correction',
    description:
      'Shows what correcting the EVOLVES link between the two `memory_ids` would do for `decision` (replaces, enriches, ' +
      'confirms, challenges, reverse, unlink): the exact edges between them, the relation they would end with, which ' +
      'memory would be the latest, and whether it can be applied (`cannot_apply_reason` when not). Reads only.',
    response: {
      200: z.object({
        ...revisionShared,
        memory_ids: z.tuple([z.string(), z.string()]),
        memory_contents: z.record(z.string(), z.string()),
        can_apply: z.boolean(),
        cannot_apply_reason: z.enum(['', ...CANNOT_APPLY_REASONS]),
        planned_changes: z.object({
          edges: z.array(
            z.object({
              kind: z.enum(['rewrite', 'unlink']),
              id: z.string(),
              from_memory_id: z.string().optional(),
              to_memory_id: z.string().optional(),
              relation: evolvesRelation.optional(),
              detected_by: evolvesDetector.optional(),
            }),
          ),
          memories: z.array(z.object({ id: z.string(), is_latest: z.boolean().optional(), lifecycle_state: lifecycleState.optional() })),
        }),
      }),
    },
  }),
  revisionApply: doc({
    tag: 'Relations',
    summary: 'Apply an EVOLVES history correction',
    description:
      'Applies a previewed correction (`plan_id` from the preview) in one transaction: edges are rewritten (reviewed) or ' +
      'unlinked, and `is_latest` and the superseded state follow. Content is never touched. 409 `plan_stale` when the ' +
      'edges changed since the preview; 409 `cannot_apply` when the plan may not be applied.',
    response: { 200: z.object({ applied: z.boolean(), ...revisionShared }) },
  }),
};
