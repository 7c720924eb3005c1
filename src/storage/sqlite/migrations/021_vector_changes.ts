import { type Kysely, sql } from 'kysely';

/**
 * A log of the memories whose vector changed, so the in-process vector index (sqlite/vectors.ts) follows the database
 * by itself: triggers add a row when an embedding is written, replaced or deleted (a memory's deletion cascades to
 * its embedding, which fires the trigger too) and when a memory with a vector moves to another space. Before each
 * search the index re-reads the memories logged since it last looked. The log is written in the writer's own
 * transaction, so a rolled-back write leaves nothing in it; applied rows are pruned by the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE TABLE vector_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, memory_id TEXT NOT NULL)`).execute(db);
  await sql.raw(`CREATE TRIGGER vector_changes_insert AFTER INSERT ON memory_embeddings BEGIN
      INSERT INTO vector_changes(memory_id) VALUES (new.memory_id);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER vector_changes_update AFTER UPDATE ON memory_embeddings BEGIN
      INSERT INTO vector_changes(memory_id) VALUES (old.memory_id);
      INSERT INTO vector_changes(memory_id) SELECT new.memory_id WHERE new.memory_id IS NOT old.memory_id;
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER vector_changes_delete AFTER DELETE ON memory_embeddings BEGIN
      INSERT INTO vector_changes(memory_id) VALUES (old.memory_id);
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER vector_changes_space AFTER UPDATE OF space_id ON memories
      WHEN new.space_id IS NOT old.space_id AND EXISTS (SELECT 1 FROM memory_embeddings WHERE memory_id = new.id) BEGIN
      INSERT INTO vector_changes(memory_id) VALUES (new.id);
    END`).execute(db);
}
