/**
 * How alike two labels are, for merge candidates (contract §9). Pure: vectors and counts in, ranked pairs out.
 *
 *   similarity = 1 − (1 − cosine) × (1 − CO_USAGE_WEIGHT × jaccard)
 *
 * `cosine` is the embedder's cosine between the two labels' vectors (name + description), clamped to 0..1;
 * `jaccard` is |memories carrying both| / |memories carrying either|. Co-usage can only raise the similarity,
 * never lower it: with no shared memory the similarity is the cosine, and labels that are always used together
 * close half of the remaining distance to 1.
 */

const CO_USAGE_WEIGHT = 0.5;
/** Weight of the description's vector, added to the name's, when a label has a description. */
const DESCRIPTION_WEIGHT = 0.5;

export const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** |A ∩ B| / |A ∪ B| from the two usage counts and the number of memories carrying both. */
export function jaccard(both: number, usageA: number, usageB: number): number {
  const either = usageA + usageB - both;
  return either <= 0 ? 0 : both / either;
}

export function combineSimilarity(cosine: number, coUsage: number): number {
  const c = Math.min(1, Math.max(0, cosine));
  return 1 - (1 - c) * (1 - CO_USAGE_WEIGHT * Math.min(1, Math.max(0, coUsage)));
}

/**
 * The lowest cosine that can still reach `floor` (with full co-usage); pairs below it are skipped unscored.
 * Up to a floor of CO_USAGE_WEIGHT co-usage alone can reach it, so every pair counts.
 */
export function minCosineFor(floor: number): number {
  return floor <= CO_USAGE_WEIGHT ? -Infinity : 1 - (1 - floor) / (1 - CO_USAGE_WEIGHT) - 1e-4;
}

/** A label's vector: its name's, plus DESCRIPTION_WEIGHT × its description's when it has one, unit length. */
export function labelVector(name: Float32Array, description: Float32Array | null): Float32Array {
  const vector = Float32Array.from(name);
  if (description) for (let k = 0; k < vector.length; k++) vector[k] += DESCRIPTION_WEIGHT * description[k];
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let k = 0; k < vector.length; k++) vector[k] /= norm;
  return vector;
}

/** Key of the unordered pair (i, j) of `n` items, for co-usage maps. */
export const pairKey = (i: number, j: number, n: number) => (i < j ? i * n + j : j * n + i);

/**
 * Memories carrying both labels, for every pair of indexed labels, by pairKey. `edges` must be grouped by memory
 * (ordered by memory id); labels missing from `index` are ignored.
 */
export function coUsageCounts(edges: readonly { memory_id: string; label_id: string }[], index: ReadonlyMap<string, number>): Map<number, number> {
  const n = index.size;
  const counts = new Map<number, number>();
  let memory: string | undefined;
  let onMemory: number[] = [];
  const flush = () => {
    for (let x = 0; x < onMemory.length; x++) {
      for (let y = x + 1; y < onMemory.length; y++) {
        const key = pairKey(onMemory[x], onMemory[y], n);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    onMemory = [];
  };
  for (const edge of edges) {
    if (edge.memory_id !== memory) {
      flush();
      memory = edge.memory_id;
    }
    const i = index.get(edge.label_id);
    if (i !== undefined) onMemory.push(i);
  }
  flush();
  return counts;
}

export interface PairSearch {
  /** Unit-length vectors, one per label; index i is label i. */
  vectors: Float32Array[];
  /** Label ids by index, to break ties. */
  ids: string[];
  /** Live memories carrying each label. */
  usage: number[];
  /** Memories carrying both labels, by pairKey; absent means none. */
  coUsage: Map<number, number>;
  floor: number;
  maxPairs: number;
  /** Pairs never to return (exact-canonical forks). */
  skip(i: number, j: number): boolean;
}

export interface ScoredPair {
  i: number;
  j: number;
  /** Rounded to 4 decimals; the ranking and the floor use this value. */
  similarity: number;
  cosine: number;
  co_usage: number;
}

/** Most similar first; ties by the ids of the pair, so the order never depends on input order. */
function better(a: ScoredPair, b: ScoredPair, ids: string[]): boolean {
  if (a.similarity !== b.similarity) return a.similarity > b.similarity;
  const [a1, a2] = [ids[a.i], ids[a.j]].sort();
  const [b1, b2] = [ids[b.i], ids[b.j]].sort();
  return a1 !== b1 ? a1 < b1 : a2 < b2;
}

/** Keeps the `size` best pairs seen; a min-heap whose root is the worst kept. */
class TopPairs {
  readonly heap: ScoredPair[] = [];
  constructor(
    private readonly size: number,
    private readonly ids: string[],
  ) {}

  offer(pair: ScoredPair) {
    const heap = this.heap;
    if (heap.length < this.size) {
      heap.push(pair);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!better(heap[parent], heap[at], this.ids)) break;
        [heap[parent], heap[at]] = [heap[at], heap[parent]];
        at = parent;
      }
    } else if (better(pair, heap[0], this.ids)) {
      heap[0] = pair;
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < heap.length && better(heap[worst], heap[left], this.ids)) worst = left;
        if (right < heap.length && better(heap[worst], heap[right], this.ids)) worst = right;
        if (worst === at) break;
        [heap[worst], heap[at]] = [heap[at], heap[worst]];
        at = worst;
      }
    }
  }

  sorted(): ScoredPair[] {
    return [...this.heap].sort((a, b) => (better(a, b, this.ids) ? -1 : better(b, a, this.ids) ? 1 : 0));
  }
}

