import { type Kysely, sql } from 'kysely';

/**
 * The lifecycle states as the full-text row's key holds them (3 bits). Frozen: a stored index holds these numbers.
 * A state not named here gets 7, which no search asks for.
 */
export const FTS_STATE_CODES: Readonly<Record<string, number>> = { active: 0, deprecated: 1, archived: 2, superseded: 3, forgotten: 4 };
const STATE_CODE = (state: string) =>
  `case ${state} ${Object.entries(FTS_STATE_CODES).map(([name, code]) => `when '${name}' then ${code}`).join(' ')} else 7 end`;

/** Bits of the full-text key below the memory's rowid (state, 3; title flag, 1), and below the space's number. */
export const FTS_MEMORY_SHIFT = 4;
export const FTS_SPACE_SHIFT = 44;
/** The memory rowid's 40 bits, once shifted down. */
export const FTS_MEMORY_MASK = 2 ** (FTS_SPACE_SHIFT - FTS_MEMORY_SHIFT) - 1;

/** The space's number (search_spaces), for a memories row (`new`/`old` in a trigger, an alias in a select). */
const SPACE_NUMBER = (row: string) => `(select num from search_spaces where space_id = ${row}.space_id)`;

/**
 * A memory's key in memories_fts: its space's number, its own rowid, its lifecycle state and whether its title is its
 * content's opening (derived when none was given: bm25 then weighs the title 0), each in bits of their own.
 */
export const FTS_ROWID_OF = (row: string) =>
  `((${SPACE_NUMBER(row)} << ${FTS_SPACE_SHIFT}) | (${row}.rowid << ${FTS_MEMORY_SHIFT}) | ((${STATE_CODE(`${row}.lifecycle_state`)}) << 1) | (instr(${row}.content, rtrim(${row}.title, '…')) = 1))`;

/** Gives a memory's space a number, as the insert and update triggers must before they key its full-text row. */
const NUMBER_SPACE = (row: string) => `INSERT OR IGNORE INTO search_spaces(space_id) VALUES (${row}.space_id);`;
const INSERT_FTS = (row: string) => `INSERT INTO memories_fts(rowid, title, content) VALUES (${FTS_ROWID_OF(row)}, ${row}.title, ${row}.content);`;
const DELETE_FTS = (row: string) =>
  `INSERT INTO memories_fts(memories_fts, rowid, title, content) VALUES ('delete', ${FTS_ROWID_OF(row)}, ${row}.title, ${row}.content);`;

/**
 * What full-text ranking filters and weighs each match by, in the match's own key instead of a table beside it.
 * Migration 029 kept a memory's space, state and title flag in memory_search_flags, and the bm25 query looked each
 * match up there (about a quarter of that statement: a B-tree seek per match, ~1,000 matches for three common words).
 * Now memories_fts is keyed by (space number, memory rowid, state, title flag), so the query filters a space by a
 * rowid range (FTS5 seeks to it, and skips other spaces' matches altogether), and reads state and flag from the key.
 *
 * The index's words, counts and lengths are those of before (so bm25 is the same number), and within one space the
 * keys keep the memories' rowid order (so ties rank as before). Its content is read through the view
 * memories_fts_source ('rebuild' reads it). Triggers key each row in the writer's transaction: a change of space,
 * state, title or content moves the row to its new key. search_spaces numbers each space once, for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['memory_search_flags_insert', 'memory_search_flags_update', 'memory_search_flags_delete', 'memories_fts_insert', 'memories_fts_delete', 'memories_fts_update']) {
    await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  }
  await sql.raw('DROP TABLE memory_search_flags').execute(db);
  await sql.raw('DROP TABLE memories_fts_vocab').execute(db);
  await sql.raw('DROP TABLE memories_fts').execute(db);

  await sql.raw('CREATE TABLE search_spaces (num INTEGER PRIMARY KEY, space_id TEXT NOT NULL UNIQUE)').execute(db);
  await sql.raw('INSERT INTO search_spaces(space_id) SELECT DISTINCT space_id FROM memories ORDER BY space_id').execute(db);
  await sql.raw(`CREATE VIEW memories_fts_source AS SELECT ${FTS_ROWID_OF('m')} AS fts_rowid, m.title AS title, m.content AS content FROM memories m`).execute(db);
  await sql
    .raw(`CREATE VIRTUAL TABLE memories_fts USING fts5(title, content, content='memories_fts_source', content_rowid='fts_rowid', tokenize='porter unicode61 remove_diacritics 2')`)
    .execute(db);
  await sql.raw(`INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')`).execute(db);
  await sql.raw(`CREATE VIRTUAL TABLE memories_fts_vocab USING fts5vocab(memories_fts, 'row')`).execute(db);

  await sql.raw(`CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN ${NUMBER_SPACE('new')} ${INSERT_FTS('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN ${DELETE_FTS('old')} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER memories_fts_update AFTER UPDATE OF space_id, lifecycle_state, title, content ON memories
      WHEN old.space_id IS NOT new.space_id OR old.lifecycle_state IS NOT new.lifecycle_state OR old.title IS NOT new.title OR old.content IS NOT new.content
      BEGIN ${DELETE_FTS('old')} ${NUMBER_SPACE('new')} ${INSERT_FTS('new')} END`)
    .execute(db);
}
