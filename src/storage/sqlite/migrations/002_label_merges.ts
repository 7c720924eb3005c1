import type { Kysely } from 'kysely';

/**
 * Recorded label merges, so each can be undone: the source label's row as it was, and every HAS_LABEL edge it
 * had (with its own time), marking the memories that already carried the target. Also the indexes label care reads
 * through: the forgotten memories by state, and a label's memories without touching the edge rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('memories_by_state').on('memories').columns(['lifecycle_state', 'id']).execute();
  await db.schema.dropIndex('memory_labels_by_label').execute();
  await db.schema.createIndex('memory_labels_by_label').on('memory_labels').columns(['label_id', 'memory_id']).execute();

  await db.schema
    .createTable('label_merges')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('source_id', 'text', c => c.notNull())
    .addColumn('target_id', 'text', c => c.notNull())
    .addColumn('source_label', 'text', c => c.notNull())
    .addColumn('merged_at', 'text', c => c.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('label_merges_by_source').on('label_merges').column('source_id').execute();
  await db.schema.createIndex('label_merges_by_target').on('label_merges').column('target_id').execute();

  await db.schema
    .createTable('label_merge_edges')
    .addColumn('merge_id', 'text', c => c.notNull().references('label_merges.id').onDelete('cascade'))
    .addColumn('memory_id', 'text', c => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('already_present', 'integer', c => c.notNull())
    .addPrimaryKeyConstraint('label_merge_edges_pk', ['merge_id', 'memory_id'])
    .execute();
  await db.schema.createIndex('label_merge_edges_by_memory').on('label_merge_edges').column('memory_id').execute();
}
