import type { Kysely } from 'kysely';
import { EVOLVES_TYPE, isEvolvesDetector, isEvolvesRelation } from '../../domain/evolves.ts';
import type { EvolvesEdge, EvolvesRepo, MemoryRelationRecord } from '../ports.ts';
import type { Database } from './schema.ts';
import { memoryRelationRepo } from './memoryRelations.ts';

/** An EVOLVES relation read as an edge: newer (source) → older (target), relation and detector from `properties`. */
export function toEvolvesEdge(relation: MemoryRelationRecord): EvolvesEdge {
  const { relation: kind, detected_by } = relation.properties;
  return {
    id: relation.id,
    from_memory_id: relation.source_memory_id,
    to_memory_id: relation.target_memory_id,
    relation: isEvolvesRelation(kind) ? kind : 'replaces',
    confidence: relation.confidence ?? 1,
    detected_by: isEvolvesDetector(detected_by) ? detected_by : 'user',
    reason: relation.reason ?? '',
    reviewed: relation.reviewed,
    created_at: relation.created_at,
  };
}

/** EVOLVES edges are memory relations of type EVOLVES: this view reads and writes them in their own terms. */
export function evolvesRepo(db: Kysely<Database>): EvolvesRepo {
  const relations = memoryRelationRepo(db);
  return {
    async insert(edge) {
      const existing = await relations.find(edge.from_memory_id, edge.to_memory_id, EVOLVES_TYPE);
      const fields = {
        confidence: edge.confidence,
        status: 'active' as const,
        reviewed: edge.reviewed,
        reason: edge.reason,
        properties: { ...existing?.properties, relation: edge.relation, detected_by: edge.detected_by },
        updated_at: edge.created_at,
      };
      if (existing) return relations.update(existing.id, fields);
      await relations.insert({
        ...fields,
        id: edge.id,
        source_memory_id: edge.from_memory_id,
        target_memory_id: edge.to_memory_id,
        relation_type: EVOLVES_TYPE,
        strength: 1,
        bidirectional: false,
        source: edge.detected_by === 'user' ? 'api' : edge.detected_by,
        author_id: null,
        agent_id: null,
        source_app: null,
        created_at: edge.created_at,
      });
    },

    async listForMemory(memoryId) {
      return (await relations.touching(memoryId, EVOLVES_TYPE, ['active'])).map(toEvolvesEdge);
    },

    async between(a, b) {
      return (await relations.between(a, b, EVOLVES_TYPE, ['active'])).map(toEvolvesEdge);
    },
  };
}
