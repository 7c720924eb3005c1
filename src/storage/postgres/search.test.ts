import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import type { LexicalQuery, MemoryRecord, SearchFilter } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { cairnTypes } from './connection.ts';
import { type PostgresStore, openPostgresStore } from './store.ts';
import { RANK_CANDIDATES, rankedMatches } from './search.ts';
import { FAST_PROFILE } from '../../domain/searchProfile.ts';

const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
const MATCHES = RANK_CANDIDATES + 500;

function memory(i: number, content: string): MemoryRecord {
  return {
    id: `m${String(i).padStart(5, '0')}`, space_id: 'default', title: `note ${i}`, title_derived: false, content, source: 'test', importance: 0.5,
    confidence: 0.5, unit_type: 'fact', lifecycle_state: 'active', is_latest: true, is_crystal: false, is_favorite: false, favorited_at: null,
    reindex_needed: false, metadata: {}, event_start: null, event_end: null, temporal_context: null, source_thread_id: null, source_message_id: null,
    state_reason: null, state_changed_at: null, version: 1, created_at: at, updated_at: at,
  };
}

let lite: PGlite;
let store: PostgresStore;
let db: Kysely<Database>;
const filter: SearchFilter = { space_id: 'default', states: ['active'] };

before(async () => {
  lite = await PGlite.create({ extensions: { pg_trgm } });
  const pool = new pg.Pool({ ...(createPgConfig(lite) as unknown as pg.PoolConfig), types: cairnTypes });
  store = await openPostgresStore(pool);
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Every memory holds "harbour"; the last two hold "lantern" too, one of them twice and in a short text.
  // The many alike in one statement (the documents' trigger indexes them as any insert), from the first one's row.
  await store.memories.insert(memory(0, 'harbour walk number 0 past the boats and the old market square'));
  const columns = sql.raw(`space_id, title_derived, source, importance, confidence, unit_type, lifecycle_state, is_latest, is_crystal,
    is_favorite, reindex_needed, metadata, version, created_at, updated_at`);
  await sql`insert into memories (id, title, content, ${columns})
    select 'm' || lpad(n::text, 5, '0'), 'note ' || n, 'harbour walk number ' || n || ' past the boats and the old market square', ${columns}
    from memories, generate_series(1, ${MATCHES - 1}) as n where id = 'm00000'`.execute(db);
  await store.transaction(async tx => {
    await tx.memories.insert(memory(MATCHES, 'harbour lantern lantern'));
    await tx.memories.insert(memory(MATCHES + 1, 'harbour walk with a lantern past the boats and the old market square at night'));
    // Written last, so it comes after every "harbour" memory in the table's order.
    await tx.memories.insert(memory(MATCHES + 2, 'the lighthouse keeper'));
  });
});

after(async () => {
  await store.close();
  await lite.close();
});

/** How many matches the query's plan ranked: the rows that reach the sort under the final limit. */
async function rankedRows(query: LexicalQuery): Promise<number> {
  const compiled = rankedMatches(query, filter, 10, FAST_PROFILE.fields, { documents: MATCHES + 2, averageLength: 8, held: new Map() })!.compile(db);
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]));
  const plan = (rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
  const sort = findNode(plan, node => node['Node Type'] === 'Sort');
  assert.ok(sort, 'the plan sorts by rank');
  return sort['Actual Rows'] === undefined ? 0 : sort.Plans![0]!['Actual Rows'];
}

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

function findNode(node: PlanNode, wanted: (node: PlanNode) => boolean): PlanNode | undefined {
  if (wanted(node)) return node;
  for (const child of node.Plans ?? []) {
    const found = findNode(child, wanted);
    if (found) return found;
  }
  return undefined;
}

test('a word that matches more memories than are ranked ranks a bounded candidate set, not every match', async () => {
  const ranked = await rankedRows({ mode: 'any', terms: [{ text: 'harbour' }] });
  assert.ok(ranked <= RANK_CANDIDATES, `ranked ${ranked} of ${MATCHES + 2} matches`);
});

test('the memories holding every word of the query are always among the candidates, and rank first', async () => {
  const query: LexicalQuery = { mode: 'any', terms: [{ text: 'harbour' }, { text: 'lantern' }] };
  assert.ok((await rankedRows(query)) <= 2 * RANK_CANDIDATES);
  const hits = await store.search.lexical(query, filter, 10, FAST_PROFILE.fields);
  assert.deepEqual(hits.slice(0, 2).map(h => h.id), [memory(MATCHES, '').id, memory(MATCHES + 1, '').id]);
});

