import { type Kysely, sql } from 'kysely';

/**
 * Search index: an FTS5 table (Porter stemming, bm25) and a trigram side index for non-ASCII text (CJK), both kept
 * in step with `memories` by triggers; and stored embeddings, one per memory and model.
 * The FTS tables are external-content tables keyed by the memories' rowid: VACUUM may renumber rowids, so whatever
 * vacuums must rebuild them (storage optimize does).
 */
/** True when the text has a character outside ASCII: only such memories go into the trigram index. */
export const NON_ASCII = (row: string) =>
  `(length(${row}.title || ${row}.content) != length(cast(${row}.title || ${row}.content as blob)))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Porter-stemmed words for every memory.
  await sql.raw(`CREATE VIRTUAL TABLE memories_fts USING fts5(title, content, content='memories', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2')`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
      INSERT INTO memories_fts(rowid, title, content) VALUES (new.rowid, new.title, new.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
      INSERT INTO memories_fts(memories_fts, rowid, title, content) VALUES ('delete', old.rowid, old.title, old.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_fts_update AFTER UPDATE OF title, content ON memories BEGIN
      INSERT INTO memories_fts(memories_fts, rowid, title, content) VALUES ('delete', old.rowid, old.title, old.content);
      INSERT INTO memories_fts(rowid, title, content) VALUES (new.rowid, new.title, new.content);
    END`).execute(db);

  // Trigrams only for text with non-ASCII characters (CJK has no spaces to split words on): the trigram index
  // doubles the cost of a write, and ASCII text is served by the word index.
  await sql.raw(`CREATE VIRTUAL TABLE memories_trigram USING fts5(title, content, content='memories', content_rowid='rowid', tokenize='trigram')`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_trigram_insert AFTER INSERT ON memories WHEN ${NON_ASCII('new')} BEGIN
      INSERT INTO memories_trigram(rowid, title, content) VALUES (new.rowid, new.title, new.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_trigram_delete AFTER DELETE ON memories WHEN ${NON_ASCII('old')} BEGIN
      INSERT INTO memories_trigram(memories_trigram, rowid, title, content) VALUES ('delete', old.rowid, old.title, old.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_trigram_update AFTER UPDATE OF title, content ON memories BEGIN
      INSERT INTO memories_trigram(memories_trigram, rowid, title, content) SELECT 'delete', old.rowid, old.title, old.content WHERE ${NON_ASCII('old')};
      INSERT INTO memories_trigram(rowid, title, content) SELECT new.rowid, new.title, new.content WHERE ${NON_ASCII('new')};
    END`).execute(db);

  await db.schema
    .createTable('memory_embeddings')
    .addColumn('memory_id', 'text', c => c.primaryKey().references('memories.id').onDelete('cascade'))
    .addColumn('model', 'text', c => c.notNull())
    .addColumn('dimensions', 'integer', c => c.notNull())
    .addColumn('vector', 'blob', c => c.notNull())
    .addColumn('content_version', 'integer', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .execute();
  // Partial: only memories waiting for an embedding are indexed.
  await db.schema.createIndex('memories_needing_reindex').on('memories').column('created_at').where(sql<boolean>`reindex_needed = 1`).execute();
}
