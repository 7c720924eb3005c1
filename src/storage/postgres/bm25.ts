import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../shared/schema.ts';
import { fts5Idf } from '../../domain/scoring.ts';
import type { RankTerm } from './tsQuery.ts';

/**
 * bm25 on PostgreSQL, computed as SQLite's FTS5 computes it, so that both backends rank alike (ts_rank_cd alone has
 * no rarity: on SciFact it found 0.710 at recall@10 where FTS5 found 0.853). Per term: its rarity (fts5Idf) times
 * tf·(k1 + 1) / (tf + k1·(1 − b + b·length / average length)).
 *
 * A term's count tf weighs each occurrence by its field's weight (a document's fields are its tsvector weights:
 * A, B, or D where none was set): ts_rank_cd of the one term with normalisation 0 is exactly that sum. Each document
 * table keeps its length beside the tsvector (migration 009).
 */

/** bm25's constants, as SQLite's FTS5 has them. */
const K1 = 1.2;
const B = 0.75;

/** The document tables ranked by bm25; each has `document` (tsvector) and `length` (integer). */
export type DocumentTable = 'memory_documents' | 'thread_message_documents' | 'thread_documents';

/** Weights of a document's fields by their tsvector weight labels (absent: 0). */
export interface LabelWeights {
  A?: number;
  B?: number;
  D?: number;
}

/** What bm25 needs of the whole table: how many documents, their average length, and how many hold each term (by key). */
export interface CorpusStats {
  documents: number;
  averageLength: number;
  held: Map<string, number>;
}

/**
 * The rank (negated bm25: the ports' ranks are lower-is-better, as on SQLite) of the document `alias`.document
 * (with `alias`.length) for `terms`, given the table's statistics. Reads the per-term counts from `f`, the lateral
 * subquery `countsOf` builds.
 */
export function bm25Rank(terms: RankTerm[], corpus: CorpusStats, alias: string) {
  const length = sql.ref(`${alias}.length`);
  const norm = sql`${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * ${length} / ${Math.max(corpus.averageLength, 1)}::float8)`;
  const score = sql.join(
    terms.map((term, i) => {
      const rarity = fts5Idf(corpus.documents, corpus.held.get(term.key) ?? 0);
      const count = sql.ref(`f.tf${i}`);
      return sql`${rarity}::float8 * ${count} * ${K1 + 1}::float8 / (${count} + ${norm})`;
    }),
    sql` + `,
  );
  return terms.length ? sql<number>`-(${score})` : sql<number>`0`;
}

/**
 * Each term's weighted count in `alias`.document, as columns tf0, tf1… of one row: join it as
 * `cross join lateral (${countsOf(…)}) as f`. Kept apart (offset 0), so each is computed once per document, not once
 * per use. ts_rank_cd takes weights in 0..1 ({D, C, B, A}), so they are scaled by the largest and the count scaled back.
 */
export function countsOf(terms: RankTerm[], weights: LabelWeights, alias: string): RawBuilder<unknown> {
  const top = Math.max(weights.A ?? 0, weights.B ?? 0, weights.D ?? 0) || 1;
  const scaled = `{${(weights.D ?? 0) / top}, 0, ${(weights.B ?? 0) / top}, ${(weights.A ?? 0) / top}}`;
  const document = sql.ref(`${alias}.document`);
  const counts = terms.map((term, i) => sql`${top}::float8 * ts_rank_cd(${scaled}::float4[], ${document}, ${term.query}, 0) as ${sql.raw(`tf${i}`)}`);
  return sql`select ${counts.length ? sql.join(counts) : sql`0 as none`} offset 0`;
}

const STATS_TTL_MS = 60_000;
/** Below this many documents the table is counted at every query (cheap there), so a new space ranks exactly. */
const COUNT_ALWAYS_BELOW = 2_000;
/** Terms counted per statement (a statement's select list holds at most 1,664 columns). */
const COUNTED_PER_STATEMENT = 100;

/**
 * A document table's statistics for bm25: its documents, their average length, and how many hold each term, exactly
 * (a capped count gave every common word one rarity, far above FTS5's). Read again each minute (at 100k documents a
 * common word's count takes 100 ms or more), or at every query in a small table.
 */
export function corpusStatistics(db: Kysely<Database>, table: DocumentTable): (terms: RankTerm[]) => Promise<CorpusStats> {
  const held = new Map<string, { count: number; at: number }>();
  let corpus = { documents: 0, averageLength: 0, at: -Infinity };
  return async terms => {
    const now = Date.now();
    const small = corpus.documents < COUNT_ALWAYS_BELOW;
    if (small || now - corpus.at > STATS_TTL_MS) {
      const { rows } = await sql<{ n: number; average: number | null }>`select count(*) as n, avg(length) as average from ${sql.table(table)}`.execute(db);
      corpus = { documents: Number(rows[0]?.n ?? 0), averageLength: Number(rows[0]?.average ?? 0), at: now };
    }
    if (held.size > 50_000) held.clear();
    const stale = [...new Map(terms.map(term => [term.key, term])).values()].filter(term => {
      const known = held.get(term.key);
      return small || !known || now - known.at > STATS_TTL_MS;
    });
    for (let from = 0; from < stale.length; from += COUNTED_PER_STATEMENT) {
      const batch = stale.slice(from, from + COUNTED_PER_STATEMENT);
      const counts = batch.map((term, i) => sql`(select count(*) from ${sql.table(table)} where document @@ ${term.query}) as ${sql.raw(`n${i}`)}`);
      const { rows } = await sql<Record<string, number>>`select ${sql.join(counts)}`.execute(db);
      batch.forEach((term, i) => held.set(term.key, { count: Number(rows[0]?.[`n${i}`] ?? 0), at: now }));
    }
    return { documents: corpus.documents, averageLength: corpus.averageLength, held: new Map(terms.map(term => [term.key, held.get(term.key)?.count ?? 0])) };
  };
}
