import { z } from 'zod';
import { MAX_ENTITY_NAME_CHARS } from '../../../domain/entity.ts';
import { RESOLUTIONS } from '../../../domain/entityApply.ts';
import { boolQuery, idParam, idString, intQuery, MAX_ID_CHARS, optionalBody, spaceId } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { Entity, EntityBrief } from '../../responses.ts';

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
  space_id: spaceId.optional(),
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
  space_id: spaceId.optional(),
});
export const entityRelationshipsQuery = z.object({ depth: intQuery(1, 3, 1), limit: intQuery(1, 200, 50) });

const Extraction = z.object({
  memory_id: z.string(),
  memory_title: z.string(),
  memory_content: z.string(),
  entities: z.array(
    z.object({
      name: z.string(),
      entity_type: z.string(),
      description: z.string(),
      aliases: z.array(z.string()),
      confidence: z.number(),
      occurrences: z.number(),
    }),
  ),
  relationships: z.array(
    z.object({ source: z.string(), target: z.string(), relation_type: z.string(), description: z.string(), confidence: z.number() }),
  ),
  extraction_confidence: z.number(),
  entities_count: z.number(),
  relationships_count: z.number(),
  kg_already_extracted: z.boolean(),
  can_extract: z.boolean(),
  write_plan: z
    .object({
      resolution: z.string(),
      entities: z.array(
        z.object({
          name: z.string(),
          entity_type: z.string(),
          action: z.string(),
          entity_id: z.string().nullable(),
          matched_name: z.string().nullable(),
        }),
      ),
      relationships: z.number(),
    })
    .describe('What an automatic apply would do: which stored entities it would reuse, which it would create'),
  extraction_method: z.string(),
  extraction_level: z.enum(EXTRACTION_LEVELS).describe('As asked (swift when not given)'),
  warnings: z.array(z.string()),
});

/** An entity as the relationship view shows it (the reference's shape). */
const GraphEntity = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  aliases: z.array(z.string()),
  confidence: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  community_id: z.null(),
});

const GraphNode = z.object({
  id: z.string(),
  label: z.string(),
  node_type: z.string().describe('Entity or Memory'),
  node_subtype: z.string().describe("The entity's type, or the memory's unit type"),
  size: z.number(),
  color: z.string(),
  community: z.null(),
  importance: z.number().nullable(),
  hop_count: z.number(),
  metadata: z.record(z.string(), z.unknown()),
});

const extractionNote =
  'Runs the configured extractor now (the language model when one is configured; `use_remote_llm: false` asks for the ' +
  'offline rules; when the model fails the rules answer and `warnings` says so). `extraction_level` swift, guided or ' +
  'expert (default swift).';

