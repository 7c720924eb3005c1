import { type Kysely, sql } from 'kysely';

/** True when the message has a character outside ASCII: only such messages go into the trigram index. */
export const MESSAGE_NON_ASCII = (row: string) => `(length(${row}.content) != length(cast(${row}.content as blob)))`;

/**
 * Threads and their messages, the idempotency keys of appends, thread settings (the import configuration), and the
 * dated working memory of each space. Message full text: an FTS5 word index (Porter, bm25) and a trigram index for
 * non-ASCII text, and an FTS5 index of thread titles and summaries; all kept in step by triggers. They are
 * external-content tables keyed by an INTEGER PRIMARY KEY (`seq`), which VACUUM keeps, so they survive a vacuum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('threads')
    .addColumn('seq', 'integer', c => c.primaryKey())
    .addColumn('id', 'text', c => c.notNull().unique())
    .addColumn('thread_id', 'text', c => c.notNull())
    .addColumn('space_id', 'text', c => c.notNull())
    .addColumn('title', 'text', c => c.notNull())
    .addColumn('summary', 'text', c => c.notNull())
    .addColumn('source', 'text', c => c.notNull())
    .addColumn('participants', 'text', c => c.notNull())
    .addColumn('project', 'text')
    .addColumn('workspace', 'text')
    .addColumn('tool_version', 'text')
    .addColumn('import_date', 'text')
    .addColumn('metadata', 'text', c => c.notNull())
    .addColumn('message_count', 'integer', c => c.notNull())
    .addColumn('is_favorite', 'integer', c => c.notNull())
    .addColumn('favorited_at', 'text')
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .addColumn('last_message_at', 'text')
    .execute();
  await db.schema.createIndex('threads_by_space_thread_id').unique().on('threads').columns(['space_id', 'thread_id']).execute();
  await db.schema.createIndex('threads_by_space_activity').on('threads').columns(['space_id', 'updated_at']).execute();
  await db.schema.createIndex('threads_favorites').on('threads').column('favorited_at').where(sql<boolean>`is_favorite = 1`).execute();

  await db.schema
    .createTable('thread_messages')
    .addColumn('seq', 'integer', c => c.primaryKey())
    .addColumn('id', 'text', c => c.notNull().unique())
    .addColumn('thread_pk', 'text', c => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('position', 'integer', c => c.notNull())
    .addColumn('role', 'text', c => c.notNull())
    .addColumn('content', 'text', c => c.notNull())
    .addColumn('timestamp', 'text')
    .addColumn('metadata', 'text', c => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('content_hash', 'text', c => c.notNull())
    .addColumn('token_count', 'integer', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .execute();
  await db.schema.createIndex('thread_messages_by_position').unique().on('thread_messages').columns(['thread_pk', 'position']).execute();
  await db.schema.createIndex('thread_messages_by_hash').on('thread_messages').columns(['thread_pk', 'content_hash']).execute();

  await db.schema
    .createTable('thread_append_keys')
    .addColumn('thread_pk', 'text', c => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('key', 'text', c => c.notNull())
    .addColumn('ack', 'text', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addPrimaryKeyConstraint('thread_append_keys_pk', ['thread_pk', 'key'])
    .execute();

  await db.schema
    .createTable('thread_settings')
    .addColumn('key', 'text', c => c.primaryKey())
    .addColumn('value', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .execute();

  await db.schema
    .createTable('working_memory')
    .addColumn('space_id', 'text', c => c.notNull())
    .addColumn('date', 'text', c => c.notNull())
    .addColumn('content', 'text', c => c.notNull())
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('updated_at', 'text', c => c.notNull())
    .addPrimaryKeyConstraint('working_memory_pk', ['space_id', 'date'])
    .execute();

  await sql.raw(`CREATE VIRTUAL TABLE thread_messages_fts USING fts5(content, content='thread_messages', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2')`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_fts_insert AFTER INSERT ON thread_messages BEGIN
      INSERT INTO thread_messages_fts(rowid, content) VALUES (new.seq, new.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_fts_delete AFTER DELETE ON thread_messages BEGIN
      INSERT INTO thread_messages_fts(thread_messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_fts_update AFTER UPDATE OF content ON thread_messages BEGIN
      INSERT INTO thread_messages_fts(thread_messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
      INSERT INTO thread_messages_fts(rowid, content) VALUES (new.seq, new.content);
    END`).execute(db);

  // Trigrams only for non-ASCII messages (CJK has no spaces to split words on); ASCII is served by the word index.
  await sql.raw(`CREATE VIRTUAL TABLE thread_messages_trigram USING fts5(content, content='thread_messages', content_rowid='seq', tokenize='trigram')`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_trigram_insert AFTER INSERT ON thread_messages WHEN ${MESSAGE_NON_ASCII('new')} BEGIN
      INSERT INTO thread_messages_trigram(rowid, content) VALUES (new.seq, new.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_trigram_delete AFTER DELETE ON thread_messages WHEN ${MESSAGE_NON_ASCII('old')} BEGIN
      INSERT INTO thread_messages_trigram(thread_messages_trigram, rowid, content) VALUES ('delete', old.seq, old.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_trigram_update AFTER UPDATE OF content ON thread_messages BEGIN
      INSERT INTO thread_messages_trigram(thread_messages_trigram, rowid, content) SELECT 'delete', old.seq, old.content WHERE ${MESSAGE_NON_ASCII('old')};
      INSERT INTO thread_messages_trigram(rowid, content) SELECT new.seq, new.content WHERE ${MESSAGE_NON_ASCII('new')};
    END`).execute(db);

  await sql.raw(`CREATE VIRTUAL TABLE threads_fts USING fts5(title, summary, content='threads', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2')`).execute(db);
  await sql.raw(`CREATE TRIGGER threads_fts_insert AFTER INSERT ON threads BEGIN
      INSERT INTO threads_fts(rowid, title, summary) VALUES (new.seq, new.title, new.summary);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER threads_fts_delete AFTER DELETE ON threads BEGIN
      INSERT INTO threads_fts(threads_fts, rowid, title, summary) VALUES ('delete', old.seq, old.title, old.summary);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER threads_fts_update AFTER UPDATE OF title, summary ON threads BEGIN
      INSERT INTO threads_fts(threads_fts, rowid, title, summary) VALUES ('delete', old.seq, old.title, old.summary);
      INSERT INTO threads_fts(rowid, title, summary) VALUES (new.seq, new.title, new.summary);
    END`).execute(db);

  // Provenance lookups: the memories whose source is a thread.
  await db.schema.createIndex('memories_by_source_thread').on('memories').columns(['source_thread_id', 'space_id']).where(sql<boolean>`source_thread_id is not null`).execute();
}
