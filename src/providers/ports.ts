/** Models sit behind these ports; each has a deterministic fake for tests. */

export interface Embedder {
  /** Provider name, e.g. "hash", "use-lite", "openai". */
  readonly provider: string;
  /** Model name; changing it marks every stored vector stale. */
  readonly model: string;
  readonly dimensions: number;
  /** Cosine typical of unrelated texts under this model: below it a vector match means nothing. */
  readonly unrelatedCosine: number;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Releases what the model holds (a worker thread, a connection); optional. */
  close?(): Promise<void>;
}

/** Approximate nearest-neighbour index (HNSW) over unit vectors, keyed by small integers. */
export interface AnnIndex {
  readonly size: number;
  /** Adds or replaces the vector of each key. */
  add(keys: number[], vectors: Float32Array[]): void;
  remove(keys: number[]): void;
  /** Up to `k` keys nearest the query by cosine, nearest first. */
  search(query: Float32Array, k: number): number[];
}

export type AnnIndexFactory = (dimensions: number) => AnnIndex;
