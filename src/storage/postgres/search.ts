import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { FieldWeights } from '../../domain/searchProfile.ts';
import type { LexicalHit, LexicalQuery, SearchFilter, SearchRepo } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { embeddingRepo } from '../shared/embeddings.ts';
import { filterQueries } from '../shared/searchFilters.ts';
import { memoryFilterSql as filterSql, metadataSql } from './filters.ts';
import { tsQuery } from './tsQuery.ts';
import { CJK_PATTERN } from './extensions.ts';

/**
 * ts_rank_cd with the profile's field weights: the document holds the title as weight A and the content as B (only
 * the content where the title is its own first line, migration 001). ts_rank_cd takes weights in 0..1 ({D, C, B, A}),
 * so both are scaled by the larger; the scale does not change the order. Negated: the port's rank is
 * lower-is-better, as bm25 is on SQLite. Normalisation 1 divides by 1 + log(length), so long memories do not win by
 * length alone.
 */
function rank(query: RawBuilder<unknown>, { title, content }: FieldWeights) {
  const top = Math.max(title, content) || 1;
  const weights = `{0, 0, ${content / top}, ${title / top}}`;
  return sql<number>`-ts_rank_cd(${weights}::float4[], d.document, ${query}, 1)`;
}

/**
 * Matches ranked per query, at most, from each of two candidate sets (see `lexical`). Ranking reads a match's whole
 * tsvector: at 100k memories a common word matches tens of thousands, and ranking them all cost most of a query.
 */
export const RANK_CANDIDATES = 1_000;

/**
 * The best `limit` matches of a query, ranked from a bounded candidate set rather than from every match: the matches of
 * all the query's words (those rank first) and up to RANK_CANDIDATES matches of any of them, each found through the
 * GIN index and cut before anything is ranked. Where a query has no more matches than that, every match is ranked.
 * Null when the query has no term.
 */
export function rankedMatches(query: LexicalQuery, filter: SearchFilter, limit: number, fields: FieldWeights): RawBuilder<LexicalHit> | null {
  const q = tsQuery(query);
  if (q === null) return null;
  const every = query.mode === 'any' && query.terms.length > 1 ? tsQuery({ ...query, mode: 'all' }) : null;
  const matching = (match: RawBuilder<unknown>) => sql`(select d.memory_id from memory_documents d join memories m on m.id = d.memory_id
      where d.document @@ ${match} and ${filterSql(filter)} limit ${RANK_CANDIDATES})`;
  return sql<LexicalHit>`
    with candidates as (${every ? sql`${matching(every)} union ${matching(q)}` : matching(q)})
    select d.memory_id as id, ${rank(q, fields)} as rank
    from candidates c join memory_documents d on d.memory_id = c.memory_id
    order by rank, d.memory_id limit ${limit}`;
}

const STATS_TTL_MS = 60_000;
const VOCABULARY_TTL_MS = 5 * 60_000;

