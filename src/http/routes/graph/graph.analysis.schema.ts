import { z } from 'zod';
import { AUGMENTATION_JOB_TYPES, AUGMENTATION_STATUSES, MAX_EXTRACTION_BATCH } from '../../../services/graph/augmentation.ts';
import { MAX_SEEDS, splitIds } from '../../../services/graph/views.ts';
import { doc } from '../../openapi.ts';
import { boolQuery, idParam, intQuery } from '../../schemas.ts';

const space = z.string().min(1).max(200).optional();
/** Comma-separated ids: one to MAX_SEEDS of them (a blank list, or more seeds than that, is a 422, not a silent cut). */
const idList = z
  .string()
  .max(20_000)
  .refine(value => splitIds(value).length > 0, { message: 'Give at least one id' })
  .refine(value => splitIds(value).length <= MAX_SEEDS, { message: `At most ${MAX_SEEDS} ids` });
/** A list parameter given repeated or comma-separated. */
const stringList = z
  .union([z.string(), z.array(z.string())])
  .transform(value => [...new Set((Array.isArray(value) ? value : [value]).flatMap(v => v.split(',')).map(v => v.trim()).filter(Boolean))])
  .optional();

export const nodeParams = z.object({ node_id: idParam });
export const communityParams = z.object({ community_id: idParam });
export const jobParams = z.object({ job_id: idParam });

export const visQuery = z.object({
  query: z.string().trim().min(1).max(500).optional(),
  memory_ids: idList.optional(),
  depth: intQuery(1, 5, 2),
  limit: intQuery(10, 300, 50),
  search_bar: boolQuery().default(true),
});
export const searchQuery = z.object({
  query: z.string().trim().min(1).max(500),
  limit: intQuery(1, 100, 30),
  depth: intQuery(1, 5, 2),
  node_types: stringList.pipe(z.array(z.enum(['Entity', 'Memory', 'entity', 'memory'])).optional()),
  edge_types: stringList.pipe(z.array(z.enum(['RELATES_TO', 'MENTIONS', 'relates_to', 'mentions'])).optional()),
  include_metadata: boolQuery().default(true),
  space_id: space,
});
export const exploreQuery = z.object({ memory_ids: idList, depth: intQuery(1, 5, 1), limit: intQuery(1, 300, 100), space_id: space });
export const sampleQuery = z.object({ filter_type: z.string().trim().min(1).max(100).optional(), limit: intQuery(10, 500, 50), depth: intQuery(1, 5, 1), space_id: space });
export const shortestPathQuery = z.object({ from_id: idParam, to_id: idParam, max_depth: intQuery(2, 20, 10) });
export const livePreviewQuery = z.object({ node_ids: idList, limit_per_seed: intQuery(1, 20, 5), space_id: space });
export const livePreviewNodeQuery = z.object({ limit: intQuery(1, 50, 20), include_metadata: boolQuery().default(true), space_id: space });
export const analysisQuery = z.object({ top: intQuery(1, 100, 10) });
export const jobsQuery = z.object({ limit: intQuery(1, 500, 10), status_filter: z.enum(AUGMENTATION_STATUSES).optional() });
export const pagerankPlanQuery = z.object({ force: boolQuery().default(false), min_nodes: intQuery(1, 1000, 2), min_edges: intQuery(0, 1_000_000, 1) });
export const augmentationBody = z.object({
  job_type: z.enum(AUGMENTATION_JOB_TYPES),
  parameters: z
    .object({
      all: z.boolean().default(false).describe('graph_extraction: every memory, not only those with no graph'),
      limit: z.number().int().min(1).max(MAX_EXTRACTION_BATCH).default(1000).describe('graph_extraction: the most memories queued'),
    })
    .default({ all: false, limit: 1000 }),
});

const Node = z.looseObject({ id: z.string(), label: z.string(), node_type: z.string() });
const Edge = z.looseObject({ source: z.string(), target: z.string(), edge_type: z.string() });
const GraphData = z.looseObject({
  nodes: z.array(Node),
  edges: z.array(Edge),
  communities: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  community_hulls: z.array(z.unknown()),
  visualization_config: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
});
const Job = z.looseObject({ job_id: z.string(), job_type: z.string(), status: z.enum(AUGMENTATION_STATUSES), progress: z.number(), message: z.string(), created_at: z.string() });
const OrphanItem = z.object({ entity_id: z.string(), entity_name: z.string(), entity_type: z.string() });
const lens = '`space_id` keeps memories of that space only.';
const graphData = (summary: string, description: string) => doc({ tag: 'Graph', summary, description, response: { 200: GraphData } });

