import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { AnnIndexFactory } from '../../providers/ports.ts';
import type { VectorSearchRepo } from '../ports.ts';
import type { Database } from '../shared/schema.ts';
import { chunked } from '../shared/chunks.ts';
import { createVectorIndex, type VectorIndex } from './vectorIndex.ts';

export interface SqliteVectorOptions {
  /** HNSW for big spaces (the composition root passes usearch); without it search stays exact. */
  ann?: AnnIndexFactory;
  /** Vectors in one space from which its searches go through the ANN index. */
  annThreshold?: number;
  /**
   * A read-only connection (a read worker's): it never prunes the log, and when the writer pruned changes it had not
   * seen yet (a gap in the log's sequence) it reloads every vector instead.
   */
  readOnly?: boolean;
}

/** Changes since the last look beyond which reloading every vector is cheaper than applying them one by one. */
const RELOAD_ABOVE = 5_000;
/** Applied changes after which the log is pruned. */
const PRUNE_EVERY = 1_000;

interface Loaded {
  index: VectorIndex;
  /** The last `vector_changes.seq` the index reflects. */
  seen: number;
}

interface StoredVector {
  memory_id: string;
  space_id: string;
  vector: Float32Array;
}

function toFloats(bytes: Uint8Array): Float32Array {
  const copy = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(copy.buffer).set(bytes);
  return copy;
}

/**
 * Vector search on SQLite: the stored vectors of each model held in process memory (exact scan, HNSW for big spaces,
 * vectorIndex.ts), loaded on first use. The index follows the database through the `vector_changes` log that triggers
 * fill (migration 021): before each search it re-reads the memories logged since it last looked, so every committed
 * write is seen, whoever made it, and nothing uncommitted is (the log is written in the writer's transaction).
 * SQLite's data dir belongs to one process, so holding the index in this process is safe.
 */
export function sqliteVectorRepo(db: Kysely<Database>, sqlite: BetterSqlite3.Database, options: SqliteVectorOptions = {}): VectorSearchRepo {
  const models = new Map<string, Loaded>();
  let queue: Promise<unknown> = Promise.resolve();
  let running = 0;
  let appliedSincePrune = 0;
  let anyChange: BetterSqlite3.Statement<[number], unknown> | null = null;

  /** One refresh at a time: each caller's refresh starts after its call, so it sees every commit made before it. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    running++;
    const run = queue.then(work).finally(() => running--);
    queue = run.catch(() => {});
    return run;
  }

  /**
   * The common case without a round trip through Kysely: no refresh running, no transaction open on the connection
   * (so what it reads is committed), and nothing logged since the index last looked. Saves ~0.5 ms per call.
   */
  function upToDate(loaded: Loaded | undefined): loaded is Loaded {
    // A reader's transaction is a read-only snapshot: what it reads is committed.
    if (!loaded || running > 0 || (sqlite.inTransaction && !options.readOnly)) return false;
    // A reader looks at the last sequence number ever given: rows it has not seen may be pruned already.
    anyChange ??= options.readOnly
      ? sqlite.prepare("select 1 from sqlite_sequence where name = 'vector_changes' and seq > ?")
      : sqlite.prepare('select 1 from vector_changes where seq > ? limit 1');
    return anyChange.get(loaded.seen) === undefined;
  }

  async function readVectors(model: string, ids?: string[]): Promise<StoredVector[]> {
    const query = (part?: string[]) => {
      let q = db
        .selectFrom('memory_embeddings as e')
        .innerJoin('memories as m', 'm.id', 'e.memory_id')
        .select(['e.memory_id', 'm.space_id', 'e.vector'])
        .where('e.model', '=', model);
      if (part) q = q.where('e.memory_id', 'in', part);
      return q.execute();
    };
    const rows = ids ? await chunked(ids, query) : await query();
    return rows.map(r => ({ memory_id: r.memory_id, space_id: r.space_id, vector: toFloats(r.vector) }));
  }

  /** The log's last row, or (`ever`) the last sequence number it ever gave, pruned or not. */
  async function lastSeq(ever = false): Promise<number> {
    const { rows } = ever
      ? await sql<{ seq: number | null }>`select seq from sqlite_sequence where name = 'vector_changes'`.execute(db)
      : await sql<{ seq: number | null }>`select max(seq) as seq from vector_changes`.execute(db);
    return rows[0]?.seq ?? 0;
  }

  /** Every vector of the model; changes logged after `seen` are applied again later, which is harmless. */
  async function load(model: string): Promise<Loaded> {
    const seen = await lastSeq(options.readOnly);
    const index = createVectorIndex(0, options);
    index.reset(await readVectors(model));
    const loaded = { index, seen };
    models.set(model, loaded);
    await prune(); // what a long run without searches logged
    return loaded;
  }

  /**
   * Drops applied log rows (those every loaded index has seen; all of them while none is loaded): a model loaded
   * later reads all its vectors anyway.
   */
  async function prune() {
    if (options.readOnly) return;
    const floor = models.size ? Math.min(...[...models.values()].map(m => m.seen)) : Number.MAX_SAFE_INTEGER;
    await sql`delete from vector_changes where seq <= ${floor}`.execute(db);
    appliedSincePrune = 0;
  }

  /** The model's index, brought up to the last commit. */
  async function current(model: string): Promise<VectorIndex> {
    const known = models.get(model);
    if (upToDate(known)) return known.index;
    return serial(async () => {
      const loaded = models.get(model);
      if (!loaded) return (await load(model)).index;
      const { rows } = await sql<{ seq: number; memory_id: string }>`
        select seq, memory_id from vector_changes where seq > ${loaded.seen} order by seq limit ${RELOAD_ABOVE + 1}`.execute(db);
      // The writer pruned changes this reader had not seen: only a full reload is sure to hold them.
      const gap = options.readOnly && (await lastSeq(true)) > loaded.seen && rows[0]?.seq !== loaded.seen + 1;
      if (rows.length === 0 && !gap) return loaded.index;
      if (rows.length > RELOAD_ABOVE || gap) {
        await load(model);
      } else {
        const ids = [...new Set(rows.map(r => r.memory_id))];
        const stored = await readVectors(model, ids);
        const present = new Set(stored.map(s => s.memory_id));
        loaded.index.remove(ids.filter(id => !present.has(id)));
        for (const s of stored) loaded.index.upsert(s.memory_id, s.space_id, s.vector);
        loaded.seen = rows[rows.length - 1]!.seq;
      }
      appliedSincePrune += rows.length;
      if (appliedSincePrune >= PRUNE_EVERY) await prune();
      return models.get(model)!.index;
    });
  }

  return {
    async status() {
      const engine = options.ann ? 'memory-exact+hnsw' : 'memory-exact';
      const detail = options.ann
        ? 'Exact search over the vectors in process memory; HNSW (usearch) for spaces of many vectors'
        : 'Exact search over the vectors in process memory';
      return { engine, available: true, detail };
    },
    async count(model) {
      // A server that writes and never searches would keep logging: the status poll clears what no index needs.
      if (models.size === 0) await serial(prune);
      const row = await db
        .selectFrom('memory_embeddings')
        .select(eb => eb.fn.countAll<number>().as('n'))
        .where('model', '=', model)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async nearest(model, query, spaceId, k) {
      return (await current(model)).search(query, spaceId, k);
    },
    async cosines(model, query, ids) {
      return (await current(model)).cosines(query, ids);
    },
  };
}
