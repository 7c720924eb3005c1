import { AppError } from '../../errors.ts';
import type { EntityWithStats, MemoryRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { aggregateRelations } from './entities.ts';

export interface ExpandInput {
  depth: number;
  limit: number;
  include_metadata: boolean;
  space_id?: string;
}

const TYPE_COLORS: Record<string, string> = {
  person: '#3b82f6', organization: '#10b981', location: '#f59e0b', technology: '#8b5cf6', product: '#ec4899',
  event: '#ef4444', date: '#6b7280', money: '#84cc16', url: '#06b6d4', email: '#06b6d4',
};
const MEMORY_COLOR = '#0ea5e9';
const RELATION_ROWS = 2000;

/** A type alias, not an interface, so it fits the loose response schemas (index signature). */
type Edge = {
  id: string;
  source: string;
  target: string;
  edge_type: 'RELATES_TO' | 'MENTIONS';
  weight: number;
  label: string;
  metadata: Record<string, unknown>;
};

const readable = (memory: MemoryRecord | undefined, spaceId?: string) =>
  memory !== undefined && memory.lifecycle_state !== 'forgotten' && (spaceId === undefined || memory.space_id === spaceId);

/**
 * Neighbours of an entity or a memory, breadth first up to `depth` hops and `limit` neighbours: an entity's
 * RELATES_TO entities and the memories that mention it, a memory's entities. The reference's ExpandNeighborsResponse:
 * `neighbors` are graph nodes (`node_type` Entity or Memory), `edges` join the nodes returned (the centre included).
 * Unknown node (or a memory outside the `space_id` guard) → 404.
 */
export async function expandNode(deps: Pick<Deps, 'store'>, nodeId: string, input: ExpandInput) {
  const { store } = deps;
  const centerEntity = await store.entities.getById(nodeId);
  const centerMemory = centerEntity ? undefined : await store.memories.getById(nodeId);
  if (!centerEntity && !readable(centerMemory, input.space_id)) throw new AppError(404, 'entity_not_found', `Node not found: ${nodeId}`);

  const hop = new Map<string, number>([[nodeId, 0]]);
  const kind = new Map<string, 'Entity' | 'Memory'>([[nodeId, centerEntity ? 'Entity' : 'Memory']]);
  const edges = new Map<string, Edge>();
  const memories = new Map<string, MemoryRecord>(centerMemory ? [[nodeId, centerMemory]] : []);
  const full = () => hop.size - 1 >= input.limit;
  const visit = (id: string, type: 'Entity' | 'Memory', depth: number) => {
    if (hop.has(id)) return true;
    if (full()) return false;
    hop.set(id, depth);
    kind.set(id, type);
    return true;
  };

  let frontier = [nodeId];
  for (let depth = 1; depth <= input.depth && frontier.length > 0 && !full(); depth++) {
    const next: string[] = [];
    const entityIds = frontier.filter(id => kind.get(id) === 'Entity');
    const memoryIds = frontier.filter(id => kind.get(id) === 'Memory');
    for (const r of aggregateRelations(await store.entityRelations.touching(entityIds, RELATION_ROWS))) {
      for (const end of [r.source_entity_id, r.target_entity_id]) if (!hop.has(end) && visit(end, 'Entity', depth)) next.push(end);
      if (hop.has(r.source_entity_id) && hop.has(r.target_entity_id)) {
        edges.set(r.id, { id: r.id, source: r.source_entity_id, target: r.target_entity_id, edge_type: 'RELATES_TO', weight: r.weight, label: r.relation_type,
          metadata: { relation_type: r.relation_type, description: r.description, confidence: r.confidence, strength: r.weight, hop_count: depth } });
      }
    }
    const mentioning = await store.mentions.memoryIdsMentioning(entityIds, input.limit);
    const candidates = await store.memories.getMany([...new Set([...mentioning.values()].flat())].filter(id => !memories.has(id)));
    for (const m of candidates) if (readable(m, input.space_id)) memories.set(m.id, m);
    for (const [entityId, ids] of mentioning) {
      for (const memoryId of ids) {
        if (!memories.has(memoryId) || (!hop.has(memoryId) && !visit(memoryId, 'Memory', depth))) continue;
        if (!next.includes(memoryId) && hop.get(memoryId) === depth) next.push(memoryId);
        edges.set(`${memoryId}:${entityId}`, mentionEdge(memoryId, entityId, depth));
      }
    }
    for (const [memoryId, ids] of await store.mentions.entityIdsOf(memoryIds)) {
      for (const entityId of ids) {
        if (!hop.has(entityId) && !visit(entityId, 'Entity', depth)) continue;
        if (!next.includes(entityId) && hop.get(entityId) === depth) next.push(entityId);
        edges.set(`${memoryId}:${entityId}`, mentionEdge(memoryId, entityId, depth));
      }
    }
    frontier = next;
  }

  const entities = new Map<string, EntityWithStats>((await store.entities.getMany([...kind].filter(([, t]) => t === 'Entity').map(([id]) => id))).map(e => [e.id, e]));
  const neighbors = [...hop.entries()]
    .filter(([id]) => id !== nodeId)
    .flatMap(([id, depth]) => {
      const node = kind.get(id) === 'Entity' ? entityNode(entities.get(id), depth) : memoryNode(memories.get(id), depth);
      return node ? [withMetadata(node, input.include_metadata)] : [];
    });
  const shown = new Set([nodeId, ...neighbors.map(n => n.id)]);
  const edgeList = [...edges.values()].filter(e => shown.has(e.source) && shown.has(e.target)).map(e => withMetadata(e, input.include_metadata));
  return {
    center_node: nodeId,
    depth: input.depth,
    neighbors,
    edges: edgeList,
    total_neighbors: neighbors.length,
    total_edges: edgeList.length,
    metadata: { expansion_depth: input.depth, max_limit: input.limit, include_metadata: input.include_metadata, query_type: centerEntity ? 'entity' : 'memory', error: null },
  };
}

function mentionEdge(memoryId: string, entityId: string, depth: number): Edge {
  return { id: `${memoryId}:${entityId}`, source: memoryId, target: entityId, edge_type: 'MENTIONS', weight: 1, label: 'MENTIONS', metadata: { relation_type: 'MENTIONS', hop_count: depth } };
}

export function entityNode(entity: EntityWithStats | undefined, depth: number) {
  if (!entity) return null;
  return {
    id: entity.id, label: entity.name, node_type: 'Entity', node_subtype: entity.entity_type, size: 10 + Math.min(20, entity.mention_count * 2),
    color: TYPE_COLORS[entity.entity_type] ?? '#94a3b8', community: null, importance: null, hop_count: depth,
    metadata: { entity_type: entity.entity_type, description: entity.description, confidence: entity.confidence, hop_count: depth,
      aliases: entity.aliases, mention_count: entity.mention_count, created_at: entity.created_at, updated_at: entity.updated_at },
  };
}

export function memoryNode(memory: MemoryRecord | undefined, depth: number) {
  if (!memory) return null;
  return {
    id: memory.id, label: memory.title, node_type: 'Memory', node_subtype: memory.unit_type, size: 10 + Math.round(memory.importance * 10),
    color: MEMORY_COLOR, community: null, importance: memory.importance, hop_count: depth,
    metadata: { title: memory.title, content: memory.content, importance: memory.importance, hop_count: depth, space_id: memory.space_id,
      created_at: memory.created_at, updated_at: memory.updated_at },
  };
}

function withMetadata<T extends { metadata: Record<string, unknown> }>(item: T, include: boolean): T {
  return include ? item : { ...item, metadata: {} };
}
