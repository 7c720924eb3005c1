import { type Kysely, sql } from 'kysely';

/** Memories, labels and their edges, EVOLVES history, API keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memories')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('space_id', 'text', c => c.notNull())
    .addColumn('title', 'text', c => c.notNull())
    .addColumn('content', 'text', c => c.notNull())
    .addColumn('source', 'text', c => c.notNull())
    .addColumn('importance', 'real', c => c.notNull())
    .addColumn('confidence', 'real', c => c.notNull())
    .addColumn('unit_type', 'text', c => c.notNull())
    .addColumn('lifecycle_state', 'text', c => c.notNull())
    .addColumn('is_latest', 'integer', c => c.notNull())
    .addColumn('is_crystal', 'integer', c => c.notNull())
    .addColumn('is_favorite', 'integer', c => c.notNull())
    .addColumn('favorited_at', 'text')
    .addColumn('reindex_needed', 'integer', c => c.notNull())
    .addColumn('metadata', 'text', c => c.notNull())
    .addColumn('event_start', 'text')
    .addColumn('event_end', 'text')
    .addColumn('temporal_context', 'text')
    .addColumn('source_thread_id', 'text')
    .addColumn('source_message_id', 'text')
    .addColumn('state_reason', 'text')
    .addColumn('state_changed_at', 'text')
    .addColumn('version', 'integer', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('memories_by_space_state_time').on('memories').columns(['space_id', 'lifecycle_state', 'created_at']).execute();
  // Partial: only favorites are indexed, so ordinary writes do not pay for it.
  await db.schema.createIndex('memories_favorites').on('memories').column('favorited_at').where(sql<boolean>`is_favorite = 1`).execute();

  await db.schema
    .createTable('labels')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('name', 'text', c => c.notNull().unique())
    .addColumn('canonical_name', 'text', c => c.notNull())
    .addColumn('color', 'text', c => c.notNull())
    .addColumn('description', 'text', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('labels_by_canonical').on('labels').column('canonical_name').execute();

  await db.schema
    .createTable('memory_labels')
    .addColumn('memory_id', 'text', c => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('label_id', 'text', c => c.notNull().references('labels.id').onDelete('cascade'))
    .addColumn('created_at', 'text', c => c.notNull())
    .addPrimaryKeyConstraint('memory_labels_pk', ['memory_id', 'label_id'])
    .execute();
  await db.schema.createIndex('memory_labels_by_label').on('memory_labels').column('label_id').execute();

  await db.schema
    .createTable('evolves')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('from_memory_id', 'text', c => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('to_memory_id', 'text', c => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('relation', 'text', c => c.notNull())
    .addColumn('confidence', 'real', c => c.notNull())
    .addColumn('detected_by', 'text', c => c.notNull())
    .addColumn('reason', 'text', c => c.notNull())
    .addColumn('reviewed', 'integer', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('evolves_from').on('evolves').column('from_memory_id').execute();
  await db.schema.createIndex('evolves_to').on('evolves').column('to_memory_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('key_hash', 'text', c => c.notNull().unique())
    .addColumn('created_at', 'text', c => c.notNull())
    .execute();
}