/** The documentation and answers of the knowledge-graph operations. */
export const graphDocs = {
  preview: doc({
    tag: 'Graph',
    summary: "Preview a memory's extraction",
    description: `Extracts the entities and relationships of a stored memory and says what applying would do; saves nothing. ${extractionNote}`,
    response: { 200: Extraction },
  }),
  previewContent: doc({
    tag: 'Graph',
    summary: 'Preview extraction of any text',
    description: `Extracts the entities and relationships of \`memory_content\` (up to 32,768 characters) and \`memory_title\`; no memory is read or written. ${extractionNote}`,
    response: { 200: Extraction },
  }),
  apply: doc({
    tag: 'Graph',
    summary: 'Save extracted entities and relationships',
    description:
      'Saves entities and relationships to the graph for a memory and records the extraction in its metadata. ' +
      '`resolution` `auto` (default) matches stored entities by name, alias and legal form; `exact` only by id or exact ' +
      'name. Everything refusable is checked first with no write: unknown memory (404), an invalid batch (422), ' +
      'ambiguous names (409 `ambiguous_entity` with `candidates`). The batch is not atomic: a storage failure midway ' +
      'answers 500 `partial_write` with the `resolved_entities` written so far. Replaying reuses entity ids. What an ' +
      'apply writes is never replaced by automatic extraction (the background queue, however late it lands, or a ' +
      "content edit's): only deleting the memory removes it.",
    response: {
      200: z.object({
        success: z.boolean(),
        memory_id: z.string(),
        entities_created: z.number(),
        relationships_created: z.number(),
        metadata_updated: z.boolean(),
        resolved_entities: z.array(
          z.object({ name: z.string(), entity_type: z.string(), entity_id: z.string(), action: z.enum(['created', 'reused']) }),
        ),
        resolution: z.enum(RESOLUTIONS),
      }),
    },
  }),
  list: doc({
    tag: 'Graph',
    summary: 'List entities',
    description:
      'Entities, optionally of one `entity_type` or matching a name (`search`, `q` or `name`; case-insensitive, names ' +
      'and aliases), newest first; `limit` 1..200 (default 50), `offset`. With `include_stats=true` the answer is ' +
      '`[{entity, mention_count}]`, most mentioned first; a name search ranks by mentions too.',
    response: { 200: z.union([z.array(Entity), z.array(z.object({ entity: Entity, mention_count: z.number() }))]) },
  }),
  get: doc({
    tag: 'Graph',
    summary: 'Read an entity',
    description:
      'One entity with its relationships (strongest first, `relation_limit` 1..200, default 50) and the memories ' +
      'mentioning it (newest first, `memory_limit` 1..200, default 20).',
    response: {
      200: Entity.extend({
        relationships: z.array(
          z.object({
            id: z.string(),
            relation_type: z.string(),
            direction: z.string(),
            source_entity_id: z.string(),
            target_entity_id: z.string(),
            weight: z.number(),
            confidence: z.number(),
            description: z.string(),
            evidence_count: z.number(),
            entity: EntityBrief,
          }),
        ),
        memories: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            content: z.string(),
            space_id: z.string(),
            importance: z.number(),
            created_at: z.string(),
            mention_count: z.number(),
            confidence: z.number(),
          }),
        ),
        total_relationships: z.number(),
        total_memories: z.number(),
      }),
    },
  }),
  relationships: doc({
    tag: 'Graph',
    summary: "An entity's relationships",
    description:
      'RELATES_TO edges up to `depth` hops out (1..3, default 1; breadth first, at most `limit` 1..200, default 50) and ' +
      'the memories mentioning the entity.',
    response: {
      200: z.object({
        entity: GraphEntity,
        relationships: z.object({
          relates_to: z.array(
            z.object({
              source_entity: GraphEntity,
              target_entity: GraphEntity,
              relationship: z.object({ type: z.string(), confidence: z.number(), strength: z.number() }),
              depth: z.number(),
            }),
          ),
          mentioned_in: z.array(
            z.object({
              memory: z.object({ id: z.string(), title: z.string(), content: z.string() }),
              confidence: z.number(),
              mention_count: z.number(),
            }),
          ),
          community: z.null(),
        }),
        metadata: z.object({ total_relates_to: z.number(), total_mentions: z.number(), traversal_depth: z.number(), limit: z.number() }),
      }),
    },
  }),
  expand: doc({
    tag: 'Graph',
    summary: "Expand a node's neighbourhood",
    description:
      "Neighbours of an entity or a memory, breadth first up to `depth` hops (1..5, default 1) and `limit` neighbours " +
      "(1..100, default 50): an entity's related entities and the memories that mention it, a memory's entities. `edges` " +
      'join the nodes returned (the centre included). Unknown node: 404.',
    response: {
      200: z.object({
        center_node: z.string(),
        depth: z.number(),
        neighbors: z.array(GraphNode),
        edges: z.array(
          z.object({
            id: z.string(),
            source: z.string(),
            target: z.string(),
            edge_type: z.enum(['RELATES_TO', 'MENTIONS']),
            weight: z.number(),
            label: z.string(),
            metadata: z.record(z.string(), z.unknown()),
          }),
        ),
        total_neighbors: z.number(),
        total_edges: z.number(),
        metadata: z.object({
          expansion_depth: z.number(),
          max_limit: z.number(),
          include_metadata: z.boolean(),
          query_type: z.string(),
          error: z.null(),
        }),
      }),
    },
  }),
};
