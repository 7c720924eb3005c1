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

/** The tsquery of a lexical query (no syntax leaks from user text); null when it has no term. */
export function tsQuery(query: LexicalQuery): RawBuilder<unknown> | null {
  if (query.mode === 'phrase') {
    const words = bare(query.terms.map(t => t.text).join(' '));
    return words ? sql`phraseto_tsquery('english', ${words})` : null;
  }
  const parts = query.terms.map(termQuery).filter((part): part is RawBuilder<unknown> => part !== null);
  if (parts.length === 0) return null;
  return sql`(${sql.join(parts, query.mode === 'all' ? sql` && ` : sql` || `)})`;
}
