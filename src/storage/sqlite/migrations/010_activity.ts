import type { Kysely } from 'kysely';

/**
 * The activity feed reads memories (crystals apart) newest first within a time window, and counts them
 * (storage/shared/activity.ts): this index makes both a range scan of the index instead of a sort of every memory;
 * state and space ride along so the count need not read the rows. EVOLVES edges (and any relation type) are read
 * newest first the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('memories_by_time').on('memories').columns(['is_crystal', 'created_at', 'id', 'lifecycle_state', 'space_id']).execute();
  await db.schema.createIndex('memory_relations_by_type_time').on('memory_relations').columns(['relation_type', 'created_at', 'id']).execute();
}
