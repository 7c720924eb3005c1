import { type Kysely, type Selectable, sql } from 'kysely';
import type { EntityRelationRecord, EntityRelationRepo, MentionRepo } from '../ports.ts';
import type { Database, EntityRelationsTable } from './schema.ts';
import { chunked } from './chunks.ts';
import { compiledOnce } from './compiled.ts';
import { selectByIds } from './selectByIds.ts';

export { extractionQueueRepo } from './extractionQueue.ts';

const MENTION_COLUMNS = ['memory_id', 'entity_id', 'occurrences', 'confidence', 'created_at', 'applied'] as const;
/** Variant: the number of rows (at most MENTIONS_PER_INSERT); a mention already there keeps the larger of each count. */
const addMentionsQuery = compiledOnce((db, p, rows) =>
  db
    .insertInto('mentions')
    .values(Array.from({ length: rows }, (_, r) => Object.fromEntries(MENTION_COLUMNS.map((c, i) => [c, p(r * MENTION_COLUMNS.length + i)]))) as never)
    .onConflict(oc =>
      oc.columns(['memory_id', 'entity_id']).doUpdateSet({
        occurrences: sql<number>`case when excluded.occurrences > mentions.occurrences then excluded.occurrences else mentions.occurrences end`,
        confidence: sql<number>`case when excluded.confidence > mentions.confidence then excluded.confidence else mentions.confidence end`,
        applied: sql<number>`case when excluded.applied > mentions.applied then excluded.applied else mentions.applied end`,
      }),
    ),
);
const RELATION_COLUMNS = ['id', 'source_entity_id', 'target_entity_id', 'relation_type', 'weight', 'confidence', 'description', 'memory_id', 'created_at', 'applied'] as const;
/** Variant: the number of rows (at most MENTIONS_PER_INSERT). */
const insertRelationsQuery = compiledOnce((db, p, rows) =>
  db.insertInto('entity_relations').values(Array.from({ length: rows }, (_, r) => Object.fromEntries(RELATION_COLUMNS.map((c, i) => [c, p(r * RELATION_COLUMNS.length + i)]))) as never),
);
const MENTIONS_PER_INSERT = 100;
/** Ids per statement of the removals below (each id list is a compiled variant of its own). */
const REMOVALS_PER_STATEMENT = 64;
/** Variant: twice the number of memory ids, plus 1 for the automatic rows only (`applied` = 0). */
const removeMentionsQuery = compiledOnce((db, p, variant) => {
  const ids = Array.from({ length: variant >> 1 }, (_, i) => p(i));
  const query = db.deleteFrom('mentions').where('memory_id', 'in', ids);
  return (variant & 1 ? query.where('applied', '=', 0) : query).returning('entity_id');
});
/** Variant: as removeMentionsQuery's. */
const removeRelationsQuery = compiledOnce((db, p, variant) => {
  const ids = Array.from({ length: variant >> 1 }, (_, i) => p(i));
  const query = db.deleteFrom('entity_relations').where('memory_id', 'in', ids);
  return variant & 1 ? query.where('applied', '=', 0) : query;
});

/** Runs a removal over the memories' ids, in statements of at most REMOVALS_PER_STATEMENT ids. */
async function removeByMemories<R>(memoryIds: string[], automaticOnly: boolean | undefined, remove: (ids: string[], variant: number) => Promise<R>): Promise<R[]> {
  const ids = [...new Set(memoryIds)];
  const results: R[] = [];
  for (let i = 0; i < ids.length; i += REMOVALS_PER_STATEMENT) {
    const part = ids.slice(i, i + REMOVALS_PER_STATEMENT);
    results.push(await remove(part, (part.length << 1) | (automaticOnly ? 1 : 0)));
  }
  return results;
}

/** Groups rows into key → values, keeping the rows' order. */
function groupBy<R>(rows: R[], key: (r: R) => string, value: (r: R) => string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(value(row));
    else map.set(k, [value(row)]);
  }
  return map;
}

