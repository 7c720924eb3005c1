import { type Kysely, sql } from 'kysely';

/**
 * Search by what people mean: the full-text index's vocabulary as a table (word forms and typos are matched against
 * it), and expression indexes on the metadata that places a conversation turn (`dia_id`, `session_id`), so deep
 * search finds a turn's neighbours by position without scanning the space.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE VIRTUAL TABLE memories_fts_vocab USING fts5vocab(memories_fts, 'row')`).execute(db);
  await sql.raw(`CREATE INDEX memories_dia_id ON memories(json_extract(metadata, '$.dia_id')) WHERE json_extract(metadata, '$.dia_id') IS NOT NULL`).execute(db);
  await sql.raw(`CREATE INDEX memories_session_id ON memories(json_extract(metadata, '$.session_id')) WHERE json_extract(metadata, '$.session_id') IS NOT NULL`).execute(db);
}
