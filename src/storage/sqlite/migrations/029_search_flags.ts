import { type Kysely, sql } from 'kysely';

/** Whether a memory's title is its content's own first line (derived when none was given): bm25 then weighs it 0. */
const TITLE_IS_OPENING = (row: 'new' | 'memories') => `instr(${row}.content, rtrim(${row}.title, '…')) = 1`;

/** The flags as one row of memory_search_flags, from a memories row (`new` in a trigger, `memories` in a select). */
export const SEARCH_FLAGS_OF = (row: 'new' | 'memories') => `${row}.rowid, ${row}.space_id, ${row}.lifecycle_state, ${TITLE_IS_OPENING(row)}`;

/**
 * What the full-text ranking reads of each match besides the index: its space, its lifecycle state and whether its
 * title is its content's opening, in a narrow table keyed by the memory's rowid (as memories_fts is). The bm25 query
 * ranks every match of the query's words (hundreds in a chat space) and read each one's whole memory row for these
 * three: the narrow row costs about half as much (docs/benchmarks.md, "Issue 27: the mixed load on two cores
 * (round 3)"). Triggers keep it in the writer's transaction, as they keep memories_fts; rebuildFullText rebuilds it
 * with the index, since VACUUM may renumber rowids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE TABLE memory_search_flags (
      rowid INTEGER PRIMARY KEY, space_id TEXT NOT NULL, lifecycle_state TEXT NOT NULL, title_is_opening INTEGER NOT NULL)`)
    .execute(db);
  await sql.raw(`INSERT INTO memory_search_flags SELECT ${SEARCH_FLAGS_OF('memories')} FROM memories`).execute(db);
  await sql.raw(`CREATE TRIGGER memory_search_flags_insert AFTER INSERT ON memories BEGIN
      INSERT OR REPLACE INTO memory_search_flags VALUES (${SEARCH_FLAGS_OF('new')});
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memory_search_flags_update AFTER UPDATE OF space_id, lifecycle_state, title, content ON memories BEGIN
      DELETE FROM memory_search_flags WHERE rowid = old.rowid;
      INSERT OR REPLACE INTO memory_search_flags VALUES (${SEARCH_FLAGS_OF('new')});
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER memory_search_flags_delete AFTER DELETE ON memories BEGIN
      DELETE FROM memory_search_flags WHERE rowid = old.rowid;
    END`).execute(db);
}
