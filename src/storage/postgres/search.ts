import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { FieldWeights } from '../../domain/searchProfile.ts';
import type { LexicalHit, LexicalQuery, SearchFilter, SearchRepo } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { embeddingRepo } from '../shared/embeddings.ts';
import { filterQueries } from '../shared/searchFilters.ts';
import { memoryFilterSql as filterSql, metadataSql } from './filters.ts';
import { type RankTerm, rankTerms, tsQuery } from './tsQuery.ts';
import { fts5Idf } from '../../domain/scoring.ts';
import { CJK_PATTERN } from './extensions.ts';

/** bm25's constants, as SQLite's FTS5 has them. */
const K1 = 1.2;
const B = 0.75;

/** What bm25 needs of the whole corpus: how many memories, their average length in word positions, and how many hold each term (by its key). */
export interface CorpusStats {
  documents: number;
  averageLength: number;
  held: Map<string, number>;
}

/**
 * Matches ranked per query, at most, from each of two candidate sets (see `rankedMatches`). Ranking reads a match's
 * whole tsvector: at 100k memories a common word matches tens of thousands, and ranking them all cost most of a query.
 */
export const RANK_CANDIDATES = 1_000;

/**
 * bm25 as SQLite's FTS5 computes it, so that both backends rank alike (ts_rank_cd alone has no rarity: on SciFact it
 * found 0.710 at recall@10 where FTS5 found 0.853). Per term: its rarity (fts5Idf) times
 * tf·(k1 + 1) / (tf + k1·(1 − b + b·length / average length)). A term's count tf weighs each occurrence by its field
 * (the document holds the title as weight A and the content as B, migration 001): ts_rank_cd of the one term with
 * normalisation 0 is exactly that sum. ts_rank_cd takes weights in 0..1 ({D, C, B, A}), so they are scaled by the
 * larger and the count scaled back. Negated: the port's rank is lower-is-better, as bm25 is on SQLite.
 */
function bm25(terms: RankTerm[], corpus: CorpusStats, { title, content }: FieldWeights) {
  const top = Math.max(title, content) || 1;
  const weights = `{0, 0, ${content / top}, ${title / top}}`;
  const count = (i: number) => sql.raw(`tf${i}`);
  const counts = sql.join(terms.map((term, i) => sql`${top}::float8 * ts_rank_cd(${weights}::float4[], d.document, ${term.query}, 0) as ${count(i)}`));
  const norm = sql`${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * d.length / ${Math.max(corpus.averageLength, 1)}::float8)`;
  const score = sql.join(
    terms.map((term, i) => {
      const rarity = fts5Idf(corpus.documents, corpus.held.get(term.key) ?? 0);
      return sql`${rarity}::float8 * f.${count(i)} * ${K1 + 1}::float8 / (f.${count(i)} + ${norm})`;
    }),
    sql` + `,
  );
  return { counts: sql`select ${counts}`, rank: sql`-(${score})` };
}

/**
 * The best `limit` matches of a query by bm25, ranked from a bounded candidate set rather than from every match: the
 * matches of all the query's words (those rank first) and up to RANK_CANDIDATES matches of any of them, each found
 * through the GIN index and cut before anything is ranked. Where a query has no more matches than that, every match is
 * ranked. Null when the query has no term.
 */
export function rankedMatches(query: LexicalQuery, filter: SearchFilter, limit: number, fields: FieldWeights, corpus: CorpusStats): RawBuilder<LexicalHit> | null {
  const q = tsQuery(query);
  if (q === null) return null;
  const every = query.mode === 'any' && query.terms.length > 1 ? tsQuery({ ...query, mode: 'all' }) : null;
  const matching = (match: RawBuilder<unknown>) => sql`(select d.memory_id from memory_documents d join memories m on m.id = d.memory_id
      where d.document @@ ${match} and ${filterSql(filter)} limit ${RANK_CANDIDATES})`;
  const { counts, rank } = bm25(rankTerms(query), corpus, fields);
  // The counts in a subquery kept apart (offset 0), so each is computed once per memory, not once per use.
  return sql<LexicalHit>`
    with candidates as (${every ? sql`${matching(every)} union ${matching(q)}` : matching(q)})
    select d.memory_id as id, ${rank} as rank
    from candidates c join memory_documents d on d.memory_id = c.memory_id
    cross join lateral (${counts} offset 0) as f
    order by rank, d.memory_id limit ${limit}`;
}

