import type { AnnIndex, AnnIndexFactory } from '../../providers/ports.ts';
import type { VectorHit } from '../ports.ts';

/**
 * Nearest-neighbour search over unit vectors kept in one growing Float32Array. Search is exact (~5 ms at 10k
 * vectors) until a space holds `annThreshold` vectors; from then on that space also gets an HNSW index (when a
 * factory is given) and search asks it for candidates, whose cosines are still computed exactly.
 */
export interface VectorIndex {
  readonly size: number;
  /** Replaces the whole content (used when loading from the database). */
  reset(entries: { memory_id: string; space_id: string; vector: Float32Array }[]): void;
  upsert(id: string, space: string, vector: Float32Array): void;
  remove(ids: string[]): void;
  moveToSpace(ids: string[], space: string): void;
  /** Cosine of the query with each of these memories that has a vector. */
  cosines(query: Float32Array, ids: string[]): Map<string, number>;
  /** The k most similar vectors of one space, most similar first. */
  search(query: Float32Array, space: string, k: number): VectorHit[];
}

export interface VectorIndexOptions {
  ann?: AnnIndexFactory;
  /** Vectors in one space from which its searches go through the ANN index. */
  annThreshold?: number;
}

/** How many more candidates than asked for to take from the ANN index, so near-ties are not lost. */
const ANN_OVERFETCH = 2;

/** `dimensions` may be 0 when the model's size is not known yet (a remote model): the first vector sets it. */
export function createVectorIndex(dimensions: number, { ann, annThreshold = 20_000 }: VectorIndexOptions = {}): VectorIndex {
  let matrix = new Float32Array(1024 * dimensions);
  let ids: (string | null)[] = [];
  let spaces: string[] = [];
  const rowOf = new Map<string, number>();
  const free: number[] = [];
  const spaceSizes = new Map<string, number>();
  const annOf = new Map<string, AnnIndex>();
  let loading = false;

  function rowFor(id: string): number {
    const existing = rowOf.get(id);
    if (existing !== undefined) return existing;
    const row = free.pop() ?? ids.length;
    if (row === ids.length) {
      ids.push(null);
      spaces.push('');
      if ((row + 1) * dimensions > matrix.length) {
        const grown = new Float32Array(matrix.length * 2);
        grown.set(matrix);
        matrix = grown;
      }
    }
    rowOf.set(id, row);
    return row;
  }

  const vectorAt = (row: number) => matrix.subarray(row * dimensions, (row + 1) * dimensions);

  function dot(query: Float32Array, row: number): number {
    let sum = 0;
    const base = row * dimensions;
    for (let d = 0; d < dimensions; d++) sum += matrix[base + d]! * query[d]!;
    return sum;
  }

  /** Puts a row into its space (counts, ANN) or takes it out; the ANN index of a space is built once it is big enough. */
  function join(row: number, space: string) {
    spaces[row] = space;
    spaceSizes.set(space, (spaceSizes.get(space) ?? 0) + 1);
    const existing = annOf.get(space);
    if (existing) existing.add([row], [vectorAt(row)]);
    else if (!loading) buildAnnIfBig(space);
  }
  function leave(row: number) {
    const space = spaces[row]!;
    spaceSizes.set(space, (spaceSizes.get(space) ?? 1) - 1);
    annOf.get(space)?.remove([row]);
    spaces[row] = '';
  }
  function buildAnnIfBig(space: string) {
    if (!ann || annOf.has(space) || (spaceSizes.get(space) ?? 0) < annThreshold) return;
    const rows = spaces.flatMap((s, row) => (s === space && ids[row] !== null ? [row] : []));
    const built = ann(dimensions);
    built.add(rows, rows.map(vectorAt));
    annOf.set(space, built);
  }

  /** Exact top k of one space, scanning every row. */
  function scan(query: Float32Array, space: string, k: number): VectorHit[] {
    const hits: VectorHit[] = [];
    let floor = -Infinity;
    for (let row = 0; row < ids.length; row++) {
      if (ids[row] === null || spaces[row] !== space) continue;
      const cosine = dot(query, row);
      if (hits.length < k || cosine > floor) {
        hits.push({ id: ids[row]!, cosine });
        if (hits.length > k * 2) {
          hits.sort((a, b) => b.cosine - a.cosine);
          hits.length = k;
          floor = hits[k - 1]!.cosine;
        }
      }
    }
    return hits;
  }

  const index: VectorIndex = {
    get size() {
      return rowOf.size;
    },
    reset(entries) {
      if (dimensions === 0 && entries.length > 0) dimensions = entries[0]!.vector.length;
      matrix = new Float32Array(Math.max(1024, entries.length * 2) * dimensions);
      ids = [];
      spaces = [];
      rowOf.clear();
      free.length = 0;
      spaceSizes.clear();
      annOf.clear();
      // One batch build per big space at the end beats growing each ANN index one vector at a time.
      loading = true;
      for (const e of entries) index.upsert(e.memory_id, e.space_id, e.vector);
      loading = false;
      for (const space of spaceSizes.keys()) buildAnnIfBig(space);
    },
    upsert(id, space, vector) {
      if (dimensions === 0) {
        dimensions = vector.length;
        matrix = new Float32Array(1024 * dimensions);
      }
      if (vector.length !== dimensions) throw new Error(`Vector has ${vector.length} dimensions, index has ${dimensions}`);
      const row = rowFor(id);
      if (ids[row] !== null) leave(row);
      ids[row] = id;
      matrix.set(vector, row * dimensions);
      join(row, space);
    },
    remove(removed) {
      for (const id of removed) {
        const row = rowOf.get(id);
        if (row === undefined) continue;
        leave(row);
        rowOf.delete(id);
        ids[row] = null;
        free.push(row);
      }
    },
    moveToSpace(moved, space) {
      for (const id of moved) {
        const row = rowOf.get(id);
        if (row === undefined) continue;
        leave(row);
        join(row, space);
      }
    },
    cosines(query, wanted) {
      const result = new Map<string, number>();
      for (const id of wanted) {
        const row = rowOf.get(id);
        if (row !== undefined) result.set(id, dot(query, row));
      }
      return result;
    },
    search(query, space, k) {
      const approximate = annOf.get(space);
      const hits = approximate
        ? approximate.search(query, k * ANN_OVERFETCH).map(row => ({ id: ids[row]!, cosine: dot(query, row) }))
        : scan(query, space, k);
      hits.sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : 1));
      return hits.slice(0, k);
    },
  };
  return index;
}
