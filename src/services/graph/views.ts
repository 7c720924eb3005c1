import { notFound } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { entityNode, expandNode, memoryNode } from './expand.ts';

type Expansion = Awaited<ReturnType<typeof expandNode>>;
type Node = Expansion['neighbors'][number];
type Edge = Expansion['edges'][number];

/** The most seeds one explore or live preview takes (comma-separated ids); the route refuses more. */
export const MAX_SEEDS = 50;

const VISUALIZATION_CONFIG = { node_size_range: [10, 30], edge_weight_range: [1, 10], layout_recommendations: { algorithm: 'force', iterations: 300 } };

/**
 * The reference's GraphDataResponse: nodes (no duplicates, seeds first, at most `limit`), the edges among them, and
 * the communities their entities belong to (Cairn keeps no hulls: `community_hulls` is always empty).
 */
async function graphData(deps: Pick<Deps, 'store'>, nodes: Node[], edges: Edge[], limit: number, metadata: Record<string, unknown>) {
  const unique = new Map<string, Node>();
  for (const node of nodes) if (!unique.has(node.id) && unique.size < limit) unique.set(node.id, node);
  const shown = new Map<string, Edge>();
  for (const edge of edges) if (unique.has(edge.source) && unique.has(edge.target)) shown.set(edge.id, edge);
  const entityIds = [...unique.values()].filter(n => n.node_type === 'Entity').map(n => n.id);
  const communityOf = await deps.store.communities.communityOf(entityIds);
  const communities = await deps.store.communities.getMany([...new Set(communityOf.values())]);
  const list = [...unique.values()].map(n => (communityOf.has(n.id) ? { ...n, community: String(communityOf.get(n.id)) } : n));
  return {
    nodes: list,
    edges: [...shown.values()],
    communities: communities.map(c => ({ id: String(c.id), name: c.name, description: c.summary, member_count: c.entity_count, strength: 1, algorithm: 'louvain', resolution: 1, metadata: {} })),
    community_hulls: [],
    visualization_config: VISUALIZATION_CONFIG,
    metadata: {
      total_nodes: list.length,
      total_edges: shown.size,
      total_communities: communities.length,
      entity_nodes: entityIds.length,
      memory_nodes: list.length - entityIds.length,
      relationship_edges: [...shown.values()].filter(e => e.edge_type === 'RELATES_TO').length,
      mention_edges: [...shown.values()].filter(e => e.edge_type === 'MENTIONS').length,
      error: null,
      ...metadata,
    },
  };
}

/** A seed as a node of its own (hop 0): an entity, or a memory readable through the lens; undefined when unknown. */
async function seedNode(deps: Pick<Deps, 'store'>, id: string, spaceId?: string): Promise<Node | undefined> {
  const entity = await deps.store.entities.getById(id);
  if (entity) return entityNode(entity, 0) as Node;
  const memory = await deps.store.memories.getById(id);
  if (!memory || memory.lifecycle_state === 'forgotten' || (spaceId !== undefined && memory.space_id !== spaceId)) return undefined;
  return memoryNode(memory, 0) as Node;
}

/** Splits comma-separated ids, dropping blanks and repeats. */
export const splitIds = (raw: string) => [...new Set(raw.split(',').map(id => id.trim()).filter(Boolean))];

/** Expands every seed (each `depth` hops, `perSeed` neighbours) and gathers one graph; an unknown seed → 404. */
async function around(deps: Pick<Deps, 'store'>, seeds: string[], input: { depth: number; perSeed: number; limit: number; space_id?: string }, metadata: Record<string, unknown>) {
  const nodes: Node[] = [];
  const edges: Edge[] = [];
  for (const id of seeds) {
    const seed = await seedNode(deps, id, input.space_id);
    if (!seed) throw notFound('entity', id);
    nodes.push(seed);
  }
  for (const id of seeds) {
    const expansion = await expandNode(deps, id, { depth: input.depth, limit: input.perSeed, include_metadata: true, space_id: input.space_id });
    nodes.push(...expansion.neighbors);
    edges.push(...expansion.edges);
  }
  return graphData(deps, nodes, edges, input.limit, metadata);
}

/** `GET /graph/explore`: the neighbourhood of seed memories (or entities), `depth` hops, at most `limit` nodes. */
export function exploreGraph(deps: Pick<Deps, 'store'>, input: { memory_ids: string; depth: number; limit: number; space_id?: string }) {
  const seeds = splitIds(input.memory_ids);
  return around(deps, seeds, { depth: input.depth, perSeed: Math.min(100, input.limit), limit: input.limit, space_id: input.space_id },
    { traversal_depth: input.depth, query_method: 'explore' });
}

/** `GET /graph/live-preview`: each seed with its direct neighbours (`limit_per_seed` each). */
export function livePreview(deps: Pick<Deps, 'store'>, input: { node_ids: string; limit_per_seed: number; space_id?: string }) {
  const seeds = splitIds(input.node_ids);
  return around(deps, seeds, { depth: 1, perSeed: input.limit_per_seed, limit: seeds.length * (1 + input.limit_per_seed), space_id: input.space_id },
    { traversal_depth: 1, query_method: 'live_preview' });
}