/** Full text over tsvector + GIN, CJK substrings over pg_trgm, the embedding queue shared with SQLite. */
export function postgresSearchRepo(db: Kysely<Database>): SearchRepo {
  const frequencies = new Map<string, { count: number; at: number }>();
  let documents = { count: 0, at: -Infinity };
  let vocabulary: { at: number; terms: Promise<{ term: string; documents: number }[]> } | null = null;

  /** Every lexeme with its document count, read by ts_stat (a scan of the index's documents) at most every few minutes. */
  function allTerms() {
    if (!vocabulary || Date.now() - vocabulary.at > VOCABULARY_TTL_MS) {
      const terms = sql<{ term: string; documents: number }>`select word as term, ndoc as documents from ts_stat('select document from memory_documents') order by word`
        .execute(db)
        .then(r => r.rows);
      vocabulary = { at: Date.now(), terms };
      terms.catch(() => (vocabulary = null));
    }
    return vocabulary.terms;
  }

  return {
    async termStats(words) {
      const now = Date.now();
      if (now - documents.at > STATS_TTL_MS) {
        const { rows } = await sql<{ n: number }>`select count(*) as n from memories`.execute(db);
        documents = { count: Number(rows[0]?.n ?? 0), at: now };
      }
      if (frequencies.size > 50_000) frequencies.clear();
      // The words not counted in the last minute, all in one statement (feedback on long memories asks for dozens).
      const stale = [...new Set(words)].filter(word => {
        const known = frequencies.get(word);
        return !known || now - known.at > STATS_TTL_MS;
      });
      if (stale.length) {
        const { rows } = await sql<{ word: string; n: number }>`
          select w.word as word, (select count(*) from memory_documents where document @@ plainto_tsquery('english', w.word)) as n
          from unnest(${stale}::text[]) as w(word)`.execute(db);
        for (const row of rows) frequencies.set(row.word, { count: Number(row.n ?? 0), at: now });
      }
      const frequency = new Map(words.map(word => [word, frequencies.get(word)?.count ?? 0]));
      return { documents: documents.count, frequency };
    },

    async lexical(query, filter, limit, fields) {
      const ranked = rankedMatches(query, filter, limit, fields);
      return ranked ? (await ranked.execute(db)).rows : [];
    },

    async newestMatching(query, filter, limit) {
      const q = tsQuery(query);
      if (q === null) return [];
      const { rows } = await sql<{ id: string }>`
        select m.id as id from memory_documents d join memories m on m.id = d.memory_id
        where d.document @@ ${q} and ${filterSql(filter)}
        order by m.created_at desc, m.id desc limit ${limit}`.execute(db);
      return rows.map(r => r.id);
    },

    async substring(needle, filter, limit) {
      if (!needle) return [];
      const pattern = `%${needle.replace(/[\\%_]/g, c => `\\${c}`)}%`;
      const text = sql`(m.title || ' ' || m.content)`;
      // The CJK condition repeats the trigram index's own, so the planner may use it.
      const { rows } = await sql<LexicalHit>`
        select m.id as id, -(length(${needle}) * 1.0 / length(${text})) as rank from memories m
        where ${text} ~ ${sql.lit(CJK_PATTERN)} and ${text} like ${pattern} and ${filterSql(filter)}
        order by rank, m.id limit ${limit}`.execute(db);
      return rows;
    },

    async vocabulary(prefix, limit) {
      const from = prefix.toLowerCase();
      if (!from) return [];
      return (await allTerms())
        .filter(t => t.term.startsWith(from))
        .sort((a, b) => b.documents - a.documents)
        .slice(0, limit);
    },

    async documentFrequencies(words, filter, cap) {
      const counts = new Map<string, number>();
      for (const word of words) {
        const { rows } = await sql<{ n: number }>`
          select count(*) as n from (
            select 1 from memory_documents d join memories m on m.id = d.memory_id
            where d.document @@ plainto_tsquery('english', ${word}) and ${filterSql(filter)} limit ${cap}) as capped`.execute(db);
        counts.set(word, Number(rows[0]?.n ?? 0));
      }
      return counts;
    },

    ...filterQueries(db, metadataSql),
    ...embeddingRepo(db),

    async rebuildFullText() {
      await sql`insert into memory_documents (memory_id, document) select id, cairn_memory_document(title, content) from memories
        on conflict (memory_id) do update set document = excluded.document`.execute(db);
      await sql`reindex table memory_documents`.execute(db);
    },

    async sizeBytes() {
      const { rows } = await sql<{ search: number; database: number }>`
        select coalesce(pg_total_relation_size(to_regclass('memory_documents')), 0) + coalesce(pg_total_relation_size(to_regclass('memory_embeddings')), 0)
          + coalesce(pg_total_relation_size(to_regclass('memory_vectors')), 0) as search,
          pg_database_size(current_database()) as database`.execute(db);
      return { search_index_bytes: Number(rows[0]?.search ?? 0), database_bytes: Number(rows[0]?.database ?? 0) };
    },

    async optimize() {
      const before = (await this.sizeBytes()).database_bytes;
      // VACUUM cannot run in a transaction block; ANALYZE refreshes the planner's statistics after bulk changes.
      await sql`vacuum (analyze) memories, memory_documents, memory_embeddings`.execute(db);
      return { before_bytes: before, after_bytes: (await this.sizeBytes()).database_bytes };
    },
  };
}
