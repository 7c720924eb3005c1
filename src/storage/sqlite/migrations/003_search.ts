import { type Kysely, sql } from 'kysely';

/**
 * Search index: an FTS5 table (Porter stemming, bm25) and a trigram side index for CJK and substrings, both kept
 * in step with `memories` by triggers; and stored embeddings, one per memory and model.
 * The FTS tables are external-content tables keyed by the memories' rowid: VACUUM may renumber rowids, so whatever
 * vacuums must rebuild them (storage optimize does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, tokenizer] of [
    ['memories_fts', 'porter unicode61 remove_diacritics 2'],
    ['memories_trigram', 'trigram'],
  ] as const) {
    await sql
      .raw(`CREATE VIRTUAL TABLE ${table} USING fts5(title, content, content='memories', content_rowid='rowid', tokenize='${tokenizer}')`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_insert AFTER INSERT ON memories BEGIN
           INSERT INTO ${table}(rowid, title, content) VALUES (new.rowid, new.title, new.content);
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_delete AFTER DELETE ON memories BEGIN
           INSERT INTO ${table}(${table}, rowid, title, content) VALUES ('delete', old.rowid, old.title, old.content);
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_update AFTER UPDATE OF title, content ON memories BEGIN
           INSERT INTO ${table}(${table}, rowid, title, content) VALUES ('delete', old.rowid, old.title, old.content);
           INSERT INTO ${table}(rowid, title, content) VALUES (new.rowid, new.title, new.content);
         END`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${table}(${table}) VALUES ('rebuild')`).execute(db);
  }

  await db.schema
    .createTable('memory_embeddings')
    .addColumn('memory_id', 'text', c => c.primaryKey().references('memories.id').onDelete('cascade'))
    .addColumn('model', 'text', c => c.notNull())
    .addColumn('dimensions', 'integer', c => c.notNull())
    .addColumn('vector', 'blob', c => c.notNull())
    .addColumn('content_version', 'integer', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('memories_needing_reindex').on('memories').columns(['reindex_needed', 'created_at']).execute();
}
