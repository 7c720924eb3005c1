import { directionFrom } from '../../domain/relation.ts';
import type { EvolvesEdge, MemoryRecord, MemoryRelationRecord, Repos } from '../../storage/ports.ts';

/** A relation as the reference's MemoryRelationPublic shows it; `direction` is seen from `viewpoint`. */
export function presentRelation(relation: MemoryRelationRecord, memories: Map<string, MemoryRecord>, viewpoint = relation.source_memory_id) {
  const source = memories.get(relation.source_memory_id);
  const target = memories.get(relation.target_memory_id);
  return {
    id: relation.id,
    source_memory_id: relation.source_memory_id,
    source_title: source?.title ?? '',
    source_space_id: source?.space_id ?? '',
    target_memory_id: relation.target_memory_id,
    target_title: target?.title ?? '',
    target_space_id: target?.space_id ?? '',
    relation_type: relation.relation_type,
    strength: relation.strength,
    confidence: relation.confidence,
    bidirectional: relation.bidirectional,
    status: relation.status,
    reviewed: relation.reviewed,
    source: relation.source,
    author_id: relation.author_id,
    agent_id: relation.agent_id,
    source_app: relation.source_app,
    reason: relation.reason,
    properties: relation.properties,
    created_at: relation.created_at,
    updated_at: relation.updated_at,
    direction: directionFrom(viewpoint, relation),
  };
}

export type MemoryRelationPublic = ReturnType<typeof presentRelation>;

/** Presents relations with the titles and spaces of both ends, read in one query. */
export async function presentRelations(repos: Pick<Repos, 'memories'>, relations: MemoryRelationRecord[], viewpoint?: string) {
  const ids = [...new Set(relations.flatMap(r => [r.source_memory_id, r.target_memory_id]))];
  const memories = new Map((await repos.memories.getMany(ids)).map(m => [m.id, m]));
  return relations.map(r => presentRelation(r, memories, viewpoint ?? r.source_memory_id));
}

/** An EVOLVES edge as the interface's history correction shows it. */
export function presentEdge(edge: EvolvesEdge) {
  return {
    id: edge.id,
    from_memory_id: edge.from_memory_id,
    to_memory_id: edge.to_memory_id,
    relation: edge.relation,
    confidence: edge.confidence,
    detected_by: edge.detected_by,
    reason: edge.reason,
    reviewed: edge.reviewed,
    created_at: edge.created_at,
  };
}

/** The memory summary of the history correction responses. */
export function presentMemorySummary(memory: MemoryRecord) {
  return {
    id: memory.id,
    title: memory.title,
    space_id: memory.space_id,
    lifecycle_state: memory.lifecycle_state,
    is_latest: memory.is_latest,
    created_at: memory.created_at,
  };
}
