import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import type { Database } from '../../shared/schema.ts';
import type { LexicalHit, SearchFilter } from '../../ports.ts';
import type { LifecycleState, UnitType } from '../../../domain/memory.ts';
import { sqliteSearchRepo } from '../search.ts';
import { memoryRepo } from '../../shared/memories.ts';
import { sqliteMigrations } from './index.ts';

const FIELDS = { title: 2, content: 1 };

/** Memories of several spaces and every state, titled and with derived titles, written one at a time. */
const MEMORIES: { space: string; state: LifecycleState; title?: string; content: string; unit?: UnitType }[] = [
  { space: 'default', state: 'active', content: 'The otter family swims up the river at dawn' },
  { space: 'work', state: 'active', title: 'Otter survey', content: 'Counted otters along the river bank' },
  { space: 'default', state: 'archived', title: 'River notes', content: 'The river otter dam was rebuilt by beavers' },
  { space: 'default', state: 'active', title: 'Beaver dam', content: 'A beaver dam slows the river' },
  { space: 'zeta', state: 'deprecated', content: 'Otters were thought to eat only fish' },
  { space: 'default', state: 'superseded', content: 'The otter holt sits under the willow by the river' },
  { space: 'work', state: 'forgotten', content: 'Otter sighting report for the river authority' },
  { space: 'default', state: 'active', title: 'Otter', content: 'Otter otter otter: the river is full of them', unit: 'event' },
  { space: 'work', state: 'archived', content: 'Beavers and otters share the river delta' },
  { space: 'default', state: 'active', content: 'Nothing about the animals here, only the weather' },
];

async function insertMemories(db: Kysely<Database>, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const m = MEMORIES[i]!;
    // A derived title is the content's opening, cut with an ellipsis (bm25 then weighs it 0).
    const title = m.title ?? `${m.content.slice(0, 20)}…`;
    const at = `2026-01-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`;
    await sql`insert into memories (id, space_id, title, title_derived, content, source, importance, confidence, unit_type, lifecycle_state,
        is_latest, is_crystal, is_favorite, reindex_needed, metadata, version, created_at, updated_at)
      values (${`m${i}`}, ${m.space}, ${title}, ${m.title ? 0 : 1}, ${m.content}, 'test', 0.5, 1, ${m.unit ?? 'fact'}, ${m.state},
        1, 0, 0, 0, '{}', 1, ${at}, ${at})`.execute(db);
  }
}

/** The searches compared: each space and several state sets, a unit-type filter, and a narrowed candidate set. */
const FILTERS: SearchFilter[] = [
  { space_id: 'default', states: ['active'] },
  { space_id: 'default', states: ['active', 'archived', 'superseded'] },
  { space_id: 'work', states: ['active', 'archived', 'deprecated', 'superseded'] },
  { space_id: 'zeta', states: ['deprecated'] },
  { space_id: 'nowhere', states: ['active'] },
  { space_id: 'default', states: ['active'], unit_type: 'event' },
  { space_id: 'default', states: ['active', 'archived'], ids: ['m0', 'm2', 'm7', 'm1'] },
];
const QUERIES = [['otter'], ['otter', 'river'], ['beaver', 'dam', 'river'], ['weather']];

/**
 * The ranking as it stood at migration 029, in one statement over the memory rows (its full-text rows were keyed by
 * the memories' rowids then): the reference every search must still give.
 */
async function answersAt029(db: Kysely<Database>): Promise<LexicalHit[][]> {
  const all: LexicalHit[][] = [];
  for (const words of QUERIES) {
    for (const filter of FILTERS) {
      const { rows } = await sql<LexicalHit>`
        select m.id as id, case when instr(m.content, rtrim(m.title, '…')) = 1
          then bm25(memories_fts, 0.0, ${FIELDS.content}) else bm25(memories_fts, ${FIELDS.title}, ${FIELDS.content}) end as rank
        from memories_fts join memories m on m.rowid = memories_fts.rowid
        where memories_fts match ${words.map(w => `"${w}"`).join(' OR ')} and m.space_id = ${filter.space_id}
          and m.lifecycle_state in (${sql.join(filter.states)}) and (${filter.unit_type ?? null} is null or m.unit_type = ${filter.unit_type ?? null})
          and (${filter.ids ? 1 : 0} = 0 or m.id in (${sql.join(filter.ids ?? [''])}))
        order by rank limit 100`.execute(db);
      all.push(rows);
    }
  }
  return all;
}

async function answers(search: ReturnType<typeof sqliteSearchRepo>): Promise<LexicalHit[][]> {
  const all: LexicalHit[][] = [];
  for (const words of QUERIES) {
    for (const filter of FILTERS) {
      const hits = await search.lexical({ mode: 'any', terms: words.map(text => ({ text })) }, filter, 100, FIELDS);
      all.push(hits.map(h => ({ id: h.id, rank: h.rank })));
    }
  }
  return all;
}

