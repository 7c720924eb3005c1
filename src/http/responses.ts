import { z } from 'zod';
import { LIFECYCLE_STATES, UNIT_TYPES } from '../domain/memory.ts';
import { RELATION_DIRECTIONS, RELATION_STATUSES } from '../domain/relation.ts';
import { EVOLVES_DETECTORS, EVOLVES_RELATIONS } from '../domain/evolves.ts';

/**
 * The shapes answers share (one memory, one label, one entity, one thread…), documented once and named in the OpenAPI
 * document's components. Route-specific answers live beside their request schemas (routes/*.schema.ts). These document:
 * they never change an answer (openapi.ts).
 */

const json = z.record(z.string(), z.unknown());
const nullableString = z.string().nullable();
export const unitType = z.enum(UNIT_TYPES);
export const lifecycleState = z.enum(LIFECYCLE_STATES);
export const evolvesRelation = z.enum(EVOLVES_RELATIONS);
export const evolvesDetector = z.enum(EVOLVES_DETECTORS);
const staleReason = z.enum(['source_changed', 'source_forgotten', 'source_deleted']);

export const Pagination = z
  .object({ limit: z.number(), offset: z.number(), total: z.number(), has_more: z.boolean() })
  .meta({ id: 'Pagination' });

/** A label as a memory carries it. */
export const LabelRef = z.object({ id: z.string(), name: z.string(), color: z.string() }).meta({ id: 'LabelRef' });

/** A label of the vocabulary, with how many memories carry it. */
export const Label = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    description: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    usage_count: z.number(),
  })
  .meta({ id: 'Label' });

/** A label in a review (merge candidates, consolidation). */
export const LabelBrief = z.object({ id: z.string(), name: z.string(), usage_count: z.number() }).meta({ id: 'LabelBrief' });

export const StaleSource = z.object({ memory_id: z.string(), reason: staleReason }).meta({ id: 'StaleSource' });

/** What a crystal memory says about its making. */
export const CrystalSummary = z
  .object({
    synthesis: z.enum(['extractive', 'llm']),
    community_id: z.number().nullable(),
    source_count: z.number(),
    stale: z.boolean(),
    stale_sources: z.array(StaleSource),
  })
  .meta({ id: 'CrystalSummary' });

const memoryFields = {
  id: z.string(),
  title: z.string(),
  content: z.string(),
  source: z.string().describe('Where the memory came from (api, mcp, cli, distill, import…)'),
  time: z.string().describe('When it was made (same as created_at)'),
  importance: z.number().describe('0..1'),
  rating: z.number(),
  label_ids: z.array(z.string()),
  labels: z.array(LabelRef),
  is_favorite: z.boolean(),
  source_thread: z
    .object({ id: z.string(), title: z.string(), space_id: z.string(), resolved: z.boolean() })
    .nullable()
    .describe('The thread the memory was distilled from, when it has one'),
  confidence: z.number(),
  space_id: z.string(),
  unit_type: unitType,
  metadata: json,
  lifecycle_state: lifecycleState,
  is_latest: z.boolean(),
  is_crystal: z.boolean(),
  crystal: CrystalSummary.nullish().describe('Crystals only: how it was made and whether its sources changed since'),
  reindex_needed: z.boolean(),
  version: z.number(),
  event_start: nullableString,
  event_end: nullableString,
  temporal_context: nullableString,
  source_thread_id: nullableString,
  source_message_id: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
};

/** A memory as every read answers it. */
export const Memory = z.object(memoryFields).meta({ id: 'Memory' });

/** A memory as a write answers it (with its node type). */
export const MemoryNode = z.object({ node_type: z.literal('Memory'), ...memoryFields }).meta({ id: 'MemoryNode' });

/** A search hit's memory: labels by name. */
export const SearchMemory = z
  .object({ ...memoryFields, node_type: z.literal('Memory').optional(), labels: z.array(z.string()) })
  .meta({ id: 'SearchMemory' });