export const analysisDocs = {
  vis: doc({
    tag: 'Graph',
    summary: 'Graph visualisation page',
    description: 'An HTML page drawing the neighbourhood of `memory_ids` (or of the entities matching `query`, else a sample) as an SVG; no script.',
    response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } } },
  }),
  search: doc({
    tag: 'Graph',
    summary: 'Search the graph',
    description: `Entities whose name or alias contains \`query\`, with their neighbourhood \`depth\` hops out (at most \`limit\` nodes); \`node_types\` (Entity, Memory) and \`edge_types\` (RELATES_TO, MENTIONS) filter. ${lens}`,
    response: { 200: GraphData.extend({ query: z.string(), search_metadata: z.record(z.string(), z.unknown()) }) },
  }),
  explore: graphData('Explore around memories', `The neighbourhood of the comma-separated \`memory_ids\` (entity ids work too), \`depth\` hops, at most \`limit\` nodes. Unknown id: 404 \`entity_not_found\`. ${lens}`),
  sample: graphData('A sample of the graph', `The most mentioned entities (of entity type \`filter_type\` when given) with their neighbourhood, at most \`limit\` nodes. ${lens}`),
  livePreview: graphData('Live preview around seeds', `Each seed of \`node_ids\` with up to \`limit_per_seed\` direct neighbours. ${lens}`),
  livePreviewNode: doc({
    tag: 'Graph',
    summary: "A node's direct neighbours",
    description: 'As `/graph/expand/{node_id}` with depth 1 and `limit` 1..50 (default 20).',
    response: { 200: z.looseObject({ center_node: z.string(), neighbors: z.array(Node), edges: z.array(Edge) }) },
  }),
  shortestPath: doc({
    tag: 'Graph',
    summary: 'Shortest paths between two entities',
    description: 'Every shortest RELATES_TO path (up to 20) between two entities, at most `max_depth` hops (2..20, default 10). Unknown entity: 404 `entity_not_found`; no path: `found: false`, `paths: []`.',
    response: { 200: z.looseObject({ found: z.boolean(), length: z.number().nullable(), paths: z.array(z.object({ nodes: z.array(Node), edges: z.array(Edge) })) }) },
  }),
  communityMembers: doc({
    tag: 'Graph',
    summary: "A community's members",
    description: 'The entities of a community as graph nodes, most central first (at most 1000). Unknown: 404 `community_not_found`.',
    response: { 200: z.looseObject({ community_id: z.string(), community_name: z.string(), members: z.array(Node), member_count: z.number() }) },
  }),
  nodeDetails: doc({
    tag: 'Graph',
    summary: "A node's details",
    description: 'An entity or memory with every property, and its direct neighbours (at most 50). Unknown: 404 `entity_not_found`.',
    response: { 200: z.looseObject({ node: Node, neighbors: z.array(Node), edges: z.array(Edge), total_neighbors: z.number() }) },
  }),
  analysis: doc({
    tag: 'Graph',
    summary: 'Graph analysis',
    description: 'Counts, density, degree and PageRank (the `top` 1..100, default 10) of the entity graph, and the stored communities. Computed on read; nothing is saved.',
    response: { 200: z.looseObject({ analysis_summary: z.record(z.string(), z.number()), centrality_measures: z.record(z.string(), z.unknown()) }) },
  }),
  health: doc({
    tag: 'Graph',
    summary: 'Graph health',
    description: 'Whether graph analysis works, and `counts`: entities, relationships, orphaned entities (no memory mentions them), isolated entities (no relation), dangling edges.',
    response: { 200: z.looseObject({ status: z.string(), algo_extension_loaded: z.boolean(), db_connection: z.string(), capabilities: z.record(z.string(), z.boolean()), counts: z.record(z.string(), z.number()) }) },
  }),
  orphans: doc({
    tag: 'Graph',
    summary: 'Orphaned entities',
    description: 'Entities no memory mentions (at most 1000 listed; `count` counts all).',
    response: { 200: z.object({ success: z.boolean(), orphaned_entities: z.array(OrphanItem), count: z.number(), truncated: z.boolean() }) },
  }),
  deleteOrphans: doc({
    tag: 'Graph',
    summary: 'Delete orphaned entities',
    description: 'Deletes the entities no memory mentions (at most 1000 a call; `remaining` says how many are left) with their relations, and lists exactly those deleted. Memories, labels and applied mentions are never touched.',
    response: { 200: z.object({ success: z.boolean(), deleted_count: z.number(), message: z.string(), deleted_entities: z.array(OrphanItem), remaining: z.number() }) },
  }),
  state: doc({ tag: 'Graph', summary: 'Augmentation state', description: 'The last job of each augmentation type and what waits in the extraction queue.', response: { 200: z.object({ success: z.boolean(), state: z.record(z.string(), z.unknown()) }) } }),
  start: doc({
    tag: 'Graph',
    summary: 'Start an augmentation job',
    description: `\`job_type\`: ${AUGMENTATION_JOB_TYPES.join(', ')}. graph_extraction queues memories with no graph (\`parameters.all\`: every memory; \`parameters.limit\` 1..${MAX_EXTRACTION_BATCH}, default 1000) for extraction again; applied graph rows are never overwritten.`,
    response: { 200: z.object({ success: z.boolean(), job_id: z.string(), job_type: z.string(), message: z.string() }) },
  }),
  status: doc({ tag: 'Graph', summary: 'An augmentation job', description: 'Unknown: 404 `job_not_found`.', response: { 200: z.object({ success: z.boolean(), job_status: Job }) } }),
  jobs: doc({ tag: 'Graph', summary: 'Augmentation jobs', description: 'Newest first; `status_filter` pending, running, completed or failed.', response: { 200: z.object({ success: z.boolean(), jobs: z.array(Job), total: z.number() }) } }),
  pagerankPlan: doc({ tag: 'Graph', summary: 'Plan a PageRank refresh', description: 'Whether a refresh would run (`min_nodes`, `min_edges`, `force`), without running it.', response: { 200: z.looseObject({ success: z.boolean(), would_run: z.boolean() }) } }),
};
