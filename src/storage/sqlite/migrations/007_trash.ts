import type { Kysely } from 'kysely';

/**
 * The trash: one row per deleted memory (keyed by its id; a later deletion of the same id replaces the row), with
 * what lists show and a JSON snapshot of the memory and every row its delete removed, so a restore puts them back.
 * Rows go when restored, emptied, or once `expires_at` has passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trash')
    .addColumn('memory_id', 'text', c => c.primaryKey())
    .addColumn('space_id', 'text', c => c.notNull())
    .addColumn('title', 'text', c => c.notNull())
    .addColumn('content_preview', 'text', c => c.notNull())
    .addColumn('deleted_at', 'text', c => c.notNull())
    .addColumn('expires_at', 'text', c => c.notNull())
    .addColumn('snapshot', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('trash_by_time').on('trash').columns(['deleted_at', 'memory_id']).execute();
  await db.schema.createIndex('trash_by_space_time').on('trash').columns(['space_id', 'deleted_at', 'memory_id']).execute();
  await db.schema.createIndex('trash_by_expiry').on('trash').column('expires_at').execute();
}
