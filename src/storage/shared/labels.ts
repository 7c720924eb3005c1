import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { LabelRecord, LabelRepo, LabelWithUsage, MemoryLabelRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import { chunked } from './chunks.ts';
import { selectByIds } from './selectByIds.ts';

/** Ids of forgotten memories: usually few, read through memories_by_state, so excluding them is cheap. */
const forgottenIds = (eb: ExpressionBuilder<Database, any>) =>
  eb.selectFrom('memories').select('memories.id').where('memories.lifecycle_state', '=', 'forgotten');

/** How many live (not forgotten) memories carry the label. */
function usageCount(eb: ExpressionBuilder<Database, 'labels'>) {
  return eb
    .selectFrom('memory_labels')
    .whereRef('memory_labels.label_id', '=', 'labels.id')
    .where('memory_labels.memory_id', 'not in', forgottenIds(eb))
    .select(eb.fn.countAll<number>().as('n'))
    .as('usage_count');
}

const withNumericUsage = (row: LabelRecord & { usage_count: number | null }): LabelWithUsage => ({
  ...row,
  usage_count: Number(row.usage_count ?? 0),
});

export function labelRepo(db: Kysely<Database>): LabelRepo {
  return {
    async insert(label) {
      await db.insertInto('labels').values(label).execute();
    },

    async update(id, patch) {
      await db.updateTable('labels').set(patch).where('id', '=', id).execute();
    },

    async getById(id) {
      const row = await db.selectFrom('labels').selectAll().select(usageCount).where('id', '=', id).executeTakeFirst();
      return row && withNumericUsage(row);
    },

    getByName(name) {
      return db.selectFrom('labels').selectAll().where('name', '=', name).executeTakeFirst();
    },

    async getByNames(names) {
      return chunked(names, part => db.selectFrom('labels').selectAll().where('name', 'in', part).execute());
    },

    async getByCanonicals(canonicals) {
      const rows = await chunked(canonicals, part => db.selectFrom('labels').selectAll().select(usageCount).where('canonical_name', 'in', part).execute());
      return rows.map(withNumericUsage);
    },

    async list({ limit, offset, order_by, order_desc }) {
      const direction = order_desc ? 'desc' : 'asc';
      const rows = await db
        .selectFrom('labels')
        .selectAll()
        .select(usageCount)
        .orderBy(order_by === 'usage_count' ? sql`usage_count` : order_by, direction)
        .orderBy('id', direction)
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(withNumericUsage);
    },

    async listAllWithUsage() {
      const rows = await db.selectFrom('labels').selectAll().select(usageCount).orderBy('id').execute();
      return rows.map(withNumericUsage);
    },

    async delete(id) {
      const edges = await db.deleteFrom('memory_labels').where('label_id', '=', id).executeTakeFirst();
      await db.deleteFrom('labels').where('id', '=', id).execute();
      return Number(edges.numDeletedRows);
    },
  };
}

export function memoryLabelRepo(db: Kysely<Database>): MemoryLabelRepo {
  const labelsByMemoryIds = selectByIds(db, memoryIds =>
    db
      .selectFrom('memory_labels')
      .innerJoin('labels', 'labels.id', 'memory_labels.label_id')
      .selectAll('labels')
      .select('memory_labels.memory_id')
      .where('memory_labels.memory_id', 'in', memoryIds)
      .orderBy('labels.name'),
  );
  return {
    async labelsOf(memoryIds) {
      const rows = await labelsByMemoryIds(memoryIds);
      const byMemory = new Map<string, LabelRecord[]>();
      for (const { memory_id, ...label } of rows) {
        const list = byMemory.get(memory_id) ?? [];
        list.push(label);
        byMemory.set(memory_id, list);
      }
      return byMemory;
    },

    async assign(memoryId, labelId, at) {
      const result = await db
        .insertInto('memory_labels')
        .values({ memory_id: memoryId, label_id: labelId, created_at: at })
        .onConflict(oc => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async remove(memoryId, labelId) {
      const result = await db.deleteFrom('memory_labels').where('memory_id', '=', memoryId).where('label_id', '=', labelId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async replace(memoryId, labelIds, at) {
      let removal = db.deleteFrom('memory_labels').where('memory_id', '=', memoryId);
      if (labelIds.length > 0) removal = removal.where('label_id', 'not in', labelIds);
      await removal.execute();
      for (const labelId of labelIds) await this.assign(memoryId, labelId, at);
    },

    async moveEdges(sourceId, targetId) {
      const result = await db
        .updateTable('memory_labels')
        .set({ label_id: targetId })
        .where('label_id', '=', sourceId)
        .where(eb =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('memory_labels as t')
                .select('t.memory_id')
                .whereRef('t.memory_id', '=', 'memory_labels.memory_id')
                .where('t.label_id', '=', targetId),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async counts() {
      const live = db.selectFrom('memory_labels').where('memory_labels.memory_id', 'not in', forgottenIds);
      const row = await db
        .selectNoFrom(eb => [
          eb.selectFrom('memories').where('lifecycle_state', '!=', 'forgotten').select(e => e.fn.countAll<number>().as('n')).as('total_memories'),
          live.select(e => e.fn.count<number>('memory_labels.memory_id').distinct().as('n')).as('labeled_memories'),
          live.select(e => e.fn.countAll<number>().as('n')).as('edges'),
        ])
        .executeTakeFirstOrThrow();
      return { total_memories: Number(row.total_memories ?? 0), labeled_memories: Number(row.labeled_memories ?? 0), edges: Number(row.edges ?? 0) };
    },

    liveEdges() {
      return db
        .selectFrom('memory_labels')
        .select(['memory_id', 'label_id'])
        .where('memory_id', 'not in', forgottenIds)
        .orderBy('memory_id')
        .orderBy('label_id')
        .execute();
    },

    listAll() {
      return db.selectFrom('memory_labels').selectAll().orderBy('memory_id').orderBy('label_id').execute();
    },

    async sampleContents(labelIds, perLabel) {
      return chunked(labelIds, part =>
        db
          .selectFrom(eb =>
            eb
              .selectFrom('memory_labels')
              .where('memory_labels.label_id', 'in', part)
              .where('memory_labels.memory_id', 'not in', forgottenIds(eb))
              .select(eb2 => [
                'memory_labels.label_id',
                'memory_labels.memory_id',
                eb2.fn
                  .agg<number>('row_number')
                  .over(over => over.partitionBy('memory_labels.label_id').orderBy('memory_labels.memory_id', 'desc'))
                  .as('rank'),
              ])
              .as('ranked'),
          )
          .innerJoin('memories', 'memories.id', 'ranked.memory_id')
          .select(['ranked.label_id', 'memories.content'])
          .where('ranked.rank', '<=', perLabel)
          .orderBy('ranked.label_id')
          .orderBy('ranked.rank')
          .execute(),
      );
    },
  };
}
