import { type Kysely, sql } from 'kysely';

/**
 * Characters of scripts written without spaces between words (kana, CJK ideographs, Hangul): the ones search looks up
 * through trigram substrings (domain/text.ts `hasCjk`, the same ranges). A GLOB class, in UTF-8.
 */
const CJK_CLASS = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]';

/**
 * True when the text holds CJK: only such rows go into a trigram index. The cheap length test first (ASCII text skips
 * the pattern); an ellipsis, an accent or an emoji is no reason for trigrams, which double the cost of a write.
 */
export const HAS_CJK = (text: string) => `(length(${text}) != length(cast(${text} as blob)) and (${text}) glob '*${CJK_CLASS}*')`;
const MEMORY_CJK = (row: string) => HAS_CJK(`${row}.title || ${row}.content`);
const MESSAGE_CJK = (row: string) => HAS_CJK(`${row}.content`);

/**
 * Two changes of the write path (issue 16).
 * 1. The trigram indexes of memories and thread messages hold only text with CJK, not any non-ASCII text (a derived
 *    title's ellipsis sent nearly every memory there). Triggers are replaced and both indexes rebuilt to match.
 * 2. The extraction queue becomes the background queue of every memory write: a row waits for the memory's entities and
 *    graph (`graph_done`), then its EVOLVES detection when it was created (`evolves`). Workers claim rows with a lease
 *    (`claimed_by`, `lease_until`); a lease that ran out is claimed again, so a crashed worker's rows are not lost.
 *    A created memory given no labels may also wait for its suggested labels (`auto_label`, CAIRN_AUTO_LABEL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['memories_trigram_insert', 'memories_trigram_delete', 'memories_trigram_update']) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql.raw(`INSERT INTO memories_trigram(memories_trigram) VALUES ('delete-all')`).execute(db);
  await sql.raw(`INSERT INTO memories_trigram(rowid, title, content) SELECT rowid, title, content FROM memories WHERE ${MEMORY_CJK('memories')}`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_trigram_insert AFTER INSERT ON memories WHEN ${MEMORY_CJK('new')} BEGIN
      INSERT INTO memories_trigram(rowid, title, content) VALUES (new.rowid, new.title, new.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_trigram_delete AFTER DELETE ON memories WHEN ${MEMORY_CJK('old')} BEGIN
      INSERT INTO memories_trigram(memories_trigram, rowid, title, content) VALUES ('delete', old.rowid, old.title, old.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_trigram_update AFTER UPDATE OF title, content ON memories BEGIN
      INSERT INTO memories_trigram(memories_trigram, rowid, title, content) SELECT 'delete', old.rowid, old.title, old.content WHERE ${MEMORY_CJK('old')};
      INSERT INTO memories_trigram(rowid, title, content) SELECT new.rowid, new.title, new.content WHERE ${MEMORY_CJK('new')};
    END`).execute(db);

  for (const name of ['thread_messages_trigram_insert', 'thread_messages_trigram_delete', 'thread_messages_trigram_update']) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql.raw(`INSERT INTO thread_messages_trigram(thread_messages_trigram) VALUES ('delete-all')`).execute(db);
  await sql.raw(`INSERT INTO thread_messages_trigram(rowid, content) SELECT seq, content FROM thread_messages WHERE ${MESSAGE_CJK('thread_messages')}`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_trigram_insert AFTER INSERT ON thread_messages WHEN ${MESSAGE_CJK('new')} BEGIN
      INSERT INTO thread_messages_trigram(rowid, content) VALUES (new.seq, new.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_trigram_delete AFTER DELETE ON thread_messages WHEN ${MESSAGE_CJK('old')} BEGIN
      INSERT INTO thread_messages_trigram(thread_messages_trigram, rowid, content) VALUES ('delete', old.seq, old.content);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER thread_messages_trigram_update AFTER UPDATE OF content ON thread_messages BEGIN
      INSERT INTO thread_messages_trigram(thread_messages_trigram, rowid, content) SELECT 'delete', old.seq, old.content WHERE ${MESSAGE_CJK('old')};
      INSERT INTO thread_messages_trigram(rowid, content) SELECT new.seq, new.content WHERE ${MESSAGE_CJK('new')};
    END`).execute(db);

  await db.schema.alterTable('extraction_queue').addColumn('graph_done', 'integer', c => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('extraction_queue').addColumn('evolves', 'integer', c => c.notNull().defaultTo(0)).execute();
  // A created memory given no labels, with CAIRN_AUTO_LABEL on: the existing labels it resembles are assigned too.
  await db.schema.alterTable('extraction_queue').addColumn('auto_label', 'integer', c => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('extraction_queue').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('extraction_queue').addColumn('lease_until', 'text').execute();
}
