import { UndirectedGraph } from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import seedrandom from 'seedrandom';
import type { RelationWeight } from '../../storage/ports.ts';

// A CommonJS package: Node hands its module.exports (the function) over as the default export, while its types
// describe an ES module whose default is that function.
const louvain = ((louvainModule as { default?: unknown }).default ?? louvainModule) as typeof louvainModule.default;

/** Nodes are entity numbers (their place in id order): short keys build the graph faster than ids. */
type Graph = UndirectedGraph<Record<string, never>, { weight: number }>;

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

interface Edge {
  a: number;
  b: number;
  weight: number;
}

/** Entity numbers are packed into one pair key: a graph of up to 2^26 entities. */
const PAIR = 2 ** 26;

/** Adds up RELATES_TO rows as they come (a page at a time), so the rows themselves are never all held at once. */
export interface EdgeCollector {
  add(rows: readonly RelationWeight[]): void;
  /**
   * One undirected edge per pair of entities (both directions added up), between node numbers given in entity id
   * order, listed in (a, b) order. Self-loops and non-positive weights are left out.
   */
  finish(): { nodes: string[]; edges: Edge[] };
}

export function collectEdges(): EdgeCollector {
  const numberOf = new Map<string, number>();
  const ids: string[] = [];
  const byPair = new Map<number, Edge>();
  const number = (id: string) => {
    let n = numberOf.get(id);
    if (n === undefined) {
      n = ids.push(id) - 1;
      numberOf.set(id, n);
    }
    return n;
  };
  return {
    add(rows) {
      for (const row of rows) {
        if (row.source_entity_id === row.target_entity_id || !(row.weight > 0)) continue;
        const x = number(row.source_entity_id);
        const y = number(row.target_entity_id);
        const key = Math.min(x, y) * PAIR + Math.max(x, y);
        const edge = byPair.get(key);
        if (edge) edge.weight += row.weight;
        else byPair.set(key, { a: Math.min(x, y), b: Math.max(x, y), weight: row.weight });
      }
    },
    finish() {
      const order = ids.map((_, i) => i).sort((i, j) => (ids[i] < ids[j] ? -1 : 1));
      const place = new Int32Array(ids.length);
      order.forEach((n, i) => (place[n] = i));
      const edges = [...byPair.values()].map(e => {
        const [a, b] = [place[e.a], place[e.b]];
        return a < b ? { a, b, weight: e.weight } : { a: b, b: a, weight: e.weight };
      });
      edges.sort((e, f) => e.a - f.a || e.b - f.b);
      return { nodes: order.map(n => ids[n]), edges };
    },
  };
}

/**
 * Splits the weighted, undirected entity graph into communities with Louvain (seeded, nodes and edges added in id
 * order, so the result depends on the graph only). Entities without any RELATES_TO edge are not in the graph and
 * belong to no community. A community Louvain leaves with a single entity is folded into the community of that
 * entity's strongest neighbour, so every community relates at least two entities.
 */
export function partitionGraph(collected: { nodes: string[]; edges: Edge[] }): Partition {
  const { nodes, edges } = collected;
  if (nodes.length === 0) return { communities: [], entities: 0 };
  const graph: Graph = new UndirectedGraph();
  for (let i = 0; i < nodes.length; i++) graph.addNode(i);
  edges.forEach((e, i) => graph.addEdgeWithKey(i, e.a, e.b, { weight: e.weight }));

  const found = louvain(graph, { getEdgeWeight: 'weight', rng: seedrandom(SEED) });
  const assignment = nodes.map((_, i) => found[i]);
  foldSingletons(graph, assignment);

  const degree = new Float64Array(nodes.length);
  for (const e of edges) {
    if (assignment[e.a] !== assignment[e.b]) continue;
    degree[e.a] += e.weight;
    degree[e.b] += e.weight;
  }
  const groups = new Map<number, PartitionMember[]>();
  nodes.forEach((id, i) => {
    const group = groups.get(assignment[i]) ?? [];
    group.push({ entity_id: id, weight: Number(degree[i].toFixed(6)) });
    groups.set(assignment[i], group);
  });
  const communities = [...groups.values()].sort((a, b) => b.length - a.length || (a[0].entity_id < b[0].entity_id ? -1 : 1));
  return { communities, entities: nodes.length };
}

function foldSingletons(graph: Graph, assignment: number[]) {
  const sizes = new Map<number, number>();
  for (const c of assignment) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  assignment.forEach((own, node) => {
    if (sizes.get(own) !== 1) return;
    let best = -1;
    let bestWeight = -Infinity;
    graph.forEachEdge(node, (_edge, attributes, source, target) => {
      const neighbour = Number(source) === node ? Number(target) : Number(source);
      if (attributes.weight > bestWeight || (attributes.weight === bestWeight && neighbour < best)) {
        best = neighbour;
        bestWeight = attributes.weight;
      }
    });
    if (best < 0) return;
    assignment[node] = assignment[best];
    sizes.set(own, 0);
    sizes.set(assignment[best], sizes.get(assignment[best])! + 1);
  });
}