/** `GET /graph/sample`: the most mentioned entities (of `filter_type` when given) with their neighbourhood up to `limit` nodes. */
export async function sampleGraph(deps: Pick<Deps, 'store'>, input: { filter_type?: string; limit: number; depth: number; space_id?: string }) {
  const filter = input.filter_type && input.filter_type.toLowerCase() !== 'all' ? input.filter_type : undefined;
  const { items } = await deps.store.entities.list({ entity_type: filter, limit: input.limit, offset: 0, order_by: 'mention_count' });
  const seeds = items.map(e => entityNode(e, 0) as Node);
  const nodes: Node[] = [...seeds];
  const edges: Edge[] = [];
  for (const seed of seeds) {
    if (nodes.length >= input.limit * 2) break;
    const expansion = await expandNode(deps, seed.id, { depth: input.depth, limit: input.limit, include_metadata: true, space_id: input.space_id });
    nodes.push(...expansion.neighbors.filter(n => filter === undefined || n.node_type !== 'Entity' || n.node_subtype === filter));
    edges.push(...expansion.edges);
  }
  return graphData(deps, nodes, edges, input.limit, { traversal_depth: input.depth, query_method: 'sample', filter_type: input.filter_type ?? null });
}

/**
 * `GET /graph/search`: entities whose name or alias contains `query` (the seeds), with their neighbourhood `depth`
 * hops out, at most `limit` nodes; `node_types` (Entity, Memory) and `edge_types` (RELATES_TO, MENTIONS) filter the answer.
 */
export async function searchGraph(
  deps: Pick<Deps, 'store'>,
  input: { query: string; limit: number; depth: number; node_types?: string[]; edge_types?: string[]; include_metadata: boolean; space_id?: string },
) {
  const { items } = await deps.store.entities.list({ search: input.query, limit: input.limit, offset: 0, order_by: 'mention_count' });
  const nodes: Node[] = items.map(e => entityNode(e, 0) as Node);
  const edges: Edge[] = [];
  for (const entity of items) {
    if (nodes.length >= input.limit) break;
    const expansion = await expandNode(deps, entity.id, { depth: input.depth, limit: input.limit, include_metadata: true, space_id: input.space_id });
    nodes.push(...expansion.neighbors);
    edges.push(...expansion.edges);
  }
  const wantNode = (n: Node) => !input.node_types?.length || input.node_types.some(t => t.toLowerCase() === n.node_type.toLowerCase());
  const wantEdge = (e: Edge) => !input.edge_types?.length || input.edge_types.some(t => t.toUpperCase() === e.edge_type);
  const data = await graphData(deps, nodes.filter(wantNode), edges.filter(wantEdge), input.limit, { traversal_depth: input.depth, query_method: 'search' });
  const strip = <T extends { metadata: unknown }>(item: T) => (input.include_metadata ? item : { ...item, metadata: {} });
  const stats = data.metadata;
  return {
    ...data,
    nodes: data.nodes.map(strip),
    edges: data.edges.map(strip),
    query: input.query,
    search_metadata: {
      search_method: 'entity_name',
      search_results: { memories_found: stats.memory_nodes, entities_found: items.length, threads_found: 0, communities_found: stats.total_communities },
      graph_stats: { memory_nodes: stats.memory_nodes, entity_nodes: stats.entity_nodes, community_nodes: 0, mention_edges: stats.mention_edges, relation_edges: stats.relationship_edges },
      filters_applied: { node_types: input.node_types ?? null, edge_types: input.edge_types ?? null },
      visualization_ready: true,
      unified_query: true,
    },
  };
}

/** `GET /graph/node-details/{id}`: the node with every property, and its direct neighbours (at most 50). */
export async function nodeDetails(deps: Pick<Deps, 'store'>, nodeId: string) {
  const node = await seedNode(deps, nodeId);
  if (!node) throw notFound('entity', nodeId);
  const expansion = await expandNode(deps, nodeId, { depth: 1, limit: 50, include_metadata: true });
  return { node, neighbors: expansion.neighbors, edges: expansion.edges, total_neighbors: expansion.total_neighbors };
}

/** The most members one community-members answer lists. */
export const MAX_MEMBERS = 1000;

/** `GET /graph/community-members/{id}`: the community's entities as graph nodes, most central first. */
export async function communityMembers(deps: Pick<Deps, 'store'>, rawId: string) {
  const id = /^\d{1,15}$/.test(rawId.trim()) ? Number(rawId.trim()) : null;
  const community = id === null ? undefined : await deps.store.communities.get(id);
  if (!community) throw notFound('community', rawId);
  const members = await deps.store.communities.members(community.id, MAX_MEMBERS);
  const entities = new Map((await deps.store.entities.getMany(members.map(m => m.entity_id))).map(e => [e.id, e]));
  const nodes = members.flatMap(m => {
    const entity = entities.get(m.entity_id);
    return entity ? [{ ...(entityNode(entity, 0) as Node), community: String(community.id), rank: m.rank, weight: m.weight }] : [];
  });
  return { community_id: String(community.id), community_name: community.name, members: nodes, member_count: community.entity_count, truncated: community.entity_count > nodes.length };
}
