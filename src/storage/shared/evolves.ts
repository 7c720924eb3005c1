import type { Kysely, Selectable } from 'kysely';
import { EVOLVES_TYPE, isEvolvesDetector, isEvolvesRelation } from '../../domain/evolves.ts';
import type { EvolvesEdge, EvolvesListFilter, EvolvesListItem, EvolvesRepo, MemoryRelationRecord } from '../ports.ts';
import type { Database, MemoryRelationsTable } from './schema.ts';
import { memoryRelationRepo, toRelationRecord } from './memoryRelations.ts';

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

    list: filter => listEvolves(db, filter),
  };
}

type ListRow = Selectable<MemoryRelationsTable> & { newer_title: string; older_title: string; space_id: string };

const toListItem = ({ newer_title, older_title, space_id, ...row }: ListRow): EvolvesListItem => ({
  ...toEvolvesEdge(toRelationRecord(row)),
  newer_title,
  older_title,
  space_id,
});

/** Active EVOLVES edges `r` joined to their newer (`n`) and older (`o`) memories, neither forgotten. */
export function liveEvolvesEdges(db: Kysely<Database>) {
  return db
    .selectFrom('memory_relations as r')
    .innerJoin('memories as n', 'n.id', 'r.source_memory_id')
    .innerJoin('memories as o', 'o.id', 'r.target_memory_id')
    .where('r.relation_type', '=', EVOLVES_TYPE)
    .where('r.status', '=', 'active')
    .where('n.lifecycle_state', '!=', 'forgotten')
    .where('o.lifecycle_state', '!=', 'forgotten');
}

/**
 * Active EVOLVES edges whose two memories are not forgotten, newest first. The relation kind lives in the JSON
 * `properties` (defaulting to replaces), so a page filtered by kind is cut after reading: no JSON SQL, any backend.
 */
async function listEvolves(db: Kysely<Database>, filter: EvolvesListFilter): Promise<{ items: EvolvesListItem[]; total: number }> {
  let query = liveEvolvesEdges(db);
  const memoryId = filter.memory_id;
  if (memoryId !== undefined) query = query.where(eb => eb.or([eb('r.source_memory_id', '=', memoryId), eb('r.target_memory_id', '=', memoryId)]));
  if (filter.unreviewed_only) query = query.where('r.reviewed', '=', 0);
  if (filter.space_id !== undefined) query = query.where('n.space_id', '=', filter.space_id);
  const rows = query
    .selectAll('r')
    .select(['n.title as newer_title', 'o.title as older_title', 'n.space_id as space_id'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc');
  if (filter.relation !== undefined) {
    const all = (await rows.execute()).map(toListItem).filter(edge => edge.relation === filter.relation);
    return { items: all.slice(filter.offset, filter.offset + filter.limit), total: all.length };
  }
  const [page, count] = await Promise.all([
    rows.limit(filter.limit).offset(filter.offset).execute(),
    query.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: page.map(toListItem), total: Number(count.total) };
}
