import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { chunked } from './chunks.ts';
import type { Database } from './schema.ts';

/** Ids per statement: the parts `chunked` sends. Bounds the compiled texts kept per select to this many. */
const LONGEST = 500;

/**
 * A SELECT whose only parameters are a list of ids (`where id in (…)`), through SQL that Kysely builds and compiles
 * once per count of ids. A search reads its candidates, their labels, mentions and entities by id, each a new Kysely
 * build and compile per call: together more JavaScript than SQLite's own work for the short statements. The text
 * depends only on the count (and the dialect, which `db` fixes), so a kept text is never stale; a schema change does
 * not touch it either, since `select *` is expanded by the database when it prepares the text.
 *
 * `build` must use its ids as the statement's only parameters, in their order; it is checked once per count.
 */
export function selectByIds<Row>(db: Kysely<Database>, build: (ids: string[]) => Compilable<Row>): (ids: string[]) => Promise<Row[]> {
  const texts = new Map<number, string>();
  const run = async (ids: string[]) => {
    let text = texts.get(ids.length);
    if (text === undefined) {
      const marks = ids.map((_, i) => `id ${i}`);
      const compiled = build(marks).compile();
      if (compiled.parameters.length !== marks.length || compiled.parameters.some((p, i) => p !== marks[i])) {
        throw new Error('selectByIds: the statement has parameters other than its ids, in their order');
      }
      text = compiled.sql;
      if (ids.length <= LONGEST) texts.set(ids.length, text);
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(text, ids))).rows;
  };
  return ids => chunked(ids, run);
}
