/** Vector search as a capability of the store (part of the Store; re-exported by ports.ts). */

export interface VectorHit {
  id: string;
  /** Cosine similarity of the stored vector with the query (both unit vectors): 1 is the same direction. */
  cosine: number;
}

/** How a backend searches vectors, as `/search-index/status` and `/capabilities` show it. */
export interface VectorEngineStatus {
  /** e.g. `memory-exact+hnsw` (SQLite: exact scan in process memory, HNSW for big spaces), `pgvector-hnsw`. */
  engine: string;
  /** False when this backend cannot search vectors (e.g. PostgreSQL without pgvector): search answers from full text. */
  available: boolean;
  /** Why it is unavailable, or a note on how it searches; null when there is nothing to say. */
  detail: string | null;
}

/**
 * Nearest-neighbour search over the stored embeddings (`memory_embeddings`), always as of the last commit: every
 * write (an embedding saved, a memory deleted, moved to another space, restored, imported) is seen by the next
 * search without the caller telling the index, whichever process made it. Vectors are kept per embedding model.
 */
export interface VectorSearchRepo {
  status(): Promise<VectorEngineStatus>;
  /** How many vectors of `model` are stored. */
  count(model: string): Promise<number>;
  /** The `k` stored vectors of `model` nearest to `query` (a unit vector) among the memories of the space, most similar first (ties by id). */
  nearest(model: string, query: Float32Array, spaceId: string, k: number): Promise<VectorHit[]>;
  /** Cosine of the query with each of these memories that has a vector of `model`; the others are left out. */
  cosines(model: string, query: Float32Array, ids: string[]): Promise<Map<string, number>>;
}
