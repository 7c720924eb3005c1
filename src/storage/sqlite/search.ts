import { statSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { FieldWeights } from '../../domain/searchProfile.ts';
import type { LexicalHit, SearchFilter, SearchRepo } from '../ports.ts';
import { ftsMatch } from './ftsQuery.ts';
import type { Database } from '../shared/schema.ts';
import { embeddingRepo } from '../shared/embeddings.ts';
import { filterQueries, type MetadataSql, filterSql as sharedFilterSql } from '../shared/searchFilters.ts';
import { rememberedSpaceCounts } from '../shared/spaceCounts.ts';
import { HAS_CJK } from './migrations/018_background_queue.ts';
import { SEARCH_FLAGS_OF } from './migrations/029_search_flags.ts';

/**
 * bm25 with the profile's field weights, except where the title is the content's own first line (derived when none
 * was given): it repeats the content, and weighting it again would favour short memories, which are all title.
 */
const weightedBm25 = ({ title, content }: FieldWeights) => sql`case when instr(m.content, rtrim(m.title, '…')) = 1
  then bm25(memories_fts, 0.0, ${content}) else bm25(memories_fts, ${title}, ${content}) end`;

/** weightedBm25 with the title test stored at write time (memory_search_flags, migration 029), not run on each match. */
const flaggedBm25 = ({ title, content }: FieldWeights) => sql`case when f.title_is_opening
  then bm25(memories_fts, 0.0, ${content}) else bm25(memories_fts, ${title}, ${content}) end`;

/**
 * Whether a filter asks more of a memory than its space and state (and a candidate list, which onlyCandidates checks
 * on the full-text row): only then must the full-text query read each match's memory row.
 */
const needsMemoryRow = (filter: SearchFilter) =>
  Boolean(filter.unit_type || filter.event_from || filter.event_to || filter.recorded_from || filter.recorded_to || filter.label_names?.length || filter.metadata?.length);

/** Metadata through SQLite's JSON functions; the turn keys as migration 020's expression indexes have them. */
export const metadataSql: MetadataSql = {
  has: key => sql`json_type(m.metadata, ${`$."${key.replace(/"/g, '')}"`}) is not null`,
  text: key => sql`cast(json_extract(m.metadata, ${`$."${key.replace(/"/g, '')}"`}) as text)`,
  turnKey: key => (key === 'dia_id' ? sql`json_extract(m.metadata, '$.dia_id')` : sql`json_extract(m.metadata, '$.session_id')`),
  // Named: with one lifecycle state asked, the planner would take memories_by_space_state_time and sort the space.
  postingOrder: sql`memories m indexed by memories_posting_order`,
};
const filterSql = (filter: SearchFilter) => sharedFilterSql(filter, metadataSql);

/**
 * A narrowed candidate set, checked on the full-text row itself: the filter's own `m.id in (…)` would read the memory
 * row of every match of a common word first (at 2,400 abstracts, 6.4 ms against 4.1 ms). The `+` keeps FTS5 from
 * taking it as a rowid lookup, which re-runs the whole match per candidate (66 ms).
 */
const onlyCandidates = (filter: SearchFilter) =>
  filter.ids ? sql`+memories_fts.rowid in (select rowid from memories where id in (${sql.join(filter.ids.length ? filter.ids : [''])}))` : sql`1 = 1`;

