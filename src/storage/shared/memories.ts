import { type Kysely, type Selectable, sql } from 'kysely';
import type { LifecycleState, UnitType } from '../../domain/memory.ts';
import type { MemoryListFilter, MemoryPatch, MemoryRecord, MemoryRepo, RankedMemory } from '../ports.ts';
import type { Database, MemoriesTable } from './schema.ts';
import { chunked } from './chunks.ts';
import { compiledOnce, insertValues } from './compiled.ts';
import { selectByIds } from './selectByIds.ts';

const byIdQuery = compiledOnce((db, p) => db.selectFrom('memories').selectAll().where('id', '=', p(0)));

export function toMemoryRecord(row: Selectable<MemoriesTable>): MemoryRecord {
  return {
    ...row,
    unit_type: row.unit_type as UnitType,
    lifecycle_state: row.lifecycle_state as LifecycleState,
    title_derived: row.title_derived === 1,
    is_latest: row.is_latest === 1,
    is_crystal: row.is_crystal === 1,
    is_favorite: row.is_favorite === 1,
    reindex_needed: row.reindex_needed === 1,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  };
}

export function toMemoryRow(patch: MemoryPatch): Partial<MemoriesTable> {
  const { title_derived, is_latest, is_crystal, is_favorite, reindex_needed, metadata, ...rest } = patch;
  const row: Partial<MemoriesTable> = { ...rest };
  if (title_derived !== undefined) row.title_derived = Number(title_derived);
  if (is_latest !== undefined) row.is_latest = Number(is_latest);
  if (is_crystal !== undefined) row.is_crystal = Number(is_crystal);
  if (is_favorite !== undefined) row.is_favorite = Number(is_favorite);
  if (reindex_needed !== undefined) row.reindex_needed = Number(reindex_needed);
  if (metadata !== undefined) row.metadata = JSON.stringify(metadata);
  return row;
}

/** The columns of a RankedMemory. */
const RANKING_COLUMNS = ['id', 'title', 'content', 'importance', 'metadata', 'event_start', 'created_at', 'source_thread_id'] as const satisfies readonly (keyof RankedMemory)[];

/** Every column of a memory row, in the order `memoryValues` gives them. */
const MEMORY_COLUMNS = [
  'id', 'space_id', 'title', 'title_derived', 'content', 'source', 'importance', 'confidence', 'unit_type', 'lifecycle_state',
  'is_latest', 'is_crystal', 'is_favorite', 'favorited_at', 'reindex_needed', 'metadata', 'event_start', 'event_end',
  'temporal_context', 'source_thread_id', 'source_message_id', 'state_reason', 'state_changed_at', 'version', 'created_at',
  'updated_at',
] as const satisfies readonly (keyof MemoriesTable)[];

/** A memory's row as values in MEMORY_COLUMNS order (every create writes one: no intermediate row object). */
function memoryValues(m: MemoryRecord): unknown[] {
  return [
    m.id, m.space_id, m.title, m.title_derived ? 1 : 0, m.content, m.source, m.importance, m.confidence, m.unit_type, m.lifecycle_state,
    m.is_latest ? 1 : 0, m.is_crystal ? 1 : 0, m.is_favorite ? 1 : 0, m.favorited_at ?? null, m.reindex_needed ? 1 : 0, JSON.stringify(m.metadata ?? {}),
    m.event_start ?? null, m.event_end ?? null, m.temporal_context ?? null, m.source_thread_id ?? null, m.source_message_id ?? null,
    m.state_reason ?? null, m.state_changed_at ?? null, m.version, m.created_at, m.updated_at,
  ];
}

