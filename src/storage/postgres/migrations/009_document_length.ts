import { type Kysely, sql } from 'kysely';

/**
 * Each document's full-text length, for bm25 on PostgreSQL (storage/postgres/bm25.ts), counted as SQLite's FTS5
 * counts it. A thread message's or a thread's: the words of its document (a thread's title and summary). A memory's: the words of the title and of the content, a title that is the content's own first line included
 * (migration 001 leaves such a title out of the document, and FTS5's bm25 gives it no weight, but counts it). Words
 * are the tsvector's positions, so stop words, which no term count includes either, are left out.
 * Kept by the documents' triggers in the same statement as the document; filled here for the rows there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION cairn_document_length(document tsvector) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::integer FROM unnest(document)
  $$`.execute(db);
  await sql`CREATE FUNCTION cairn_memory_document_length(title text, content text, document tsvector) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT cairn_document_length(document)
      + CASE WHEN position(rtrim(title, '…') IN content) = 1 THEN cairn_document_length(to_tsvector('english', title)) ELSE 0 END
  $$`.execute(db);
  await sql`ALTER TABLE memory_documents ADD COLUMN length integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION cairn_memory_document_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE made tsvector := cairn_memory_document(NEW.title, NEW.content);
    BEGIN
      INSERT INTO memory_documents (memory_id, document, length) VALUES (NEW.id, made, cairn_memory_document_length(NEW.title, NEW.content, made))
        ON CONFLICT (memory_id) DO UPDATE SET document = excluded.document, length = excluded.length;
      RETURN NEW;
    END $$`.execute(db);
  await sql`UPDATE memory_documents d SET length = cairn_memory_document_length(m.title, m.content, d.document) FROM memories m WHERE m.id = d.memory_id`.execute(db);

  await sql`ALTER TABLE thread_message_documents ADD COLUMN length integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION cairn_thread_message_document_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE made tsvector := to_tsvector('english', NEW.content);
    BEGIN
      INSERT INTO thread_message_documents (message_seq, document, length) VALUES (NEW.seq, made, cairn_document_length(made))
        ON CONFLICT (message_seq) DO UPDATE SET document = excluded.document, length = excluded.length;
      RETURN NEW;
    END $$`.execute(db);
  await sql`UPDATE thread_message_documents SET length = cairn_document_length(document)`.execute(db);
  await sql`ALTER TABLE thread_documents ADD COLUMN length integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION cairn_thread_document_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE made tsvector := setweight(to_tsvector('english', NEW.title), 'A') || setweight(to_tsvector('english', NEW.summary), 'B');
    BEGIN
      INSERT INTO thread_documents (thread_seq, document, length) VALUES (NEW.seq, made, cairn_document_length(made))
        ON CONFLICT (thread_seq) DO UPDATE SET document = excluded.document, length = excluded.length;
      RETURN NEW;
    END $$`.execute(db);
  await sql`UPDATE thread_documents SET length = cairn_document_length(document)`.execute(db);
}
