import { type Kysely, sql } from 'kysely';
import type { VectorSearchRepo } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { chunked } from '../shared/chunks.ts';
import type { PostgresExtensions } from './extensions.ts';

/** pgvector's text form of a vector; dimensions go into SQL as literals (a type modifier cannot be a parameter). */
const literal = (vector: Float32Array) => `[${Array.from(vector).join(',')}]`;
const dims = (vector: Float32Array) => sql.raw(String(Math.trunc(vector.length)));

/**
 * Vector search in the database with pgvector: `memory_vectors` (kept from memory_embeddings by a trigger,
 * extensions.ts), an HNSW index per dimension count (an expression index, made on the first search of that size).
 * Without the extension it says so and finds nothing: search answers from full text. Nothing is held in the process,
 * so every process sees every commit.
 */
export function postgresVectorRepo(db: Kysely<Database>, extensions: PostgresExtensions): VectorSearchRepo {
  const indexed = new Map<number, Promise<void>>();

  function ensureIndex(size: number): Promise<void> {
    let made = indexed.get(size);
    if (!made) {
      const name = sql.raw(`memory_vectors_hnsw_${size}`);
      made = sql`create index if not exists ${name} on memory_vectors using hnsw ((embedding::vector(${sql.raw(String(size))})) vector_cosine_ops)
        where dimensions = ${sql.raw(String(size))}`
        .execute(db)
        .then(() => {})
        // Another process creating the same index at the same moment: it exists either way.
        .catch(error => {
          if (!/already exists|duplicate key/.test(String(error))) throw error;
        });
      indexed.set(size, made);
      made.catch(() => indexed.delete(size));
    }
    return made;
  }

  const unavailable = { engine: 'none', available: false, detail: extensions.detail ?? 'pgvector is not installed: search answers from full text' };

  return {
    async status() {
      return extensions.vector ? { engine: 'pgvector-hnsw', available: true, detail: null } : unavailable;
    },

    async count(model) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from memory_embeddings where model = ${model}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async nearest(model, query, spaceId, k) {
      if (!extensions.vector || query.length === 0 || k <= 0) return [];
      await ensureIndex(query.length);
      const distance = sql`v.embedding::vector(${dims(query)}) <=> ${literal(query)}::vector(${dims(query)})`;
      // The space is filtered after the index walk: a wider walk keeps k hits in a space among many.
      return db.transaction().execute(async trx => {
        await sql`select set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(100, k * 4)))}, true)`.execute(trx);
        const { rows } = await sql<{ id: string; cosine: number }>`
          select v.memory_id as id, 1 - (${distance}) as cosine
          from memory_vectors v join memories m on m.id = v.memory_id
          where v.dimensions = ${dims(query)} and v.model = ${model} and m.space_id = ${spaceId}
          order by ${distance}, v.memory_id limit ${k}`.execute(trx);
        return rows.map(r => ({ id: r.id, cosine: Number(r.cosine) }));
      });
    },

    async cosines(model, query, ids) {
      const result = new Map<string, number>();
      if (!extensions.vector || ids.length === 0) return result;
      const rows = await chunked([...new Set(ids)], async part => {
        const { rows } = await sql<{ id: string; cosine: number }>`
          select memory_id as id, 1 - (embedding::vector(${dims(query)}) <=> ${literal(query)}::vector(${dims(query)})) as cosine
          from memory_vectors where model = ${model} and dimensions = ${dims(query)} and memory_id in (${sql.join(part)})`.execute(db);
        return rows;
      });
      for (const row of rows) result.set(row.id, Number(row.cosine));
      return result;
    },
  };
}
