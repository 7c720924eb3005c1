import type { Kysely } from 'kysely';

/**
 * Agent profiles (identity cards): the profile is kept whole as JSON, as it was imported, so a card round-trips
 * with every field it carried; the context bundle matches profiles in memory (there are few), so no column inside
 * the profile needs an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_profiles')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('profile', 'text', c => c.notNull())
    .addColumn('service_identity_card', 'integer', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();
}
