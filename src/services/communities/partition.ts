import { UndirectedGraph } from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import seedrandom from 'seedrandom';
import type { RelationWeight } from '../../storage/ports.ts';

// A CommonJS package: Node hands its module.exports (the function) over as the default export, while its types
// describe an ES module whose default is that function.
const louvain = ((louvainModule as { default?: unknown }).default ?? louvainModule) as typeof louvainModule.default;

/** Louvain's random walk is seeded with this, so the same graph always gives the same partition. */
const SEED = 'cairn-communities';

export interface PartitionMember {
  entity_id: string;
  /** Weighted degree inside the community. */
  weight: number;
}

export interface Partition {
  /** Largest first (ties: the smallest member id first); members in id order. */
  communities: PartitionMember[][];
  /** Entities in the graph (every one with a RELATES_TO edge). */
  entities: number;
}

/** RELATES_TO rows of both directions added up: one undirected edge per pair of entities. */
export function undirectedEdges(rows: readonly RelationWeight[]): Map<string, { a: string; b: string; weight: number }> {
  const edges = new Map<string, { a: string; b: string; weight: number }>();
  for (const row of rows) {
    if (row.source_entity_id === row.target_entity_id || !(row.weight > 0)) continue;
    const [a, b] = row.source_entity_id < row.target_entity_id ? [row.source_entity_id, row.target_entity_id] : [row.target_entity_id, row.source_entity_id];
    const key = `${a}\u0000${b}`;
    const edge = edges.get(key);
    if (edge) edge.weight += row.weight;
    else edges.set(key, { a, b, weight: row.weight });
  }
  return edges;
}

/**
 * Splits the weighted, undirected entity graph into communities with Louvain (seeded, nodes and edges added in id
 * order, so the result depends on the graph only). Entities without any RELATES_TO edge are not in the graph and
 * belong to no community. A community Louvain leaves with a single entity is folded into the community of that
 * entity's strongest neighbour, so every community relates at least two entities.
 */
export function partitionGraph(rows: readonly RelationWeight[]): Partition {
  const edges = [...undirectedEdges(rows).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  const graph = new UndirectedGraph<Record<string, never>, { weight: number }>();
  const nodes = [...new Set(edges.flatMap(e => [e.a, e.b]))].sort();
  for (const node of nodes) graph.addNode(node);
  for (const e of edges) graph.addEdge(e.a, e.b, { weight: e.weight });
  if (nodes.length === 0) return { communities: [], entities: 0 };

  const assignment = new Map(Object.entries(louvain(graph, { getEdgeWeight: 'weight', rng: seedrandom(SEED) })));
  foldSingletons(graph, assignment);

  const degree = new Map<string, number>(nodes.map(n => [n, 0]));
  for (const e of edges) {
    if (assignment.get(e.a) !== assignment.get(e.b)) continue;
    degree.set(e.a, degree.get(e.a)! + e.weight);
    degree.set(e.b, degree.get(e.b)! + e.weight);
  }
  const groups = new Map<number, PartitionMember[]>();
  for (const node of nodes) {
    const c = assignment.get(node)!;
    const group = groups.get(c) ?? [];
    group.push({ entity_id: node, weight: Number(degree.get(node)!.toFixed(6)) });
    groups.set(c, group);
  }
  const communities = [...groups.values()].sort((a, b) => b.length - a.length || (a[0].entity_id < b[0].entity_id ? -1 : 1));
  return { communities, entities: nodes.length };
}

function foldSingletons(graph: UndirectedGraph<Record<string, never>, { weight: number }>, assignment: Map<string, number>) {
  const sizes = new Map<number, number>();
  for (const c of assignment.values()) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  for (const node of graph.nodes()) {
    if (sizes.get(assignment.get(node)!) !== 1) continue;
    let best: { neighbour: string; weight: number } | null = null;
    graph.forEachEdge(node, (_edge, attributes, source, target) => {
      const neighbour = source === node ? target : source;
      if (!best || attributes.weight > best.weight || (attributes.weight === best.weight && neighbour < best.neighbour)) best = { neighbour, weight: attributes.weight };
    });
    if (!best) continue;
    const own = assignment.get(node)!;
    const target = assignment.get((best as { neighbour: string }).neighbour)!;
    assignment.set(node, target);
    sizes.set(own, 0);
    sizes.set(target, (sizes.get(target) ?? 0) + 1);
  }
}
