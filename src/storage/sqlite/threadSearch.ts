import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { MessageHit, ThreadSearchFilter, ThreadSearchRepo } from '../ports.ts';
import { ftsMatch } from './ftsQuery.ts';
import type { Database } from '../shared/schema.ts';

/** SQL conditions on `t` (threads) for a search filter. */
function filterSql(filter: ThreadSearchFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`t.space_id = ${filter.space_id}`];
  if (filter.source !== undefined) conditions.push(sql`t.source = ${filter.source}`);
  return sql.join(conditions, sql` and `);
}

/** Up to this many words around the match make a snippet. */
const SNIPPET_WORDS = 24;

/** Messages matching `match` in one of the two message indexes, best first (ties by message id), with snippets. */
async function messageHits(
  db: Kysely<Database>,
  index: 'thread_messages_fts' | 'thread_messages_trigram',
  match: string,
  filter: ThreadSearchFilter,
  limit: number,
): Promise<MessageHit[]> {
  const fts = sql.table(index);
  const { rows } = await sql<MessageHit>`
    select m.thread_pk, m.id as message_id, m.position, m.role, m.timestamp,
      bm25(${fts}) as rank,
      snippet(${fts}, 0, '', '', '…', ${SNIPPET_WORDS}) as snippet
    from ${fts}
      join thread_messages m on m.seq = ${fts}.rowid
      join threads t on t.id = m.thread_pk
    where ${fts} match ${match} and ${filterSql(filter)}
    order by rank, m.id limit ${limit}`.execute(db);
  return rows;
}

/** Message and title full text over the FTS5 indexes of migration 006. */
export function sqliteThreadSearchRepo(db: Kysely<Database>): ThreadSearchRepo {
  return {
    messages: async (query, filter, limit) => {
      const match = ftsMatch(query);
      return match === null ? [] : messageHits(db, 'thread_messages_fts', match, filter, limit);
    },

    // Trigram index: the needle is matched as one quoted phrase, a substring of the text.
    substring: (needle, filter, limit) => messageHits(db, 'thread_messages_trigram', `"${needle.replace(/"/g, '""')}"`, filter, limit),

    async count(query, filter) {
      const match = ftsMatch(query);
      if (match === null) return { messages: 0, threads: 0 };
      const { rows } = await sql<{ messages: number; threads: number }>`
        select count(*) as messages, count(distinct m.thread_pk) as threads
        from thread_messages_fts
          join thread_messages m on m.seq = thread_messages_fts.rowid
          join threads t on t.id = m.thread_pk
        where thread_messages_fts match ${match} and ${filterSql(filter)}`.execute(db);
      return { messages: Number(rows[0]?.messages ?? 0), threads: Number(rows[0]?.threads ?? 0) };
    },

    async titles(query, filter, limit) {
      const match = ftsMatch(query);
      if (match === null) return [];
      const { rows } = await sql<{ thread_pk: string; rank: number }>`
        select t.id as thread_pk, bm25(threads_fts, 2.0, 1.0) as rank
        from threads_fts join threads t on t.seq = threads_fts.rowid
        where threads_fts match ${match} and ${filterSql(filter)}
        order by rank, t.thread_id limit ${limit}`.execute(db);
      return rows;
    },
  };
}
