import type { Deps } from '../deps.ts';

/** The node types the overview can return; `Entity` first in its order, then `Memory`. */
export const OVERVIEW_NODE_TYPES = ['Entity', 'Memory'] as const;
export type OverviewNodeType = (typeof OVERVIEW_NODE_TYPES)[number];

export interface OverviewInput {
  limit: number;
  offset: number;
  space_id?: string;
  node_types: OverviewNodeType[];
}

const entitySize = (mentions: number, degree: number) => 10 + Math.min(20, Math.round(2 * Math.log2(1 + mentions + degree)));

/**
 * The whole graph, lightly, a page at a time: nodes in one order (entities most mentioned first, then most related;
 * then memories that mention entities, most important first), and the edges each page adds among the nodes of it and
 * the pages before it, so `offset` paging gathers every edge among the nodes gathered. No content, no metadata.
 * A fixed number of queries per page, whatever its size.
 */
export async function graphOverview(deps: Pick<Deps, 'store'>, input: OverviewInput) {
  const repo = deps.store.graphOverview;
  const { limit, offset, space_id: spaceId } = input;
  const wantEntities = input.node_types.includes('Entity');
  const wantMemories = input.node_types.includes('Memory');
  const [entityTotal, memoryTotal] = await Promise.all([
    wantEntities ? repo.entityCount(spaceId) : 0,
    wantMemories ? repo.memoryCount(spaceId) : 0,
  ]);

  const entityTake = wantEntities ? Math.max(0, Math.min(limit, entityTotal - offset)) : 0;
  const [entities, relates] = entityTake > 0 ? await Promise.all([repo.entityPage(offset, entityTake, spaceId), repo.entityEdges(offset, entityTake, spaceId)]) : [[], []];
  const memoryOffset = Math.max(0, offset - entityTotal);
  const memoryTake = wantMemories ? Math.max(0, Math.min(limit - entities.length, memoryTotal - memoryOffset)) : 0;
  const memories = memoryTake > 0 ? await repo.memoryPage(memoryOffset, memoryTake, spaceId) : [];
  // A memory's entities all come before it in the order, so its MENTIONS edges join nodes already given, when entities are asked for.
  const mentions = wantEntities && memories.length > 0 ? await repo.mentionEdges(memories.map(m => m.id)) : [];

  const nodes = [
    ...entities.map(e => ({
      id: e.id, label: e.name, node_type: 'Entity' as const, node_subtype: e.entity_type, community_id: e.community_id,
      mention_count: e.mention_count, degree: e.degree, size: entitySize(e.mention_count, e.degree),
    })),
    ...memories.map(m => ({
      id: m.id, label: m.title, node_type: 'Memory' as const, node_subtype: m.unit_type, community_id: null,
      importance: m.importance, size: 10 + Math.round(m.importance * 10),
    })),
  ];
  const edges = [
    ...relates.map(r => ({ source: r.source, target: r.target, edge_type: 'RELATES_TO' as const, weight: r.weight, relation_type: r.relation_type })),
    ...mentions.map(m => ({ source: m.source, target: m.target, edge_type: 'MENTIONS' as const, weight: m.weight })),
  ];
  const totalNodes = entityTotal + memoryTotal;
  return {
    nodes,
    edges,
    total_nodes: totalNodes,
    total_edges: edges.length,
    node_counts: { Entity: entityTotal, Memory: memoryTotal },
    limit,
    offset,
    has_more: offset + nodes.length < totalNodes,
    node_types: input.node_types,
    space_id: spaceId ?? null,
  };
}
