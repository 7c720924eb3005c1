import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { LabelMergeRecord, LabelMergeRepo, LabelRecord } from '../ports.ts';
import type { Database, LabelMergesTable } from './schema.ts';

const toRecord = (row: Selectable<LabelMergesTable>): LabelMergeRecord => ({
  ...row,
  source_label: JSON.parse(row.source_label) as LabelRecord,
});

/** Edges (`other`) recorded by the other merges (`other_merge`) into the same target that are not undone. */
const otherActiveMergeEdges = (eb: ExpressionBuilder<Database, any>, merge: LabelMergeRecord) =>
  eb
    .selectFrom('label_merge_edges as other')
    .innerJoin('label_merges as other_merge', 'other_merge.id', 'other.merge_id')
    .where('other_merge.target_id', '=', merge.target_id)
    .where('other_merge.undone_at', 'is', null)
    .where('other_merge.id', '!=', merge.id);

/** Whether another merge into the same target, not undone, also recorded the memory in the `outer` column. */
function alsoBroughtByAnother(eb: ExpressionBuilder<Database, any>, merge: LabelMergeRecord, outer: string) {
  return eb.exists(otherActiveMergeEdges(eb, merge).select('other.memory_id').whereRef('other.memory_id', '=', outer as any));
}

export function labelMergeRepo(db: Kysely<Database>): LabelMergeRepo {
  /** Memory ids whose edge to the target this merge added. */
  const addedBy = (merge: LabelMergeRecord) =>
    db.selectFrom('label_merge_edges').select('memory_id').where('merge_id', '=', merge.id).where('already_present', '=', 0);

  return {
    async insert(merge) {
      await db
        .insertInto('label_merges')
        .values({ ...merge, source_label: JSON.stringify(merge.source_label) })
        .execute();
    },

    async getById(id) {
      const row = await db.selectFrom('label_merges').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async recordEdges(mergeId, sourceId, targetId) {
      const result = await db
        .insertInto('label_merge_edges')
        .columns(['merge_id', 'memory_id', 'created_at', 'already_present'])
        .expression(eb =>
          eb
            .selectFrom('memory_labels as s')
            .select(inner => [
              inner.val(mergeId).as('merge_id'),
              's.memory_id',
              's.created_at',
              inner
                .case()
                .when(
                  inner.exists(
                    inner
                      .selectFrom('memory_labels as t')
                      .select('t.memory_id')
                      .whereRef('t.memory_id', '=', 's.memory_id')
                      .where('t.label_id', '=', targetId),
                  ),
                )
                .then(1)
                .else(0)
                .end()
                .as('already_present'),
            ])
            .where('s.label_id', '=', sourceId),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async findActiveFrom(labelId) {
      const row = await db
        .selectFrom('label_merges')
        .selectAll()
        .where('source_id', '=', labelId)
        .where('undone_at', 'is', null)
        .orderBy('merged_at')
        .orderBy('id')
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async restoreEdges(merge) {
      const result = await db
        .insertInto('memory_labels')
        .columns(['memory_id', 'label_id', 'created_at'])
        .expression(eb =>
          eb
            .selectFrom('label_merge_edges')
            .select(inner => ['memory_id', inner.val(merge.source_id).as('label_id'), 'created_at'])
            .where('merge_id', '=', merge.id),
        )
        .onConflict(oc => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async removeAddedEdges(merge) {
      const result = await db
        .deleteFrom('memory_labels')
        .where('label_id', '=', merge.target_id)
        .where('memory_id', 'in', addedBy(merge).where(eb => eb.not(alsoBroughtByAnother(eb, merge, 'label_merge_edges.memory_id'))))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async handOverAddedEdges(merge) {
      const result = await db
        .updateTable('label_merge_edges')
        .set({ already_present: 0 })
        .where('already_present', '=', 1)
        .where('memory_id', 'in', addedBy(merge))
        .where('merge_id', '=', eb =>
          otherActiveMergeEdges(eb, merge)
            .select('other_merge.id')
            .whereRef('other.memory_id', '=', 'label_merge_edges.memory_id')
            .where('other.already_present', '=', 1)
            .orderBy('other_merge.merged_at')
            .orderBy('other_merge.id')
            .limit(1),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async markUndone(id, at) {
      const result = await db
        .updateTable('label_merges')
        .set({ undone_at: at })
        .where('id', '=', id)
        .where('undone_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
