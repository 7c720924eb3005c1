import { type Kysely, sql } from 'kysely';

/**
 * Which MENTIONS and RELATES_TO rows a person applied (POST /memories/{id}/extract-kg/apply) rather than an automatic
 * extraction wrote: an automatic rewrite of a memory's graph replaces only its own rows (SQLite 023 is the same).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mentions ADD COLUMN applied integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE entity_relations ADD COLUMN applied integer NOT NULL DEFAULT 0`.execute(db);
}
