import { type Kysely, sql } from 'kysely';

/**
 * Full-text search that stays fast while memories arrive, in two changes.
 *
 * Each memory's document carries its space and lifecycle state, so that full-text search in a space reads
 * memory_documents alone. Joining memories for them was ~45 % of a ranking statement at 10k memories (every match
 * looked up, or every memory of the space hashed). The same trigger that writes the document writes them; a move
 * to another space or a change of state (archive, trash, restore) updates them in the same statement as the memory.
 *
 * The documents' GIN indexes (memories', thread messages', threads') keep at most 128 kB of new entries unsorted
 * (PostgreSQL's default is 4 MB). Every search scans that pending list whole, and until autovacuum merged it the last
 * few thousand memories written cost each search's ranking statement 1.9 → 5.0 ms at 10k memories (149 pending
 * pages). The writer that fills it merges it, so a write now and then pays for ~200 documents' entries at once
 * instead of autovacuum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE memory_documents ADD COLUMN space_id text, ADD COLUMN lifecycle_state text`.execute(db);
  await sql`UPDATE memory_documents d SET space_id = m.space_id, lifecycle_state = m.lifecycle_state FROM memories m WHERE m.id = d.memory_id`.execute(db);
  await sql`ALTER TABLE memory_documents ALTER COLUMN space_id SET NOT NULL, ALTER COLUMN lifecycle_state SET NOT NULL`.execute(db);
  for (const index of ['memory_documents_gin', 'thread_message_documents_gin', 'thread_documents_gin']) {
    await sql`ALTER INDEX ${sql.raw(index)} SET (gin_pending_list_limit = 128)`.execute(db);
  }
  await sql`CREATE OR REPLACE FUNCTION cairn_memory_document_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE made tsvector := cairn_memory_document(NEW.title, NEW.content);
    BEGIN
      INSERT INTO memory_documents (memory_id, document, length, space_id, lifecycle_state)
        VALUES (NEW.id, made, cairn_memory_document_length(NEW.title, NEW.content, made), NEW.space_id, NEW.lifecycle_state)
        ON CONFLICT (memory_id) DO UPDATE SET document = excluded.document, length = excluded.length, space_id = excluded.space_id,
          lifecycle_state = excluded.lifecycle_state;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE FUNCTION cairn_memory_document_scope() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE memory_documents SET space_id = NEW.space_id, lifecycle_state = NEW.lifecycle_state WHERE memory_id = NEW.id;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER memories_document_scope AFTER UPDATE OF space_id, lifecycle_state ON memories FOR EACH ROW
    WHEN (OLD.space_id IS DISTINCT FROM NEW.space_id OR OLD.lifecycle_state IS DISTINCT FROM NEW.lifecycle_state)
    EXECUTE FUNCTION cairn_memory_document_scope()`.execute(db);
}
