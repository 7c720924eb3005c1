import type { Kysely, Selectable } from 'kysely';
import type { EvolvesDetector, EvolvesRelation } from '../../domain/evolves.ts';
import type { EvolvesEdge, EvolvesRepo } from '../ports.ts';
import type { Database, EvolvesTable } from './schema.ts';

const toEdge = (row: Selectable<EvolvesTable>): EvolvesEdge => ({
  ...row,
  relation: row.relation as EvolvesRelation,
  detected_by: row.detected_by as EvolvesDetector,
  reviewed: row.reviewed === 1,
});

export function evolvesRepo(db: Kysely<Database>): EvolvesRepo {
  return {
    async insert(edge) {
      await db.insertInto('evolves').values({ ...edge, reviewed: Number(edge.reviewed) }).execute();
    },

    async listForMemory(memoryId) {
      const rows = await db
        .selectFrom('evolves')
        .selectAll()
        .where(eb => eb.or([eb('from_memory_id', '=', memoryId), eb('to_memory_id', '=', memoryId)]))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toEdge);
    },
  };
}