export function mentionRepo(db: Kysely<Database>): MentionRepo {
  const entityIdsByMemoryIds = selectByIds(db, memoryIds =>
    db.selectFrom('mentions').select(['memory_id', 'entity_id']).where('memory_id', 'in', memoryIds).orderBy('memory_id').orderBy('entity_id'),
  );
  return {
    async entityIdsOf(memoryIds) {
      const rows = await entityIdsByMemoryIds([...new Set(memoryIds)]);
      return groupBy(rows, r => r.memory_id, r => r.entity_id);
    },

    async memoryIdsMentioning(entityIds, limit) {
      if (limit <= 0) return new Map();
      // Ranked per entity, so each gets its own `limit` newest memories in one statement.
      const rows = await chunked([...new Set(entityIds)], part =>
        db
          .selectFrom(eb =>
            eb
              .selectFrom('mentions')
              .innerJoin('memories', 'memories.id', 'mentions.memory_id')
              .select([
                'mentions.entity_id as entity_id',
                'mentions.memory_id as memory_id',
                sql<number>`row_number() over (partition by mentions.entity_id order by memories.created_at desc, memories.id desc)`.as('rank'),
              ])
              .where('mentions.entity_id', 'in', part)
              .where('memories.lifecycle_state', '!=', 'forgotten')
              .as('ranked'),
          )
          .select(['entity_id', 'memory_id'])
          .where('rank', '<=', limit)
          .orderBy('entity_id')
          .orderBy('rank')
          .execute(),
      );
      return groupBy(rows, r => r.entity_id, r => r.memory_id);
    },

    async add(mentions) {
      for (let i = 0; i < mentions.length; i += MENTIONS_PER_INSERT) {
        const part = mentions.slice(i, i + MENTIONS_PER_INSERT);
        const values = part.flatMap(m => [m.memory_id, m.entity_id, m.occurrences, m.confidence, m.created_at, m.applied ? 1 : 0]);
        await addMentionsQuery(db, values, part.length);
      }
    },

    async removeForMemories(memoryIds, options = {}) {
      const removed = await removeByMemories(memoryIds, options.automaticOnly, (ids, variant) => removeMentionsQuery<{ entity_id: string }>(db, ids, variant));
      return [...new Set(removed.flatMap(({ rows }) => rows.map(r => r.entity_id)))];
    },

    mentioningMemories(entityId, limit, spaceId) {
      let query = db
        .selectFrom('mentions')
        .innerJoin('memories', 'memories.id', 'mentions.memory_id')
        .select([
          'memories.id as memory_id',
          'memories.title',
          'memories.content',
          'memories.space_id',
          'memories.importance',
          'memories.created_at',
          'mentions.occurrences',
          'mentions.confidence',
        ])
        .where('mentions.entity_id', '=', entityId)
        .where('memories.lifecycle_state', '!=', 'forgotten');
      if (spaceId !== undefined) query = query.where('memories.space_id', '=', spaceId);
      return query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc').limit(limit).execute();
    },

    async memoriesToExtract(limit, all) {
      let query = db
        .selectFrom('memories')
        .select(['memories.id', 'memories.version'])
        .where('memories.lifecycle_state', '!=', 'forgotten')
        .where(eb => eb.not(eb.exists(eb.selectFrom('extraction_queue').select('extraction_queue.memory_id').whereRef('extraction_queue.memory_id', '=', 'memories.id'))));
      if (!all) query = query.where(eb => eb.not(eb.exists(eb.selectFrom('mentions').select('mentions.memory_id').whereRef('mentions.memory_id', '=', 'memories.id'))));
      return query.orderBy('memories.created_at').orderBy('memories.id').limit(limit).execute();
    },
  };
}

/** A RELATES_TO row as reads return it: whether an apply wrote it matters only to the writers of the memory's graph. */
export const relationRecord = ({ applied: _applied, ...row }: Selectable<EntityRelationsTable>): EntityRelationRecord => row;

export function entityRelationRepo(db: Kysely<Database>): EntityRelationRepo {
  return {
    async insertMany(relations) {
      for (let i = 0; i < relations.length; i += MENTIONS_PER_INSERT) {
        const part = relations.slice(i, i + MENTIONS_PER_INSERT);
        const values = part.flatMap(r => [r.id, r.source_entity_id, r.target_entity_id, r.relation_type, r.weight, r.confidence, r.description, r.memory_id, r.created_at, r.applied ? 1 : 0]);
        await insertRelationsQuery(db, values, part.length);
      }
    },

    async removeForMemories(memoryIds, options = {}) {
      const removed = await removeByMemories(memoryIds, options.automaticOnly, (ids, variant) => removeRelationsQuery(db, ids, variant));
      return removed.reduce((sum, result) => sum + Number(result.numAffectedRows ?? 0), 0);
    },

    async touching(entityIds, limit) {
      const ids = [...new Set(entityIds)];
      if (ids.length === 0) return [];
      const rows = await chunked(ids, part =>
        db
          .selectFrom('entity_relations')
          .selectAll()
          .where(eb => eb.or([eb('source_entity_id', 'in', part), eb('target_entity_id', 'in', part)]))
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .execute(),
      );
      // Parts may overlap (a relation between two parts); keep each row once, in order.
      const seen = new Set<string>();
      return rows
        .map(relationRecord)
        .filter(r => !seen.has(r.id) && seen.add(r.id))
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },
  };
}
