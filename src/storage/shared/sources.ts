import { type Kysely, type Selectable, sql } from 'kysely';
import type { LabelRecord, SourceRecord, SourceRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import type { SourcesTable } from './schema.sources.ts';

const toRecord = (row: Selectable<SourcesTable>): SourceRecord => ({ ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> });

const toRow = <T extends Partial<SourceRecord>>(record: T) =>
  (record.metadata === undefined ? record : { ...record, metadata: JSON.stringify(record.metadata) }) as Omit<T, 'metadata'> & { metadata?: string };

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, c => `\\${c}`)}%`;

export function sourceRepo(db: Kysely<Database>): SourceRepo {
  return {
    async insert(record, bytes) {
      await db.insertInto('sources').values(toRow(record) as Selectable<SourcesTable>).execute();
      await db.insertInto('source_files').values({ source_id: record.id, bytes }).execute();
    },
    async update(id, patch) {
      await db.updateTable('sources').set(toRow(patch)).where('id', '=', id).execute();
    },
    async replaceBytes(id, bytes) {
      await db.updateTable('source_files').set({ bytes }).where('source_id', '=', id).execute();
    },
    async getById(id) {
      const row = await db.selectFrom('sources').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async findBySha(spaceId, sha256) {
      const row = await db
        .selectFrom('sources')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('sha256', '=', sha256)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async list(filter) {
      let query = db.selectFrom('sources').selectAll().where('space_id', '=', filter.space_id);
      query = query.where('deleted_at', filter.deleted ? 'is not' : 'is', null);
      if (filter.source_type) query = query.where('source_type', '=', filter.source_type);
      if (filter.lifecycle_state) query = query.where('lifecycle_state', '=', filter.lifecycle_state);
      for (const anyOf of filter.labels ?? []) {
        query = query.where(eb =>
          eb.exists(eb.selectFrom('source_labels').select('source_id').whereRef('source_labels.source_id', '=', 'sources.id').where('label_id', 'in', anyOf.length > 0 ? anyOf : [''])),
        );
      }
      return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(toRecord);
    },
    async containing(spaceId, terms) {
      if (terms.length === 0) return [];
      const rows = await db
        .selectFrom('sources')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('deleted_at', 'is', null)
        .where(eb =>
          eb.or(
            terms.flatMap(term => [
              eb(sql<string>`lower(original_name)`, 'like', sql<string>`${containsPattern(term)} escape '\\'`),
              eb(sql<string>`lower(content)`, 'like', sql<string>`${containsPattern(term)} escape '\\'`),
            ]),
          ),
        )
        .execute();
      return rows.map(toRecord);
    },
    async bytes(id) {
      const row = await db.selectFrom('source_files').select('bytes').where('source_id', '=', id).executeTakeFirst();
      return row?.bytes;
    },
    async chunkIds(id) {
      const rows = await db.selectFrom('source_chunks').select('memory_id').where('source_id', '=', id).orderBy('chunk_index').execute();
      return rows.map(r => r.memory_id);
    },
    async setChunks(id, memoryIds) {
      await db.deleteFrom('source_chunks').where('source_id', '=', id).execute();
      if (memoryIds.length === 0) return;
      await db.insertInto('source_chunks').values(memoryIds.map((memory_id, chunk_index) => ({ source_id: id, memory_id, chunk_index }))).execute();
    },
    async sourceOfMemory(memoryId) {
      const row = await db.selectFrom('source_chunks').select('source_id').where('memory_id', '=', memoryId).executeTakeFirst();
      return row?.source_id;
    },
    async labelsOf(ids) {
      const labels = new Map<string, LabelRecord[]>(ids.map(id => [id, []]));
      if (ids.length === 0) return labels;
      const rows = await db
        .selectFrom('source_labels')
        .innerJoin('labels', 'labels.id', 'source_labels.label_id')
        .selectAll('labels')
        .select('source_labels.source_id')
        .where('source_labels.source_id', 'in', ids)
        .orderBy('labels.name')
        .execute();
      for (const { source_id, ...label } of rows) labels.get(source_id)?.push(label);
      return labels;
    },
    async assignLabel(id, labelId, at) {
      const result = await db
        .insertInto('source_labels')
        .values({ source_id: id, label_id: labelId, created_at: at })
        .onConflict(oc => oc.columns(['source_id', 'label_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async removeLabel(id, labelId) {
      const result = await db.deleteFrom('source_labels').where('source_id', '=', id).where('label_id', '=', labelId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async delete(id) {
      await db.deleteFrom('source_labels').where('source_id', '=', id).execute();
      await db.deleteFrom('source_chunks').where('source_id', '=', id).execute();
      await db.deleteFrom('source_files').where('source_id', '=', id).execute();
      await db.deleteFrom('sources').where('id', '=', id).execute();
    },
    async countBySpace() {
      const rows = await db
        .selectFrom('sources')
        .select(eb => ['space_id', eb.fn.countAll<number | string>().as('n')])
        .where('deleted_at', 'is', null)
        .groupBy('space_id')
        .execute();
      return new Map(rows.map(r => [r.space_id, Number(r.n)]));
    },
  };
}
