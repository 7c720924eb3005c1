import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { MessageHit, ThreadSearchFilter, ThreadSearchRepo } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { tsQuery } from './tsQuery.ts';
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
  return {
    async messages(query, filter, limit) {
      const q = tsQuery(query);
      if (q === null) return [];
      const { rows } = await sql<MessageHit>`
        select m.thread_pk, m.id as message_id, m.position, m.role, m.timestamp,
          -ts_rank_cd(d.document, ${q}, 1) as rank,
          ts_headline('english', m.content, ${q}, ${HEADLINE}) as snippet
        from thread_message_documents d
          join thread_messages m on m.seq = d.message_seq
          join threads t on t.id = m.thread_pk
        where d.document @@ ${q} and ${filterSql(filter)}
        order by rank, m.id limit ${limit}`.execute(db);
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
      const { rows } = await sql<{ thread_pk: string; rank: number }>`
        select t.id as thread_pk, -ts_rank_cd(d.document, ${q}, 1) as rank
        from thread_documents d join threads t on t.seq = d.thread_seq
        where d.document @@ ${q} and ${filterSql(filter)}
        order by rank, t.thread_id limit ${limit}`.execute(db);
      return rows;
    },
  };
}
