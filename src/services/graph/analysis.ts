import { notFound } from '../../errors.ts';
import type { Deps } from '../deps.ts';

/** The most RELATES_TO pairs an analysis reads: past it the answer says `truncated` rather than growing without bound. */
export const MAX_ANALYSIS_EDGES = 200_000;
/** How many paths of the same shortest length a shortest-path answer lists at most. */
export const MAX_PATHS = 20;

/** The entity graph as an undirected adjacency (RELATES_TO pairs, both directions' weights summed). */
export interface EntityGraph {
  adjacency: Map<string, Map<string, number>>;
  edges: number;
  truncated: boolean;
}

export async function loadEntityGraph(deps: Pick<Deps, 'store'>): Promise<EntityGraph> {
  const adjacency = new Map<string, Map<string, number>>();
  let rows = 0;
  let truncated = false;
  const link = (a: string, b: string, w: number) => {
    const row = adjacency.get(a) ?? new Map<string, number>();
    row.set(b, (row.get(b) ?? 0) + w);
    adjacency.set(a, row);
  };
  await deps.store.communityGraph.eachRelationWeight(page => {
    for (const r of page) {
      if (rows >= MAX_ANALYSIS_EDGES) {
        truncated = true;
        return;
      }
      rows++;
      if (r.source_entity_id === r.target_entity_id) continue;
      link(r.source_entity_id, r.target_entity_id, r.weight);
      link(r.target_entity_id, r.source_entity_id, r.weight);
    }
  });
  const edges = [...adjacency.values()].reduce((n, row) => n + row.size, 0) / 2;
  return { adjacency, edges, truncated };
}

/**
 * Weighted PageRank (damping 0.85, 50 iterations or until the change is under 1e-9) over `nodes`; a node without
 * edges spreads its rank evenly. Scores sum to 1.
 */
export function pageRank(nodes: string[], adjacency: Map<string, Map<string, number>>, damping = 0.85): Map<string, number> {
  const n = nodes.length;
  if (n === 0) return new Map();
  // Arrays indexed by position: the iterations touch every edge 50 times, so no map lookups inside them.
  const index = new Map(nodes.map((id, i) => [id, i]));
  const links = nodes.map(id => [...(adjacency.get(id) ?? [])].flatMap(([to, w]) => (index.has(to) && w > 0 ? [[index.get(to)!, w] as const] : [])));
  const outWeight = links.map(row => row.reduce((sum, [, w]) => sum + w, 0));
  let rank = new Float64Array(n).fill(1 / n);
  for (let iteration = 0; iteration < 50; iteration++) {
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outWeight[i] === 0) dangling += rank[i]!;
    const next = new Float64Array(n).fill((1 - damping) / n + (damping * dangling) / n);
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) continue;
      const share = (damping * rank[i]!) / outWeight[i]!;
      for (const [to, w] of links[i]!) next[to] = next[to]! + share * w;
    }
    let change = 0;
    for (let i = 0; i < n; i++) change += Math.abs(next[i]! - rank[i]!);
    rank = next;
    if (change < 1e-9) break;
  }
  return new Map(nodes.map((id, i) => [id, rank[i]!]));
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** Degree and PageRank summary of the entity graph, with the stored communities; nothing is recomputed or saved. */
export async function graphAnalysis(deps: Pick<Deps, 'store' | 'clock'>, input: { top: number }) {
  const { store } = deps;
  const [graph, entityTotal, memories, communities] = await Promise.all([
    loadEntityGraph(deps),
    store.entities.count(),
    store.graphOverview.memoryCount(),
    store.communities.list(100, 0),
  ]);
  const nodes = [...graph.adjacency.keys()].sort();
  const ranks = pageRank(nodes, graph.adjacency);
  const byRank = [...ranks].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, input.top);
  const byDegree = nodes.map(id => [id, graph.adjacency.get(id)!.size] as const).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, input.top);
  const names = new Map((await store.entities.getMany([...new Set([...byRank, ...byDegree].map(([id]) => id))])).map(e => [e.id, e.name]));
  const density = entityTotal > 1 ? (2 * graph.edges) / (entityTotal * (entityTotal - 1)) : 0;
  const degrees = nodes.map(id => graph.adjacency.get(id)!.size);
  return {
    communities: communities.items.map(c => ({ id: String(c.id), name: c.name, member_count: c.entity_count })),
    community_metrics: { total: communities.total },
    centrality_measures: {
      pagerank: byRank.map(([id, score]) => ({ entity_id: id, name: names.get(id) ?? null, score: round(score) })),
      degree: byDegree.map(([id, degree]) => ({ entity_id: id, name: names.get(id) ?? null, degree })),
    },
    graph_statistics: {
      connected_entities: nodes.length,
      isolated_entities: Math.max(0, entityTotal - nodes.length),
      average_degree: nodes.length > 0 ? round(degrees.reduce((a, b) => a + b, 0) / nodes.length) : 0,
      max_degree: degrees.reduce((a, b) => Math.max(a, b), 0),
      truncated: graph.truncated,
    },
    analysis_summary: {
      total_communities: communities.total,
      total_entities: entityTotal,
      total_memories: memories,
      total_relationships: graph.edges,
      network_density: round(density),
    },
    retrieved_at: deps.clock.now(),
  };
}

