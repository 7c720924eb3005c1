import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { FieldWeights } from '../../domain/searchProfile.ts';
import type { LexicalHit, LexicalQuery, SearchFilter, SearchRepo } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { embeddingRepo } from '../shared/embeddings.ts';
import { filterQueries } from '../shared/searchFilters.ts';
import { memoryFilterSql as filterSql, metadataSql } from './filters.ts';
import { RANKED_TERMS, type RankTerm, rankTerms, tsQuery } from './tsQuery.ts';
import { type CorpusStats, bm25Rank, corpusStatistics, countsOf } from './bm25.ts';
import { CJK_PATTERN } from './extensions.ts';
import { rememberedSpaceCounts } from '../shared/spaceCounts.ts';

/**
 * Matches ranked per query, at most, from each part of its candidate set (see `rankedMatches`). Ranking reads a
 * match's whole tsvector: at 100k memories a common word matches tens of thousands, and ranking them all cost most of a
 * query.
 */
export const RANK_CANDIDATES = 1_000;

/** Filter keys memory_documents answers alone: it keeps each memory's space and state (migration 010). */
const DOCUMENT_KEYS = new Set(['space_id', 'states', 'ids']);

/**
 * The memory documents `filter` allows, as `from … where …` with the document as `d` (more conditions may follow
 * with `and`). A filter on the space, the states and ids reads memory_documents alone; one that asks more of a memory
 * (unit type, dates, labels, metadata) joins the memory as `m`.
 */
export function documentsIn(filter: SearchFilter): RawBuilder<unknown> {
  const more = Object.entries(filter).some(([key, value]) => !DOCUMENT_KEYS.has(key) && value !== undefined && !(Array.isArray(value) && value.length === 0));
  if (more) return sql`memory_documents d join memories m on m.id = d.memory_id where ${filterSql(filter)}`;
  const ids = filter.ids ? (filter.ids.length ? sql` and d.memory_id in (${sql.join(filter.ids)})` : sql` and 1 = 0`) : sql``;
  return sql`memory_documents d where d.space_id = ${filter.space_id} and d.lifecycle_state in (${sql.join(filter.states)})${ids}`;
}

/**
 * The query's rarest words whose matches, all together, are at most RANK_CANDIDATES (by the counts of the last
 * minute), and how many matches those are.
 */
function rarestWords(terms: RankTerm[], corpus: CorpusStats): { rare: RankTerm[]; matches: number } {
  const held = (term: RankTerm) => corpus.held.get(term.key) ?? Infinity;
  const rare: RankTerm[] = [];
  let matches = 0;
  for (const term of [...terms].sort((a, b) => held(a) - held(b))) {
    if (matches + held(term) > RANK_CANDIDATES) break;
    rare.push(term);
    matches += held(term);
  }
  return { rare, matches };
}

/**
 * The best `limit` matches of a query by bm25, ranked from a bounded candidate set rather than from every match, each
 * part found through the GIN index and cut before anything is ranked:
 * - the matches of all the query's words (they rank first);
 * - every match of its rarest words (rarestWords): bm25 ranks a memory with a rare word above one with only common
 *   words, so none of them may be cut, as an arbitrary first thousand matches of any word would cut them at 100k;
 * - matches of any of its words, as many as the rare words' matches leave of RANK_CANDIDATES.
 * Where a query has no more matches than that, every match is ranked. Null when the query has no term.
 */
