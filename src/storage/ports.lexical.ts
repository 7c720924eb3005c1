/** The backend-neutral full-text query (part of the Store; re-exported by ports.ts). */

/**
 * A full-text query as services ask it; each backend writes it in its own syntax (FTS5 MATCH, tsquery).
 * `text` is a word as the user wrote it (lower case; the backend stems it as it stems its index), or, with
 * `indexed`, a term the backend's own `vocabulary` returned. `prefix` also matches words that begin with it.
 * `any`: documents with any term; `all`: with every term; `phrase`: the terms in this order.
 */
export interface LexicalTerm {
  text: string;
  prefix?: boolean;
  indexed?: boolean;
}
export interface LexicalQuery {
  terms: LexicalTerm[];
  mode: 'any' | 'all' | 'phrase';
}
