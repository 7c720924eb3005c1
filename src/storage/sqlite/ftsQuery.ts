import type { LexicalQuery, LexicalTerm } from '../ports.ts';

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * An FTS5 token for a term. The index holds Porter stems, and FTS5 stems query tokens again, which is not always
 * the identity (`deploy`, the stem of `deployment`, stems to `deploi`): a term from the vocabulary is therefore
 * asked as a prefix of itself without the letters Porter may rewrite (a trailing run of vowels, `y` or `s`).
 */
function token(term: LexicalTerm): string {
  if (!term.indexed) return term.prefix ? `${quote(term.text)}*` : quote(term.text);
  const stable = term.text.replace(/[aeiouys]+$/, '');
  return stable.length >= 3 && stable !== term.text ? `${quote(stable)}*` : `${quote(term.text)}*`;
}

/** The FTS5 MATCH expression of a lexical query (quoted tokens: no syntax leaks from user text); null when it has no term. */
export function ftsMatch(query: LexicalQuery): string | null {
  const terms = query.terms.filter(t => t.text.trim());
  if (terms.length === 0) return null;
  if (query.mode === 'phrase') return quote(terms.map(t => t.text).join(' '));
  return terms.map(token).join(query.mode === 'all' ? ' AND ' : ' OR ');
}
