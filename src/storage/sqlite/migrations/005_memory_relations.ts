import { type Kysely, sql } from 'kysely';

/**
 * Memory relations (contract §7), EVOLVES edges included: relation_type "EVOLVES" with the edge's relation and
 * detector in `properties`. The edges of the old `evolves` table move here and that table goes, so history has one
 * source of truth. Create is an upsert on (source, target, relation_type): that triple is unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memory_relations')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('source_memory_id', 'text', c => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('target_memory_id', 'text', c => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('relation_type', 'text', c => c.notNull())
    .addColumn('strength', 'real')
    .addColumn('confidence', 'real')
    .addColumn('bidirectional', 'integer', c => c.notNull())
    .addColumn('status', 'text', c => c.notNull())
    .addColumn('reviewed', 'integer', c => c.notNull())
    .addColumn('source', 'text')
    .addColumn('author_id', 'text')
    .addColumn('agent_id', 'text')
    .addColumn('source_app', 'text')
    .addColumn('reason', 'text')
    .addColumn('properties', 'text', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
  await db.schema
    .createIndex('memory_relations_key')
    .unique()
    .on('memory_relations')
    .columns(['source_memory_id', 'target_memory_id', 'relation_type'])
    .execute();
  await db.schema.createIndex('memory_relations_by_target').on('memory_relations').columns(['target_memory_id', 'relation_type']).execute();

  // The newest edge of a pair and direction wins where the old table held several.
  await sql`
    insert or ignore into memory_relations
      (id, source_memory_id, target_memory_id, relation_type, strength, confidence, bidirectional, status, reviewed,
       source, reason, properties, created_at, updated_at)
    select id, from_memory_id, to_memory_id, 'EVOLVES', 1, confidence, 0, 'active', reviewed,
       case detected_by when 'user' then 'api' else detected_by end, reason,
       json_object('relation', relation, 'detected_by', detected_by), created_at, created_at
    from evolves order by created_at desc, id desc`.execute(db);
  await db.schema.dropTable('evolves').execute();
}
