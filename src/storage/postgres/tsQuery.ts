import { type RawBuilder, sql } from 'kysely';
import type { LexicalQuery, LexicalTerm } from '../ports.ts';

/** Letters and digits only: what reaches to_tsquery can never be its operators. */
const bare = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * A tsquery for one term: a word as the user wrote it is stemmed by the 'english' configuration (as the documents
 * were); a term from `vocabulary` is already a lexeme and is matched as it is ('simple'); a prefix matches lexemes
 * that begin with it.
 */
function termQuery(term: LexicalTerm): RawBuilder<unknown> | null {
  const words = bare(term.text);
  if (!words) return null;
  if (term.indexed) return sql`to_tsquery('simple', ${`${words.split(' ').join(' & ')}:*`})`;
  if (term.prefix) return sql`to_tsquery('english', ${`${words.split(' ').join(' & ')}:*`})`;
  return sql`plainto_tsquery('english', ${words})`;
}

/** A term as bm25 ranks by it: its tsquery, and a key naming it (its kind and words) for the counts kept of it. */
export interface RankTerm {
  key: string;
  query: RawBuilder<unknown>;
}

/**
 * The most terms a query is ranked by: each is a column of the ranking statement, which holds at most 1,664, and a
 * query may be a few thousand one-letter words. The terms past it still match.
 */
export const RANKED_TERMS = 100;

/**
 * The terms a lexical query is ranked by, one per term (bm25 adds up over them), the first `most` of them; a phrase is
 * one. Empty when no term has a word.
 */
export function rankTerms(query: LexicalQuery, most = Infinity): RankTerm[] {
  if (query.mode === 'phrase') {
    const words = bare(query.terms.map(t => t.text).join(' '));
    return words ? [{ key: `phrase:${words}`, query: sql`phraseto_tsquery('english', ${words})` }] : [];
  }
  return query.terms.flatMap(term => {
    const made = termQuery(term);
    const kind = term.indexed ? 'lexeme' : term.prefix ? 'prefix' : 'word';
    return made ? [{ key: `${kind}:${bare(term.text)}`, query: made }] : [];
  }).slice(0, most);
}

/** The tsquery of a lexical query (no syntax leaks from user text); null when it has no term. */
export function tsQuery(query: LexicalQuery): RawBuilder<unknown> | null {
  const parts = rankTerms(query).map(term => term.query);
  if (parts.length === 0) return null;
  if (query.mode === 'phrase') return parts[0]!;
  return sql`(${sql.join(parts, query.mode === 'all' ? sql` && ` : sql` || `)})`;
}
