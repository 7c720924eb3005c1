import { type Kysely, sql } from 'kysely';

/**
 * Which MENTIONS and RELATES_TO rows a person applied (POST /memories/{id}/extract-kg/apply) rather than an automatic
 * extraction wrote: an automatic rewrite of a memory's graph replaces only its own rows (PostgreSQL 003 is the same).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mentions').addColumn('applied', 'integer', c => c.notNull().defaultTo(sql`0`)).execute();
  await db.schema.alterTable('entity_relations').addColumn('applied', 'integer', c => c.notNull().defaultTo(sql`0`)).execute();
}