test('a database made at migration 029 migrates to keyed full-text rows and ranks every search as before', async () => {
  const sqlite = new BetterSqlite3(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const migrator = new Migrator({ db, provider: sqliteMigrations });
    assert.equal((await migrator.migrateTo('029_search_flags')).error, undefined);
    await insertMemories(db, 0, 6);
    // A memory gone before the migration leaves a gap in the rowids; one moved changes its space.
    await sql`delete from memories where id = 'm5'`.execute(db);
    await sql`update memories set space_id = 'zeta' where id = 'm4'`.execute(db);
    await insertMemories(db, 6, MEMORIES.length);
    const before = await answersAt029(db);
    assert.equal((await migrator.migrateToLatest()).error, undefined);
    const after = await answers(sqliteSearchRepo(db, sqlite, ':memory:'));
    assert.deepEqual(after, before);
    assert.ok(after.some(hits => hits.length > 1), 'the searches find something to compare');
    // The same memories written at the latest migration rank the same again.
    const fresh = new BetterSqlite3(':memory:');
    const freshDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: fresh }) });
    try {
      assert.equal((await new Migrator({ db: freshDb, provider: sqliteMigrations }).migrateToLatest()).error, undefined);
      await insertMemories(freshDb, 0, 6);
      await sql`delete from memories where id = 'm5'`.execute(freshDb);
      await sql`update memories set space_id = 'zeta' where id = 'm4'`.execute(freshDb);
      await insertMemories(freshDb, 6, MEMORIES.length);
      assert.deepEqual(await answers(sqliteSearchRepo(freshDb, fresh, ':memory:')), before);
    } finally {
      await freshDb.destroy();
    }
  } finally {
    await db.destroy();
  }
});

test('on a migrated database, writes keep the full-text keys: a new space, a state change, a new title, a delete', async () => {
  const sqlite = new BetterSqlite3(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const migrator = new Migrator({ db, provider: sqliteMigrations });
    assert.equal((await migrator.migrateTo('029_search_flags')).error, undefined);
    await insertMemories(db, 0, 4);
    assert.equal((await migrator.migrateToLatest()).error, undefined);
    await insertMemories(db, 4, MEMORIES.length);
    const search = sqliteSearchRepo(db, sqlite, ':memory:');
    const ids = async (words: string[], filter: SearchFilter) =>
      (await search.lexical({ mode: 'any', terms: words.map(text => ({ text })) }, filter, 100, FIELDS)).map(h => h.id).sort();
    assert.deepEqual(await ids(['otters'], { space_id: 'zeta', states: ['deprecated'] }), ['m4']);
    await sql`update memories set lifecycle_state = 'active', space_id = 'fresh-space' where id = 'm4'`.execute(db);
    assert.deepEqual(await ids(['otters'], { space_id: 'zeta', states: ['deprecated'] }), []);
    assert.deepEqual(await ids(['otters'], { space_id: 'fresh-space', states: ['active'] }), ['m4']);
    await sql`update memories set title = 'Otter otter otter' where id = 'm3'`.execute(db);
    assert.deepEqual(await ids(['otter'], { space_id: 'default', states: ['active'] }), ['m0', 'm3', 'm7']);
    await sql`delete from memories where id = 'm0'`.execute(db);
    assert.deepEqual(await ids(['otter'], { space_id: 'default', states: ['active'] }), ['m3', 'm7']);
    // The index agrees with the memories it is built from.
    await sql`insert into memories_fts(memories_fts) values ('integrity-check')`.execute(db);
  } finally {
    await db.destroy();
  }
});

test('full-text hits bring their memory\'s ranking columns as getForRanking reads them, except for a candidate list', async () => {
  const sqlite = new BetterSqlite3(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    assert.equal((await new Migrator({ db, provider: sqliteMigrations }).migrateToLatest()).error, undefined);
    await insertMemories(db, 0, MEMORIES.length);
    await sql`update memories set metadata = '{"speaker":"Ana","dia_id":"D1:3"}', event_start = '2026-02-01', source_thread_id = 't1' where id = 'm0'`.execute(db);
    const search = sqliteSearchRepo(db, sqlite, ':memory:');
    const otter = { mode: 'any' as const, terms: [{ text: 'otter' }, { text: 'river' }] };
    for (const filter of [FILTERS[1]!, FILTERS[5]!]) {
      const hits = await search.lexical(otter, filter, 100, FIELDS);
      assert.ok(hits.length > 0);
      const read = new Map((await memoryRepo(db).getForRanking(hits.map(h => h.id))).map(m => [m.id, m]));
      for (const h of hits) assert.deepEqual(h.memory, read.get(h.id), h.id);
    }
    const narrowed = await search.lexical(otter, FILTERS[6]!, 100, FIELDS);
    assert.ok(narrowed.length > 0 && narrowed.every(h => h.memory === undefined));
  } finally {
    await db.destroy();
  }
});
