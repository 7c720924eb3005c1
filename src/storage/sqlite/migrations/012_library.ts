import type { Kysely } from 'kysely';

/**
 * Communities (topic clusters of entities, with integer ids kept stable across recomputations) and their members,
 * and crystals: memories synthesised from other memories. A crystal's sources are kept with the version each had
 * when it was made, so staleness (a source changed, forgotten or gone) is read, never written on other paths.
 * A source row has no foreign key to its memory on purpose: a deleted source must still show as missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('communities')
    .addColumn('id', 'integer', c => c.primaryKey())
    .addColumn('name', 'text', c => c.notNull())
    .addColumn('summary', 'text', c => c.notNull())
    .addColumn('summary_source', 'text', c => c.notNull())
    .addColumn('entity_count', 'integer', c => c.notNull())
    .addColumn('memory_count', 'integer', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('communities_by_size').on('communities').columns(['entity_count', 'id']).execute();

  await db.schema
    .createTable('community_members')
    .addColumn('entity_id', 'text', c => c.primaryKey().references('entities.id').onDelete('cascade'))
    .addColumn('community_id', 'integer', c => c.notNull().references('communities.id').onDelete('cascade'))
    .addColumn('rank', 'integer', c => c.notNull())
    .addColumn('weight', 'real', c => c.notNull())
    .execute();
  await db.schema.createIndex('community_members_by_rank').on('community_members').columns(['community_id', 'rank']).execute();

  await db.schema
    .createTable('crystals')
    .addColumn('id', 'text', c => c.primaryKey().references('memories.id').onDelete('cascade'))
    .addColumn('synthesis', 'text', c => c.notNull())
    .addColumn('community_id', 'integer')
    .addColumn('created_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('crystals_by_community').on('crystals').columns(['community_id', 'created_at']).execute();

  await db.schema
    .createTable('crystal_sources')
    .addColumn('crystal_id', 'text', c => c.notNull().references('crystals.id').onDelete('cascade'))
    .addColumn('memory_id', 'text', c => c.notNull())
    .addColumn('contribution_weight', 'real', c => c.notNull())
    .addColumn('position', 'integer', c => c.notNull())
    .addColumn('source_version', 'integer', c => c.notNull())
    .addPrimaryKeyConstraint('crystal_sources_pk', ['crystal_id', 'memory_id'])
    .execute();
  await db.schema.createIndex('crystal_sources_by_memory').on('crystal_sources').column('memory_id').execute();
}
