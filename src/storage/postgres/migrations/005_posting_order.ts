import { type Kysely, sql } from 'kysely';

/**
 * Memories of a space in posting order (created_at, then id): deep search reads the few memories posted around a
 * candidate to tell whether it is a turn of a conversation (domain/conversationInference.ts). SQLite 025 is the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX memories_posting_order ON memories (space_id, created_at, id)`.execute(db);
}