const fileBytes = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export function sqliteSearchRepo(db: Kysely<Database>, sqlite: BetterSqlite3.Database, path: string): SearchRepo {
  const databaseBytes = () => (path === ':memory:' ? 0 : fileBytes(path) + fileBytes(`${path}-wal`));

  /** Bytes of the FTS shadow tables and embeddings, where SQLite was built with the dbstat table. */
  function searchIndexBytes(): number {
    try {
      const row = sqlite
        .prepare(
          `select coalesce(sum(pgsize), 0) as bytes from dbstat
           where name like 'memories_fts%' or name like 'memories_trigram%' or name = 'memory_embeddings'`,
        )
        .get() as { bytes: number };
      return row.bytes;
    } catch {
      return 0;
    }
  }

  const STATS_TTL_MS = 60_000;
  const frequencies = new Map<string, { count: number; at: number }>();
  let documents = { count: 0, at: -Infinity };
  const countMatching = sqlite.prepare('select count(*) as n from memories_fts where memories_fts match ?').pluck();
  const countAll = sqlite.prepare('select count(*) as n from memories').pluck();
  const filters = filterQueries(db, metadataSql);

  return {
    async termStats(words) {
      const now = Date.now();
      if (now - documents.at > STATS_TTL_MS) documents = { count: Number(countAll.get()), at: now };
      if (frequencies.size > 50_000) frequencies.clear();
      const frequency = new Map<string, number>();
      for (const word of words) {
        let known = frequencies.get(word);
        if (!known || now - known.at > STATS_TTL_MS) {
          known = { count: Number(countMatching.get(`"${word.replace(/"/g, '""')}"`)), at: now };
          frequencies.set(word, known);
        }
        frequency.set(word, known.count);
      }
      return { documents: documents.count, frequency };
    },

    async lexical(query, filter, limit, fields) {
      const match = ftsMatch(query);
      if (match === null) return [];
      if (needsMemoryRow(filter)) {
        const { rows } = await sql<LexicalHit>`
          select m.id as id, ${weightedBm25(fields)} as rank
          from memories_fts join memories m on m.rowid = memories_fts.rowid
          where memories_fts match ${match} and ${onlyCandidates(filter)} and ${filterSql(filter)}
          order by rank limit ${limit}`.execute(db);
        return rows;
      }
      // Every match is ranked on its flags alone; only the `limit` best read their memory row, for the id. The outer
      // join keeps the ranked order (a subquery with a limit is not flattened into a join; `cross join` keeps it the
      // outer loop), and the order is the one-statement query's: same matches, same scan order, same sort.
      const { rows } = await sql<LexicalHit>`
        select m.id as id, ranked.rank as rank from (
          select f.rowid as rowid, ${flaggedBm25(fields)} as rank
          from memories_fts join memory_search_flags f on f.rowid = memories_fts.rowid
          where memories_fts match ${match} and ${onlyCandidates(filter)}
            and f.space_id = ${filter.space_id} and f.lifecycle_state in (${sql.join(filter.states)})
          order by rank limit ${limit}) as ranked
        cross join memories m on m.rowid = ranked.rowid`.execute(db);
      return rows;
    },

    async newestMatching(query, filter, limit) {
      const match = ftsMatch(query);
      if (match === null) return [];
      // FTS5 walks its doclists in rowid order, so this stops after `limit` hits instead of ranking them all.
      const { rows } = await sql<{ id: string }>`
        select m.id as id from memories_fts join memories m on m.rowid = memories_fts.rowid
        where memories_fts match ${match} and ${filterSql(filter)}
        order by memories_fts.rowid desc limit ${limit}`.execute(db);
      return rows.map(r => r.id);
    },

    async substring(needle, filter, limit) {
      const phrase = `"${needle.replace(/"/g, '""')}"`;
      const { rows } = await sql<LexicalHit>`
        select m.id as id, bm25(memories_trigram) as rank
        from memories_trigram join memories m on m.rowid = memories_trigram.rowid
        where memories_trigram match ${phrase} and ${filterSql(filter)}
        order by rank limit ${limit}`.execute(db);
      return rows;
    },

    async vocabulary(prefix, limit) {
      const from = prefix.toLowerCase();
      if (!from) return [];
      // The vocabulary table walks its terms in order from the bound: cost follows the terms with this prefix.
      const { rows } = await sql<{ term: string; documents: number }>`
        select term, doc as documents from memories_fts_vocab
        where term >= ${from} and term < ${`${from}\uffff`}
        order by doc desc limit ${limit}`.execute(db);
      return rows;
    },

    ...filters,
    // "Common in the space": a big space's counts remembered for a minute (at 100k memories, recounting a common
    // word's memories up to a third of the space was most of a deep search).
    ...rememberedSpaceCounts({
      countFiltered: filters.countFiltered,
      async holding(word, filter, cap) {
        // Counting stops at the cap: the caller only asks whether a word is that common, and common words are costly to count.
        const { rows } = await sql<{ n: number }>`
          select count(*) as n from (
            select 1 from memories_fts join memories m on m.rowid = memories_fts.rowid
            where memories_fts match ${`"${word.replace(/"/g, '""')}"`} and ${filterSql(filter)} limit ${cap})`.execute(db);
        return Number(rows[0]?.n ?? 0);
      },
    }),
    ...embeddingRepo(db),

    async rebuildFullText() {
      await db.transaction().execute(async trx => {
        await sql`insert into memories_fts(memories_fts) values ('rebuild')`.execute(trx);
        // Keyed by rowid like the index, so rebuilt with it (VACUUM may renumber rowids).
        await sql`delete from memory_search_flags`.execute(trx);
        await sql.raw(`insert into memory_search_flags select ${SEARCH_FLAGS_OF('memories')} from memories`).execute(trx);
        // The trigram index holds only text with CJK; 'rebuild' would index every row.
        await sql`insert into memories_trigram(memories_trigram) values ('delete-all')`.execute(trx);
        await sql
          .raw(`insert into memories_trigram(rowid, title, content) select rowid, title, content from memories where ${HAS_CJK('memories.title || memories.content')}`)
          .execute(trx);
      });
    },

    async sizeBytes() {
      return { search_index_bytes: searchIndexBytes(), database_bytes: databaseBytes() };
    },

    async optimize() {
      const before = databaseBytes();
      await sql`insert into memories_fts(memories_fts) values ('optimize')`.execute(db);
      await sql`insert into memories_trigram(memories_trigram) values ('optimize')`.execute(db);
      await sql`vacuum`.execute(db); // through Kysely, so it waits for any open transaction
      // VACUUM may renumber the rowids the full-text indexes point at.
      await this.rebuildFullText();
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      return { before_bytes: before, after_bytes: databaseBytes() };
    },
  };
}