const STATS_TTL_MS = 60_000;
/** A term's memories are counted up to this share of the corpus, and at least MIN_COUNTED (see corpusStats). */
const COUNTED_SHARE = 0.05;
const MIN_COUNTED = 1_000;
/** Below this many memories the corpus is counted at every query (cheap there), so a new space ranks exactly. */
const COUNT_ALWAYS_BELOW = 2_000;
const VOCABULARY_TTL_MS = 5 * 60_000;

/** Full text over tsvector + GIN, CJK substrings over pg_trgm, the embedding queue shared with SQLite. */
export function postgresSearchRepo(db: Kysely<Database>): SearchRepo {
  const held = new Map<string, { count: number; at: number }>();
  let vocabulary: { at: number; terms: Promise<{ term: string; documents: number }[]> } | null = null;
  let corpus = { documents: 0, averageLength: 0, at: -Infinity };

  /**
   * The memories, their average length, and how many hold each term: read again each minute (at 100k memories a count
   * takes tens of ms), or at every query in a small corpus (cheap there), so a new space ranks exactly. A term's count
   * stops at COUNTED_SHARE of the memories: past it a word is common and its rarity near its floor anyway, while
   * counting every match of a word in a third of 100k memories took 140–350 ms.
   */
  async function corpusStats(terms: RankTerm[]): Promise<CorpusStats> {
    const now = Date.now();
    const small = corpus.documents < COUNT_ALWAYS_BELOW;
    if (small || now - corpus.at > STATS_TTL_MS) {
      const { rows } = await sql<{ n: number; average: number | null }>`select count(*) as n, avg(length) as average from memory_documents`.execute(db);
      corpus = { documents: Number(rows[0]?.n ?? 0), averageLength: Number(rows[0]?.average ?? 0), at: now };
    }
    if (held.size > 50_000) held.clear();
    const stale = [...new Map(terms.map(term => [term.key, term])).values()].filter(term => {
      const known = held.get(term.key);
      return small || !known || now - known.at > STATS_TTL_MS;
    });
    if (stale.length) {
      const cap = Math.max(MIN_COUNTED, Math.ceil(COUNTED_SHARE * corpus.documents));
      const counts = stale.map((term, i) => sql`(select count(*) from (select 1 from memory_documents where document @@ ${term.query} limit ${cap}) as held) as ${sql.raw(`n${i}`)}`);
      const { rows } = await sql<Record<string, number>>`select ${sql.join(counts)}`.execute(db);
      stale.forEach((term, i) => held.set(term.key, { count: Number(rows[0]?.[`n${i}`] ?? 0), at: now }));
    }
    return { documents: corpus.documents, averageLength: corpus.averageLength, held: new Map(terms.map(term => [term.key, held.get(term.key)?.count ?? 0])) };
  }

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
      const terms = words.flatMap(text => rankTerms({ mode: 'any', terms: [{ text }] }).map(term => ({ word: text, term })));
      const { documents, held: counts } = await corpusStats(terms.map(t => t.term));
      const frequency = new Map(words.map(word => [word, 0]));
      for (const { word, term } of terms) frequency.set(word, counts.get(term.key) ?? 0);
      return { documents, frequency };
    },

    async lexical(query, filter, limit, fields) {
      const ranked = rankedMatches(query, filter, limit, fields, await corpusStats(rankTerms(query)));
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
      await sql`insert into memory_documents (memory_id, document, length)
        select id, document, cairn_memory_document_length(title, content, document) from (select id, title, content, cairn_memory_document(title, content) as document from memories) as made
        on conflict (memory_id) do update set document = excluded.document, length = excluded.length`.execute(db);
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
