import { type Kysely, sql } from 'kysely';

/**
 * The knowledge graph: entities with their lookup keys (the name's and each alias's match key) and a count of their
 * MENTIONS edges kept by triggers, MENTIONS edges
 * memory → entity, RELATES_TO edges entity → entity, and the queue of memories waiting for a language model to
 * extract their entities. Deleting a memory deletes its mentions, the relations it evidenced and its queue row;
 * deleting an entity deletes its keys, mentions and relations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entities')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('name', 'text', c => c.notNull())
    .addColumn('canonical_name', 'text', c => c.notNull())
    .addColumn('entity_type', 'text', c => c.notNull())
    .addColumn('description', 'text', c => c.notNull())
    .addColumn('aliases', 'text', c => c.notNull())
    .addColumn('confidence', 'real', c => c.notNull())
    .addColumn('caller_owned', 'integer', c => c.notNull())
    // MENTIONS edges of any memory, kept by the triggers below: counting them per read grew with every mention.
    .addColumn('mention_total', 'integer', c => c.notNull().defaultTo(0))
    .addColumn('metadata', 'text', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('entities_by_name').on('entities').columns(['name', 'entity_type']).execute();
  await db.schema.createIndex('entities_by_canonical').on('entities').column('canonical_name').execute();
  await db.schema.createIndex('entities_by_type').on('entities').columns(['entity_type', 'created_at']).execute();
  await db.schema.createIndex('entities_by_time').on('entities').column('created_at').execute();

  await db.schema
    .createTable('entity_keys')
    .addColumn('key', 'text', c => c.notNull())
    .addColumn('entity_id', 'text', c => c.notNull().references('entities.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('entity_keys_pk', ['key', 'entity_id'])
    .execute();
  await db.schema.createIndex('entity_keys_by_entity').on('entity_keys').column('entity_id').execute();

  await db.schema
    .createTable('mentions')
    .addColumn('memory_id', 'text', c => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', c => c.notNull().references('entities.id').onDelete('cascade'))
    .addColumn('occurrences', 'integer', c => c.notNull())
    .addColumn('confidence', 'real', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addPrimaryKeyConstraint('mentions_pk', ['memory_id', 'entity_id'])
    .execute();
  await db.schema.createIndex('mentions_by_entity').on('mentions').columns(['entity_id', 'memory_id']).execute();
  // Deletes by cascade (a memory or an entity deleted) fire these too.
  await sql.raw(`CREATE TRIGGER mentions_count_insert AFTER INSERT ON mentions BEGIN
      UPDATE entities SET mention_total = mention_total + 1 WHERE id = new.entity_id;
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER mentions_count_delete AFTER DELETE ON mentions BEGIN
      UPDATE entities SET mention_total = mention_total - 1 WHERE id = old.entity_id;
    END`).execute(db);

  await db.schema
    .createTable('entity_relations')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('source_entity_id', 'text', c => c.notNull().references('entities.id').onDelete('cascade'))
    .addColumn('target_entity_id', 'text', c => c.notNull().references('entities.id').onDelete('cascade'))
    .addColumn('relation_type', 'text', c => c.notNull())
    .addColumn('weight', 'real', c => c.notNull())
    .addColumn('confidence', 'real', c => c.notNull())
    .addColumn('description', 'text', c => c.notNull())
    // The memory whose text evidences the relation; null when it came from nowhere in particular.
    .addColumn('memory_id', 'text', c => c.references('memories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('entity_relations_by_source').on('entity_relations').columns(['source_entity_id', 'target_entity_id']).execute();
  await db.schema.createIndex('entity_relations_by_target').on('entity_relations').column('target_entity_id').execute();
  await db.schema.createIndex('entity_relations_by_memory').on('entity_relations').column('memory_id').execute();

  await db.schema
    .createTable('extraction_queue')
    .addColumn('memory_id', 'text', c => c.primaryKey().references('memories.id').onDelete('cascade'))
    // The memory's content version when queued: a newer version replaces the row.
    .addColumn('content_version', 'integer', c => c.notNull())
    .addColumn('level', 'text', c => c.notNull())
    .addColumn('attempts', 'integer', c => c.notNull().defaultTo(sql`0`))
    .addColumn('last_error', 'text')
    .addColumn('queued_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('extraction_queue_by_time').on('extraction_queue').column('queued_at').execute();
}
