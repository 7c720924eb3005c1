import { type Kysely, sql } from 'kysely';
import type { Database } from '../shared/schema.ts';
import { runScript } from './migrations/001_initial.ts';

/** Characters of scripts written without spaces (kana, CJK ideographs, Hangul), as domain/text.ts `hasCjk` has them. */
export const CJK_PATTERN = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]';

/** What the optional extensions give this database; reported by /search-index/status and /capabilities. */
export interface PostgresExtensions {
  /** pg_trgm: a trigram index serves substring search in CJK text (without it, substring search scans). */
  trigram: boolean;
  /** pgvector: nearest-neighbour search over stored embeddings (without it, search answers from full text). */
  vector: boolean;
  detail: string | null;
}

async function tryCreate(db: Kysely<Database>, name: string): Promise<string | null> {
  try {
    await sql`create extension if not exists ${sql.id(name)}`.execute(db);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A float4 from four little-endian bytes of a bytea (embeddings are stored as Float32Array bytes on both backends):
 * PostgreSQL has no such cast, so sign, exponent and mantissa are read out (subnormals, far below any cosine's
 * precision, read as 0).
 */
const VECTOR_SCRIPT = `
CREATE OR REPLACE FUNCTION cairn_float4_at(b bytea, i integer) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN e = 0 THEN 0::double precision ELSE (1 - 2 * s) * (1 + m / 8388608.0) * power(2::double precision, e - 127) END
  FROM (SELECT (bits >> 31) & 1 AS s, (bits >> 23) & 255 AS e, bits & 8388607 AS m
    FROM (SELECT get_byte(b, i)::bigint | (get_byte(b, i + 1)::bigint << 8) | (get_byte(b, i + 2)::bigint << 16) | (get_byte(b, i + 3)::bigint << 24) AS bits) AS x) AS y
$$;
CREATE TABLE IF NOT EXISTS memory_vectors (memory_id text COLLATE "C" PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE, model text COLLATE "C" NOT NULL,
  dimensions integer NOT NULL, embedding vector NOT NULL);
CREATE OR REPLACE FUNCTION cairn_memory_vector_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO memory_vectors (memory_id, model, dimensions, embedding)
    VALUES (NEW.memory_id, NEW.model, NEW.dimensions,
      (SELECT array_agg(cairn_float4_at(NEW.vector, 4 * g) ORDER BY g) FROM generate_series(0, NEW.dimensions - 1) AS g)::real[]::vector)
    ON CONFLICT (memory_id) DO UPDATE SET model = excluded.model, dimensions = excluded.dimensions, embedding = excluded.embedding;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS memory_embeddings_vector_sync ON memory_embeddings;
CREATE TRIGGER memory_embeddings_vector_sync AFTER INSERT OR UPDATE ON memory_embeddings FOR EACH ROW EXECUTE FUNCTION cairn_memory_vector_sync();
CREATE OR REPLACE FUNCTION cairn_memory_vector_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM memory_vectors WHERE memory_id = OLD.memory_id;
  RETURN OLD;
END $$;
DROP TRIGGER IF EXISTS memory_embeddings_vector_drop ON memory_embeddings;
CREATE TRIGGER memory_embeddings_vector_drop AFTER DELETE ON memory_embeddings FOR EACH ROW EXECUTE FUNCTION cairn_memory_vector_drop()`;

/**
 * Creates the optional extensions where the server has them and this role may (both are "trusted" in recent
 * releases), and what builds on them: the CJK trigram index; the vector table, kept from memory_embeddings by a
 * trigger, and filled once from the embeddings already stored. Outside the migrations: a missing extension must
 * degrade search, not stop the service.
 */
export async function setUpExtensions(db: Kysely<Database>): Promise<PostgresExtensions> {
  const trigramError = await tryCreate(db, 'pg_trgm');
  if (trigramError === null) {
    await sql
      .raw(`CREATE INDEX IF NOT EXISTS memories_cjk_trigram ON memories USING gin ((title || ' ' || content) gin_trgm_ops)
        WHERE (title || ' ' || content) ~ '${CJK_PATTERN}'`)
      .execute(db);
  }
  const vectorError = await tryCreate(db, 'vector');
  if (vectorError === null) {
    const existed = await sql<{ t: string | null }>`select to_regclass('memory_vectors')::text as t`.execute(db);
    await runScript(db as Kysely<unknown>, VECTOR_SCRIPT);
    if (existed.rows[0]?.t === null) {
      // The first start with pgvector: vectors for the embeddings stored before (a migration from SQLite, an import).
      await sql`update memory_embeddings set model = model`.execute(db);
    }
  }
  const problems = [
    trigramError && `pg_trgm unavailable (${trigramError}): CJK substring search scans instead of using an index`,
    vectorError && `pgvector unavailable (${vectorError}): semantic search is off and search answers from full text`,
  ].filter(Boolean);
  return { trigram: trigramError === null, vector: vectorError === null, detail: problems.length ? problems.join('; ') : null };
}
