/**
 * The plain BM25 baseline the retrieval benchmarks print beside fast and deep search: an in-memory SQLite FTS5 table
 * (tokenizer `porter unicode61`) over each document's text, queried with the OR of the query's words, ranked by `bm25()`.
 * No stop words, no boosts, no dates, no graph: the simplest honest lexical search, to tell what Cairn's ranking adds.
 */
import BetterSqlite3 from 'better-sqlite3';

export interface Bm25Document {
  id: string;
  /** Everything searchable, e.g. title and content joined. */
  text: string;
  /** Documents are only found within their own group (a LoCoMo conversation, a space); default one group. */
  group?: string;
}

/** The query's words, lower-cased, each quoted and joined with OR, so no FTS5 syntax (quotes, `-`, `*`, NEAR) leaks. */
export function bm25Match(query: string): string | null {
  const words = [...new Set(query.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  return words.length === 0 ? null : words.map(w => `"${w}"`).join(' OR ');
}

export class Bm25Baseline {
  private readonly db = new BetterSqlite3(':memory:');
  private readonly query: BetterSqlite3.Statement<[string, string, number], { id: string }>;

  constructor(documents: Bm25Document[]) {
    this.db.exec("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, grp UNINDEXED, text, tokenize = 'porter unicode61')");
    const insert = this.db.prepare('INSERT INTO docs (id, grp, text) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      for (const d of documents) insert.run(d.id, d.group ?? '', d.text);
    })();
    this.query = this.db.prepare('SELECT id FROM docs WHERE docs MATCH ? AND grp = ? ORDER BY bm25(docs) LIMIT ?');
  }

  /** Ids of the best `limit` documents of `group` for the query, best first; [] when the query has no word. */
  search(query: string, limit: number, group = ''): string[] {
    const match = bm25Match(query);
    return match === null ? [] : this.query.all(match, group, limit).map(row => row.id);
  }

  close() {
    this.db.close();
  }
}