/**
 * Calls `visit(i, j, cosine)` for every pair i < j whose cosine is at least `min`. Vectors that are mostly zeros
 * (the hash embedder's) are read as sparse lists; dense ones are multiplied four lanes at a time.
 */
export function forEachCosine(vectors: Float32Array[], min: number, visit: (i: number, j: number, cosine: number) => void) {
  const n = vectors.length;
  if (n < 2) return;
  const d = vectors[0].length;
  const nonZero = vectors.map(v => {
    const idx: number[] = [];
    for (let k = 0; k < d; k++) if (v[k] !== 0) idx.push(k);
    return Int32Array.from(idx);
  });
  const meanNonZero = nonZero.reduce((sum, idx) => sum + idx.length, 0) / n;
  if (meanNonZero * 4 < d) {
    const values = vectors.map((v, i) => Float32Array.from(nonZero[i], k => v[k]));
    for (let i = 0; i < n; i++) {
      const row = vectors[i];
      for (let j = i + 1; j < n; j++) {
        const idx = nonZero[j];
        const val = values[j];
        let dot = 0;
        for (let k = 0; k < idx.length; k++) dot += row[idx[k]] * val[k];
        if (dot >= min) visit(i, j, dot);
      }
    }
    return;
  }
  const flat = new Float32Array(n * d);
  vectors.forEach((v, i) => flat.set(v, i * d));
  const lanes = d - (d % 4);
  for (let i = 0; i < n; i++) {
    const oi = i * d;
    for (let j = i + 1; j < n; j++) {
      const oj = j * d;
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (let k = 0; k < lanes; k += 4) {
        s0 += flat[oi + k] * flat[oj + k];
        s1 += flat[oi + k + 1] * flat[oj + k + 1];
        s2 += flat[oi + k + 2] * flat[oj + k + 2];
        s3 += flat[oi + k + 3] * flat[oj + k + 3];
      }
      for (let k = lanes; k < d; k++) s0 += flat[oi + k] * flat[oj + k];
      const dot = s0 + s1 + s2 + s3;
      if (dot >= min) visit(i, j, dot);
    }
  }
}

function scored(search: Pick<PairSearch, 'vectors' | 'usage' | 'coUsage'>, i: number, j: number, cosine: number): ScoredPair {
  const both = search.coUsage.get(pairKey(i, j, search.vectors.length)) ?? 0;
  const co = jaccard(both, search.usage[i], search.usage[j]);
  return { i, j, similarity: round4(combineSimilarity(cosine, co)), cosine: round4(Math.min(1, Math.max(0, cosine))), co_usage: round4(co) };
}

/** The similarity of one pair (i < j), as mostSimilarPairs would score it. */
export function scorePair(search: Pick<PairSearch, 'vectors' | 'usage' | 'coUsage'>, i: number, j: number): ScoredPair {
  const [a, b] = [search.vectors[i], search.vectors[j]];
  let dot = 0;
  for (let k = 0; k < a.length; k++) dot += a[k] * b[k];
  return scored(search, i, j, dot);
}

/** The `maxPairs` most similar pairs at or above `floor`, most similar first (ties by id). */
export function mostSimilarPairs(search: PairSearch): ScoredPair[] {
  const top = new TopPairs(search.maxPairs, search.ids);
  forEachCosine(search.vectors, minCosineFor(search.floor), (i, j, cosine) => {
    const pair = scored(search, i, j, cosine);
    if (pair.similarity >= search.floor && !search.skip(i, j)) top.offer(pair);
  });
  return top.sorted();
}

/** Cosine between `query` and the mean of `members` (all unit length); 0 when there are none. */
export function cosineToCentroid(query: Float32Array, members: Float32Array[]): number {
  if (members.length === 0) return 0;
  const centroid = new Float64Array(query.length);
  for (const member of members) for (let k = 0; k < centroid.length; k++) centroid[k] += member[k];
  let dot = 0;
  let norm = 0;
  for (let k = 0; k < centroid.length; k++) {
    dot += query[k] * centroid[k];
    norm += centroid[k] * centroid[k];
  }
  return norm === 0 ? 0 : dot / Math.sqrt(norm);
}