/**
 * Every shortest RELATES_TO path (at most MAX_PATHS) from one entity to another, no longer than `max_depth` hops,
 * found breadth first. Unknown entity → 404 `entity_not_found`; no path within the depth → `paths: []`.
 */
export async function shortestPaths(deps: Pick<Deps, 'store'>, input: { from_id: string; to_id: string; max_depth: number }) {
  const { store } = deps;
  const found = new Map((await store.entities.getMany([input.from_id, input.to_id])).map(e => [e.id, e]));
  for (const id of [input.from_id, input.to_id]) if (!found.has(id)) throw notFound('entity', id);
  const graph = await loadEntityGraph(deps);
  const parents = new Map<string, string[]>([[input.from_id, []]]);
  let frontier = [input.from_id];
  for (let depth = 1; depth <= input.max_depth && frontier.length > 0 && !parents.has(input.to_id) && input.from_id !== input.to_id; depth++) {
    const level = new Map<string, string[]>();
    for (const id of frontier) {
      for (const next of [...(graph.adjacency.get(id)?.keys() ?? [])].sort()) {
        if (parents.has(next)) continue;
        level.set(next, [...(level.get(next) ?? []), id]);
      }
    }
    for (const [id, from] of level) parents.set(id, from);
    frontier = [...level.keys()];
  }
  const paths: string[][] = [];
  const walk = (id: string, tail: string[]) => {
    if (paths.length >= MAX_PATHS) return;
    if (id === input.from_id) return void paths.push([id, ...tail]);
    for (const parent of parents.get(id) ?? []) walk(parent, [id, ...tail]);
  };
  if (parents.has(input.to_id)) walk(input.to_id, []);
  const entities = new Map((await store.entities.getMany([...new Set(paths.flat())])).map(e => [e.id, e]));
  const node = (id: string) => ({ id, label: entities.get(id)?.name ?? id, node_type: 'Entity', node_subtype: entities.get(id)?.entity_type ?? null });
  return {
    from_id: input.from_id,
    to_id: input.to_id,
    max_depth: input.max_depth,
    found: paths.length > 0,
    length: paths.length > 0 ? paths[0]!.length - 1 : null,
    paths: paths.map(path => ({
      nodes: path.map(node),
      edges: path.slice(1).map((target, i) => ({ source: path[i]!, target, edge_type: 'RELATES_TO', weight: graph.adjacency.get(path[i]!)?.get(target) ?? 0 })),
    })),
    truncated: graph.truncated,
  };
}

/**
 * What a PageRank refresh would do, without doing it: whether the entity graph is big enough (`min_nodes` entities
 * with relations, `min_edges` pairs) or `force` asks anyway.
 */
export async function planPageRank(deps: Pick<Deps, 'store'>, input: { force: boolean; min_nodes: number; min_edges: number }) {
  const graph = await loadEntityGraph(deps);
  const nodes = graph.adjacency.size;
  const enough = nodes >= input.min_nodes && graph.edges >= input.min_edges;
  const reasons = [
    ...(nodes < input.min_nodes ? [`${nodes} related entities, fewer than min_nodes ${input.min_nodes}`] : []),
    ...(graph.edges < input.min_edges ? [`${graph.edges} relations, fewer than min_edges ${input.min_edges}`] : []),
  ];
  return {
    success: true,
    would_run: enough || input.force,
    reason: enough ? 'the graph is large enough' : input.force ? `forced: ${reasons.join('; ')}` : reasons.join('; '),
    nodes,
    edges: graph.edges,
    min_nodes: input.min_nodes,
    min_edges: input.min_edges,
    force: input.force,
    job_type: 'pagerank_calculation',
  };
}
