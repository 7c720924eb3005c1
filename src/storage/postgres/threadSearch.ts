import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { MessageHit, ThreadSearchFilter, ThreadSearchRepo } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { RANKED_TERMS, rankTerms, tsQuery } from './tsQuery.ts';
import { bm25Rank, corpusStatistics, countsOf } from './bm25.ts';
import { CJK_PATTERN } from './extensions.ts';

function filterSql(filter: ThreadSearchFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`t.space_id = ${filter.space_id}`];
  if (filter.source !== undefined) conditions.push(sql`t.source = ${filter.source}`);
  return sql.join(conditions, sql` and `);
}

/** ts_headline's window: about as many words as SQLite's snippet gives. */
const HEADLINE = 'StartSel="", StopSel="", MaxWords=24, MinWords=12, ShortWord=0, FragmentDelimiter="…", MaxFragments=1';

/** Message and title full text over the tsvector tables of migration 001; CJK substrings by LIKE. */
export function postgresThreadSearchRepo(db: Kysely<Database>): ThreadSearchRepo {
  const messageStats = corpusStatistics(db, 'thread_message_documents');
  const threadStats = corpusStatistics(db, 'thread_documents');
  return {
    async messages(query, filter, limit) {
      const q = tsQuery(query);
      if (q === null) return [];
      const terms = rankTerms(query, RANKED_TERMS);
      // bm25 as SQLite ranks messages (one field); the snippet only for the messages returned.
      const { rows } = await sql<MessageHit>`
        select ranked.thread_pk, ranked.message_id, ranked.position, ranked.role, ranked.timestamp, ranked.rank,
          ts_headline('english', m.content, ${q}, ${HEADLINE}) as snippet from (
          select m.thread_pk, m.id as message_id, m.position, m.role, m.timestamp, ${bm25Rank(terms, await messageStats(terms), 'd')} as rank, m.seq
          from thread_message_documents d
            join thread_messages m on m.seq = d.message_seq
            join threads t on t.id = m.thread_pk
            cross join lateral (${countsOf(terms, { D: 1 }, 'd')}) as f
          where d.document @@ ${q} and ${filterSql(filter)}
          order by rank, m.id limit ${limit}) as ranked
        join thread_messages m on m.seq = ranked.seq
        order by ranked.rank, ranked.message_id`.execute(db);
      return rows;
    },

    async substring(needle, filter, limit) {
      if (!needle) return [];
      const pattern = `%${needle.replace(/[\\%_]/g, c => `\\${c}`)}%`;
      const { rows } = await sql<MessageHit>`
        select m.thread_pk, m.id as message_id, m.position, m.role, m.timestamp,
          -(length(${needle}) * 1.0 / length(m.content)) as rank,
          substr(m.content, greatest(1, strpos(m.content, ${needle}) - 40), 120) as snippet
        from thread_messages m join threads t on t.id = m.thread_pk
        where m.content ~ ${sql.lit(CJK_PATTERN)} and m.content like ${pattern} and ${filterSql(filter)}
        order by rank, m.id limit ${limit}`.execute(db);
      return rows;
    },

    async count(query, filter) {
      const q = tsQuery(query);
      if (q === null) return { messages: 0, threads: 0 };
      const { rows } = await sql<{ messages: number; threads: number }>`
        select count(*) as messages, count(distinct m.thread_pk) as threads
        from thread_message_documents d
          join thread_messages m on m.seq = d.message_seq
          join threads t on t.id = m.thread_pk
        where d.document @@ ${q} and ${filterSql(filter)}`.execute(db);
      return { messages: Number(rows[0]?.messages ?? 0), threads: Number(rows[0]?.threads ?? 0) };
    },

    async titles(query, filter, limit) {
      const q = tsQuery(query);
      if (q === null) return [];
      const terms = rankTerms(query, RANKED_TERMS);
      // bm25 as SQLite ranks thread titles: the title twice the summary.
      const { rows } = await sql<{ thread_pk: string; rank: number }>`
        select t.id as thread_pk, ${bm25Rank(terms, await threadStats(terms), 'd')} as rank
        from thread_documents d join threads t on t.seq = d.thread_seq
          cross join lateral (${countsOf(terms, { A: 2, B: 1 }, 'd')}) as f
        where d.document @@ ${q} and ${filterSql(filter)}
        order by rank, t.thread_id limit ${limit}`.execute(db);
      return rows;
    },
  };
}