export function memoryRepo(db: Kysely<Database>): MemoryRepo {
  const rowsByIds = selectByIds(db, ids => db.selectFrom('memories').selectAll().where('id', 'in', ids));
  // A search reads ~100 candidates a query: a whole row is 26 columns, each a value the driver hands to JavaScript
  // (about a tenth of a search's instructions), of which ranking reads 8.
  const rankingRowsByIds = selectByIds(db, ids => db.selectFrom('memories').select(RANKING_COLUMNS).where('id', 'in', ids));
  const versionsByIds = selectByIds(db, ids => db.selectFrom('memories').select(['id', 'version']).where('id', 'in', ids));
  return {
    async insert(memory) {
      await insertValues(db, 'memories', MEMORY_COLUMNS, memoryValues(memory));
    },

    async update(id, patch) {
      await db.updateTable('memories').set(toMemoryRow(patch)).where('id', '=', id).execute();
    },

    async getById(id) {
      const [row] = (await byIdQuery<Selectable<MemoriesTable>>(db, [id])).rows;
      return row && toMemoryRecord(row);
    },

    async getMany(ids) {
      return (await rowsByIds(ids)).map(toMemoryRecord);
    },

    async versions(ids) {
      return new Map((await versionsByIds(ids)).map(row => [row.id, row.version]));
    },

    async getForRanking(ids) {
      return (await rankingRowsByIds(ids)).map(row => ({ ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> }));
    },

    async list(filter: MemoryListFilter) {
      let query = db
        .selectFrom('memories')
        .where('space_id', '=', filter.space_id)
        .where('lifecycle_state', 'in', filter.states);
      // importance is always in 0..1: without a real minimum the count stays an index-only scan.
      if (filter.importance_min > 0) query = query.where('importance', '>=', filter.importance_min);
      if (filter.is_crystal !== undefined) query = query.where('is_crystal', '=', Number(filter.is_crystal));
      if (filter.unit_type !== undefined) query = query.where('unit_type', '=', filter.unit_type);
      if (filter.label_canonicals?.length) {
        const canonicals = filter.label_canonicals;
        query = query.where(eb =>
          eb.exists(
            eb
              .selectFrom('memory_labels')
              .innerJoin('labels', 'labels.id', 'memory_labels.label_id')
              .select('memory_labels.label_id')
              .whereRef('memory_labels.memory_id', '=', 'memories.id')
              .where('labels.canonical_name', 'in', canonicals),
          ),
        );
      }
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        query.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toMemoryRecord), total: Number(count.total) };
    },

    async listFavorites(limit) {
      const rows = await db
        .selectFrom('memories')
        .selectAll()
        .where('is_favorite', '=', sql.lit(1)) // a literal, so SQLite can use the partial index
        .where('lifecycle_state', '!=', 'forgotten')
        .orderBy('favorited_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toMemoryRecord);
    },

    async idsInSpace(spaceId) {
      const rows = await db.selectFrom('memories').select('id').where('space_id', '=', spaceId).orderBy('created_at').orderBy('id').execute();
      return rows.map(r => r.id);
    },

    async idsAmong(ids, spaceId) {
      const rows = await chunked(ids, part =>
        db.selectFrom('memories').select('id').where('space_id', '=', spaceId).where('id', 'in', part).execute(),
      );
      return rows.map(r => r.id);
    },

    async moveToSpace(ids, spaceId, at) {
      const results = await chunked(ids, async part => {
        const result = await db.updateTable('memories').set({ space_id: spaceId, updated_at: at }).where('id', 'in', part).executeTakeFirst();
        return [Number(result.numUpdatedRows)];
      });
      return results.reduce((sum, n) => sum + n, 0);
    },

    async deleteMany(ids) {
      const counts = await chunked(ids, async part => {
        // Labels and memory relations (EVOLVES edges among them) go by the foreign keys' cascade, counted first: a
        // row removed with its memory is part of the memory's delete, which the sync log records once (028_sync_log).
        const labels = await db.selectFrom('memory_labels').select(eb => eb.fn.countAll<number>().as('n')).where('memory_id', 'in', part).executeTakeFirstOrThrow();
        const relations = await db
          .selectFrom('memory_relations')
          .select(eb => eb.fn.countAll<number>().as('n'))
          .where(eb => eb.or([eb('source_memory_id', 'in', part), eb('target_memory_id', 'in', part)]))
          .executeTakeFirstOrThrow();
        const memories = await db.deleteFrom('memories').where('id', 'in', part).executeTakeFirst();
        return [{ memories: Number(memories.numDeletedRows), edges: Number(labels.n) + Number(relations.n) }];
      });
      return counts.reduce((sum, c) => ({ memories: sum.memories + c.memories, edges: sum.edges + c.edges }), { memories: 0, edges: 0 });
    },
  };
}
