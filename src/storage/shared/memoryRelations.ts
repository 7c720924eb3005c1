import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { RelationStatus } from '../../domain/relation.ts';
import type { MemoryRelationPatch, MemoryRelationRecord, MemoryRelationRepo, RelationListFilter } from '../ports.ts';
import type { Database, MemoryRelationsTable } from './schema.ts';

export function toRelationRecord(row: Selectable<MemoryRelationsTable>): MemoryRelationRecord {
  return {
    ...row,
    status: row.status as RelationStatus,
    bidirectional: row.bidirectional === 1,
    reviewed: row.reviewed === 1,
    properties: JSON.parse(row.properties) as Record<string, unknown>,
  };
}

function toRow(patch: MemoryRelationPatch): Partial<MemoryRelationsTable> {
  const { bidirectional, reviewed, properties, ...rest } = patch;
  const row: Partial<MemoryRelationsTable> = { ...rest };
  if (bidirectional !== undefined) row.bidirectional = Number(bidirectional);
  if (reviewed !== undefined) row.reviewed = Number(reviewed);
  if (properties !== undefined) row.properties = JSON.stringify(properties);
  return row;
}

type RelationsEb = ExpressionBuilder<Database & { r: MemoryRelationsTable }, 'r'>;

/** Which rows a direction takes, seen from the memory: a bidirectional relation counts both ways. */
function directionWhere(eb: RelationsEb, filter: RelationListFilter): Expression<SqlBool> {
  const id = filter.memory_id;
  const from = eb('r.source_memory_id', '=', id);
  const to = eb('r.target_memory_id', '=', id);
  if (filter.direction === 'both') return eb.or([from, to]);
  const bidirectional = eb('r.bidirectional', '=', 1);
  return filter.direction === 'out' ? eb.or([from, eb.and([bidirectional, to])]) : eb.or([to, eb.and([bidirectional, from])]);
}

export function memoryRelationRepo(db: Kysely<Database>): MemoryRelationRepo {
  /** Relations of one type and some statuses that `where` picks, oldest first (ties by id). */
  async function ofType(relationType: string, statuses: RelationStatus[], where: (eb: ExpressionBuilder<Database, 'memory_relations'>) => Expression<SqlBool>) {
    const rows = await db
      .selectFrom('memory_relations')
      .selectAll()
      .where('relation_type', '=', relationType)
      .where('status', 'in', statuses)
      .where(where)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toRelationRecord);
  }

  return {
    async insert(relation) {
      await db.insertInto('memory_relations').values(toRow(relation) as MemoryRelationsTable).execute();
    },

    async update(id, patch) {
      await db.updateTable('memory_relations').set(toRow(patch)).where('id', '=', id).execute();
    },

    async getById(id) {
      const row = await db.selectFrom('memory_relations').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRelationRecord(row);
    },

    async find(sourceId, targetId, relationType) {
      const row = await db
        .selectFrom('memory_relations')
        .selectAll()
        .where('source_memory_id', '=', sourceId)
        .where('target_memory_id', '=', targetId)
        .where('relation_type', '=', relationType)
        .executeTakeFirst();
      return row && toRelationRecord(row);
    },

    async list(filter) {
      let query = db
        .selectFrom('memory_relations as r')
        // The other memory of the relation: it must not be forgotten, and may be held to a space.
        .innerJoin('memories as o', join =>
          join.on(sql<SqlBool>`o.id = case when r.source_memory_id = ${filter.memory_id} then r.target_memory_id else r.source_memory_id end`),
        )
        .where(eb => directionWhere(eb as unknown as RelationsEb, filter))
        .where('r.status', 'in', filter.statuses)
        .where('o.lifecycle_state', '!=', 'forgotten');
      if (filter.types?.length) query = query.where(sql<string>`lower(r.relation_type)`, 'in', filter.types.map(t => t.toLowerCase()));
      if (filter.space_id !== undefined) query = query.where('o.space_id', '=', filter.space_id);
      const [rows, count] = await Promise.all([
        query.selectAll('r').orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        query.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRelationRecord), total: Number(count.total) };
    },

    async between(a, b, relationType, statuses) {
      return ofType(relationType, statuses, eb =>
        eb.or([
          eb.and([eb('source_memory_id', '=', a), eb('target_memory_id', '=', b)]),
          eb.and([eb('source_memory_id', '=', b), eb('target_memory_id', '=', a)]),
        ]),
      );
    },

    async touching(memoryId, relationType, statuses) {
      return ofType(relationType, statuses, eb => eb.or([eb('source_memory_id', '=', memoryId), eb('target_memory_id', '=', memoryId)]));
    },

    async listAll() {
      const rows = await db.selectFrom('memory_relations').selectAll().orderBy('id').execute();
      return rows.map(toRelationRecord);
    },
  };
}