/** A knowledge-graph entity. */
export const Entity = z
  .object({
    id: z.string(),
    node_type: z.literal('Entity'),
    name: z.string(),
    canonical_name: z.string(),
    entity_type: z.string(),
    description: z.string(),
    aliases: z.array(z.string()),
    mention_count: z.number(),
    confidence: z.number(),
    metadata: json,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Entity' });

export const EntityBrief = z.object({ id: z.string(), name: z.string(), entity_type: z.string() }).meta({ id: 'EntityBrief' });

/** A typed link between two memories. */
export const Relation = z
  .object({
    id: z.string(),
    source_memory_id: z.string(),
    source_title: z.string(),
    source_space_id: z.string(),
    target_memory_id: z.string(),
    target_title: z.string(),
    target_space_id: z.string(),
    relation_type: z.string(),
    strength: z.number().nullable(),
    confidence: z.number().nullable(),
    bidirectional: z.boolean(),
    status: z.enum(RELATION_STATUSES),
    reviewed: z.boolean(),
    source: nullableString,
    author_id: nullableString,
    agent_id: nullableString,
    source_app: nullableString,
    reason: nullableString,
    properties: json,
    created_at: z.string(),
    updated_at: z.string(),
    direction: z.enum(RELATION_DIRECTIONS).describe('Seen from the memory asked about'),
  })
  .meta({ id: 'Relation' });

/** A memory's state change (deprecate, archive, forget, supersede, restore). */
export const LifecycleChange = z
  .object({
    id: z.string(),
    previous_state: lifecycleState,
    lifecycle_state: lifecycleState,
    is_latest: z.boolean(),
    changed_at: z.string(),
    reason: nullableString,
  })
  .meta({ id: 'LifecycleChange' });

/** A conversation, in full. */
export const Thread = z
  .object({
    id: z.string(),
    node_type: z.literal('Thread'),
    thread_id: z.string(),
    title: z.string(),
    summary: z.string(),
    message_count: z.number(),
    participants: z.array(z.string()),
    source: z.string(),
    space_id: z.string(),
    project: nullableString,
    workspace: nullableString,
    tool_version: nullableString,
    import_date: nullableString,
    metadata: json,
    is_favorite: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    last_activity: z.string(),
  })
  .meta({ id: 'Thread' });

/** A conversation in a list. */
export const ThreadListItem = z
  .object({
    id: z.string(),
    thread_id: z.string(),
    title: z.string(),
    summary: z.string(),
    source: z.string(),
    messages: z.number(),
    message_count: z.number(),
    date: z.string(),
    is_favorite: z.boolean(),
    space_id: z.string(),
    project: nullableString,
    workspace: nullableString,
    created_at: z.string(),
    updated_at: z.string(),
    last_activity: z.string(),
  })
  .meta({ id: 'ThreadListItem' });

export const Message = z
  .object({
    id: z.string(),
    node_type: z.literal('Message'),
    thread_id: z.string(),
    role: z.string(),
    content: z.string(),
    order_index: z.number(),
    timestamp: nullableString,
    token_count: z.number(),
    external_id: nullableString,
    metadata: json,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Message' });

/** Today's working memory of a space. */
export const WorkingMemory = z
  .object({
    exists: z.boolean(),
    content: z.string(),
    date: z.string(),
    space_id: z.string(),
    is_today: z.boolean(),
    updated_at: nullableString,
    chars: z.number(),
  })
  .meta({ id: 'WorkingMemory' });

/** An agent profile (identity card): the known fields, and whatever else the card carried. */
export const AgentProfile = z
  .looseObject({
    id: z.string(),
    displayName: z.string(),
    role: z.string().optional(),
    description: z.string().optional(),
    instructions: z.string().optional(),
    sourceApp: z.string().optional(),
    hostAgentId: z.string().optional(),
    defaultSpaceId: z.string().optional(),
    tags: z.array(z.string()).optional(),
    origin: z.string().optional(),
    identityReference: z.string().optional(),
  })
  .meta({ id: 'AgentProfile' });

/** A background job (export, import). */
export const Job = z
  .object({
    job_id: z.string(),
    kind: z.string(),
    status: z.enum(['queued', 'running', 'completed', 'failed']),
    progress: z.number().describe('0..1'),
    result: json.nullable(),
    error: nullableString,
    created_at: z.string(),
    started_at: nullableString,
    completed_at: nullableString,
  })
  .meta({ id: 'Job' });

/** An EVOLVES edge between two memories. */
export const EvolvesEdge = z
  .object({
    id: z.string(),
    from_memory_id: z.string(),
    to_memory_id: z.string(),
    relation: evolvesRelation,
    confidence: z.number(),
    detected_by: evolvesDetector,
    reason: z.string(),
    reviewed: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'EvolvesEdge' });

/** What the background still owes acknowledged writes (services/health/backgroundQueue.ts). */
export const BackgroundQueue = z
  .object({
    pending: z.number().describe('Memories waiting for their graph, EVOLVES detection or (semantic search on) embedding'),
    lag_ms: z.number().nullable().describe('How long the oldest of them has waited; null when none waits'),
    failed: z.number().describe('Memories given up after repeated failures'),
    claimed_here: z
      .number()
      .describe('Memories this process took from the queue since it started: processes sharing one PostgreSQL database split the queue, none takes a memory another holds'),
  })
  .meta({ id: 'BackgroundQueue' });

/** How the store searches vectors; `available: false` (PostgreSQL without pgvector) means search answers from full text. */
export const VectorSearchStatus = z
  .object({
    engine: z.string().describe('memory-exact+hnsw (SQLite: in process memory, HNSW for big spaces), pgvector-hnsw (PostgreSQL)'),
    available: z.boolean(),
    detail: z.string().nullable(),
  })
  .meta({ id: 'VectorSearchStatus' });

/** A guidance rule for agents (reference GuidanceRuleResponse). */
export const GuidanceRule = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  scope: z.enum(['global', 'agent', 'space']),
  status: z.enum(['draft', 'active', 'archived']),
  agentProfileId: z.string(),
  spaceId: z.string(),
  priority: z.int(),
  source: z.string(),
  tags: z.array(z.string()),
  evidenceMemoryIds: z.array(z.string()),
  supportedEvidenceMemoryIds: z.array(z.string()),
  unsupportedEvidenceMemoryIds: z.array(z.string()),
  confidence: z.number().nullable(),
  rationale: z.string(),
  supportCount: z.int(),
  archivedAt: z.string(),
  archivedReason: z.string(),
  archivedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