export function rankedMatches(query: LexicalQuery, filter: SearchFilter, limit: number, fields: FieldWeights, corpus: CorpusStats): RawBuilder<LexicalHit> | null {
  const q = tsQuery(query);
  if (q === null) return null;
  const terms = rankTerms(query, RANKED_TERMS);
  const several = query.mode === 'any' && terms.length > 1;
  const every = several ? tsQuery({ ...query, mode: 'all' }) : null;
  const { rare, matches } = several ? rarestWords(terms, corpus) : { rare: [], matches: 0 };
  // Each part carries the document it found, so that ranking need not look it up again (a join back to
  // memory_documents by id was a quarter of the statement at 10k memories).
  const matching = (match: RawBuilder<unknown>, most: number) =>
    sql`(select d.memory_id, d.document, d.length from ${documentsIn(filter)} and d.document @@ ${match} limit ${most})`;
  // Every word rare, or candidates already narrowed to at most the bound (ranked again): all their matches are within
  // the bound, in one part.
  const narrowed = filter.ids !== undefined && filter.ids.length <= RANK_CANDIDATES;
  const parts =
    narrowed || rare.length === terms.length
      ? [matching(q, RANK_CANDIDATES)]
      : [
          ...(every ? [matching(every, RANK_CANDIDATES)] : []),
          // Bounded by RANK_CANDIDATES, not by the counts, which may be a minute old.
          ...(rare.length ? [matching(sql`(${sql.join(rare.map(term => term.query), sql` || `)})`, RANK_CANDIDATES)] : []),
          ...(matches < RANK_CANDIDATES ? [matching(q, RANK_CANDIDATES - matches)] : []),
        ];
  // The memory's fields: the title as weight A, the content as B (only the content where the title is its own first
  // line, migration 001, which FTS5's bm25 weighs 0).
  return sql<LexicalHit>`
    with parts as (${sql.join(parts, sql` union all `)}),
      candidates as (select distinct on (memory_id) * from parts)
    select d.memory_id as id, ${bm25Rank(terms, corpus, 'd')} as rank
    from candidates d
    cross join lateral (${countsOf(terms, { A: fields.title, B: fields.content }, 'd')}) as f
    order by rank, d.memory_id limit ${limit}`;
}

const VOCABULARY_TTL_MS = 5 * 60_000;
/** How often search checks whether the planner's statistics lag behind the documents (see plannerStatistics). */
const PLANNER_CHECK_MS = 60_000;
/** Documents changed since the last ANALYZE from which, if they are also half the table, search runs one itself. */
const ANALYZE_FROM = 1_000;

/** Full text over tsvector + GIN, CJK substrings over pg_trgm, the embedding queue shared with SQLite. */
export function postgresSearchRepo(db: Kysely<Database>): SearchRepo {
  let vocabulary: { at: number; terms: Promise<{ term: string; documents: number }[]> } | null = null;
  const corpusStats = corpusStatistics(db, 'memory_documents');
  const filters = filterQueries(db, metadataSql);

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

  let plannerCheckedAt = -Infinity;
  /**
   * Right after many memories arrive at once (an import, `cairn migrate`), the planner has no statistics for them until
   * autovacuum's next round, a minute or more: it then finds a word's matches by walking every memory (10k memories
   * just loaded: 26 ms a full-text query instead of 9). So once a minute search looks, and when more than half the
   * documents changed since the last ANALYZE it runs one, in the background (it blocks neither reads nor writes).
   */
  function plannerStatistics() {
    const now = Date.now();
    if (now - plannerCheckedAt < PLANNER_CHECK_MS) return;
    plannerCheckedAt = now;
    void (async () => {
      const { rows } = await sql<{ changed: number; live: number }>`
        select n_mod_since_analyze as changed, n_live_tup as live from pg_stat_user_tables where relid = 'memory_documents'::regclass`.execute(db);
      const changed = Number(rows[0]?.changed ?? 0);
      if (changed >= Math.max(ANALYZE_FROM, Number(rows[0]?.live ?? 0) / 2)) await sql`analyze memories, memory_documents`.execute(db);
    })().catch(() => undefined); // statistics are an optimisation: a failed look changes nothing
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
      plannerStatistics();
      const ranked = rankedMatches(query, filter, limit, fields, await corpusStats(rankTerms(query, RANKED_TERMS)));
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

    ...filters,
    // "Common in the space": a big space's counts remembered for a minute.
    ...rememberedSpaceCounts({
      countFiltered: filters.countFiltered,
      async holding(word, filter, cap) {
        const { rows } = await sql<{ n: number }>`
          select count(*) as n from (
            select 1 from ${documentsIn(filter)} and d.document @@ plainto_tsquery('english', ${word}) limit ${cap}) as capped`.execute(db);
        return Number(rows[0]?.n ?? 0);
      },
    }),
    ...embeddingRepo(db),

    async rebuildFullText() {
      await sql`insert into memory_documents (memory_id, document, length, space_id, lifecycle_state)
        select id, document, cairn_memory_document_length(title, content, document), space_id, lifecycle_state
        from (select id, title, content, space_id, lifecycle_state, cairn_memory_document(title, content) as document from memories) as made
        on conflict (memory_id) do update set document = excluded.document, length = excluded.length, space_id = excluded.space_id,
          lifecycle_state = excluded.lifecycle_state`.execute(db);
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