test('a query with fewer matches than the bound ranks all of them, best first', async () => {
  const hits = await store.search.lexical({ mode: 'any', terms: [{ text: 'lantern' }] }, filter, 10, FAST_PROFILE.fields);
  assert.deepEqual(hits.map(h => h.id), [memory(MATCHES, '').id, memory(MATCHES + 1, '').id]);
});

test('a memory with a rare word of the query is always a candidate, however many memories hold its common words', async () => {
  const hits = await store.search.lexical({ mode: 'any', terms: [{ text: 'harbour' }, { text: 'lighthouse' }] }, filter, 10, FAST_PROFILE.fields);
  assert.equal(hits[0]?.id, memory(MATCHES + 2, '').id);
});

test('after many memories arrive at once, search refreshes the planner statistics without waiting for autovacuum', async () => {
  const fresh = await PGlite.create({ extensions: { pg_trgm } });
  const pool = new pg.Pool({ ...(createPgConfig(fresh) as unknown as pg.PoolConfig), types: cairnTypes });
  const other = await openPostgresStore(pool);
  const freshDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await other.memories.insert(memory(0, 'harbour walk number 0'));
    const columns = sql.raw(`space_id, title_derived, source, importance, confidence, unit_type, lifecycle_state, is_latest, is_crystal,
      is_favorite, reindex_needed, metadata, version, created_at, updated_at`);
    await sql`insert into memories (id, title, content, ${columns}) select 'm' || lpad(n::text, 5, '0'), 'note ' || n, 'harbour walk number ' || n, ${columns}
      from memories, generate_series(1, 1500) as n where id = 'm00000'`.execute(freshDb);
    const table = async () =>
      (await sql<{ changed: number; analyzed: unknown }>`select n_mod_since_analyze as changed, last_analyze as analyzed from pg_stat_user_tables
        where relname = 'memory_documents'`.execute(freshDb)).rows[0];
    const until = async (done: () => Promise<boolean>) => {
      for (let tries = 0; tries < 50 && !(await done()); tries++) await new Promise(resolve => setTimeout(resolve, 100));
    };
    // The server publishes a table's counts within a second or so of the writes.
    await until(async () => Number((await table())?.changed) >= 1500);
    assert.equal((await table())?.analyzed, null, 'not analyzed yet');
    await other.search.lexical({ mode: 'any', terms: [{ text: 'harbour' }] }, filter, 10, FAST_PROFILE.fields);
    await until(async () => (await table())?.analyzed != null);
    assert.notEqual((await table())?.analyzed, null, 'analyzed after the search');
  } finally {
    await other.close();
    await fresh.close();
  }
});

test("a big space's counts for deep search are remembered for a minute; a small space's are counted each time", async () => {
  const count = () => store.search.countFiltered(filter);
  const words = async () => (await store.search.documentFrequencies(['harbour', 'lighthouse'], filter, 5_000)).get('lighthouse');
  // The fixture's 1,503 memories are a small space: a new memory counts at once.
  assert.equal(await count(), MATCHES + 3);
  await store.memories.insert(memory(MATCHES + 3, 'a second lighthouse'));
  assert.equal(await count(), MATCHES + 4);
  assert.equal(await words(), 2);
  // Past 2,000 memories it is big: the count and the words' counts hold for a minute.
  await sql`insert into memories (id, title, content, space_id, title_derived, source, importance, confidence, unit_type, lifecycle_state,
      is_latest, is_crystal, is_favorite, reindex_needed, metadata, version, created_at, updated_at)
    select 'big' || n, 'note', 'quay number ' || n, space_id, title_derived, source, importance, confidence, unit_type, lifecycle_state,
      is_latest, is_crystal, is_favorite, reindex_needed, metadata, version, created_at, updated_at
    from memories, generate_series(1, 600) as n where id = 'm00000'`.execute(db);
  const big = await count();
  assert.equal(big, MATCHES + 604);
  assert.equal(await words(), 2);
  await store.memories.insert(memory(MATCHES + 4, 'a third lighthouse'));
  assert.equal(await count(), big);
  assert.equal(await words(), 2);
});
