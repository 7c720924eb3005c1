import { type Kysely, sql } from 'kysely';

/**
 * Sources: documents whose readable text is cut into chunks stored as memories (source_chunks says which, in order),
 * their original bytes (source_files, apart so lists never read them) and their labels. PostgreSQL 006 is the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE sources (
    id text PRIMARY KEY, space_id text NOT NULL, source_type text NOT NULL, original_name text NOT NULL, mime_type text,
    file_path text, source_url text, sha256 text NOT NULL, size_bytes integer NOT NULL, version integer NOT NULL,
    lifecycle_state text NOT NULL, chunk_count integer NOT NULL, content text NOT NULL, summary text, error_message text,
    metadata text NOT NULL DEFAULT '{}', created_at text NOT NULL, updated_at text NOT NULL, deleted_at text
  )`.execute(db);
  await sql`CREATE INDEX sources_by_space ON sources (space_id, created_at)`.execute(db);
  await sql`CREATE INDEX sources_by_sha ON sources (space_id, sha256)`.execute(db);
  await sql`CREATE TABLE source_files (source_id text PRIMARY KEY, bytes blob NOT NULL)`.execute(db);
  await sql`CREATE TABLE source_chunks (
    source_id text NOT NULL, memory_id text NOT NULL, chunk_index integer NOT NULL, PRIMARY KEY (source_id, chunk_index)
  )`.execute(db);
  await sql`CREATE INDEX source_chunks_by_memory ON source_chunks (memory_id)`.execute(db);
  await sql`CREATE TABLE source_labels (
    source_id text NOT NULL, label_id text NOT NULL, created_at text NOT NULL, PRIMARY KEY (source_id, label_id)
  )`.execute(db);
}
