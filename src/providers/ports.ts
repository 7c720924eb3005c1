/** Models sit behind these ports; each has a deterministic fake for tests. */

export type * from './ports.sessions.ts';
export * from './ports.conversations.ts';

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

/** An entity found in a text; `name` is as written (cleaned), `entity_type` in our vocabulary when we can. */
export interface ExtractedEntity {
  name: string;
  entity_type: string;
  description?: string;
  aliases?: string[];
  /** 0..1: how sure the extractor is that this is a real entity of this type. */
  confidence: number;
  /** How often the text mentions it. */
  occurrences?: number;
}

/** A relation between two extracted entities, named by their `name`. */
export interface ExtractedRelationship {
  source: string;
  target: string;
  relation_type: string;
  description?: string;
  confidence: number;
}

export interface Extraction {
  entities: ExtractedEntity[];
  relationships: ExtractedRelationship[];
}

/** How thorough a language model is asked to be: the reference's levels. */
export type ExtractionLevel = 'swift' | 'guided' | 'expert';

export interface ExtractionInput {
  text: string;
  title?: string;
  level?: ExtractionLevel;
  /** ISO time that relative dates ("yesterday") are read against; default now. */
  reference_time?: string;
  /** Language the model should answer in (names stay as written). */
  language?: string | null;
}

/** Finds entities and relations in text: offline rules, or a language model. */
export interface Extractor {
  /** "rules" or "llm". */
  readonly provider: string;
  readonly model: string | null;
  /** True when fast enough to run inside a request (offline rules); false for a language model (runs in the background). */
  readonly inline: boolean;
  /** True when extract() runs on another thread: calls made together do not hold up the event loop. */
  readonly offThread?: boolean;
  /** Threads extract() spreads the calls made together over (default 1): the background queue claims that many batches. */
  readonly threads?: number;
  /** Stops what the extractor started (a worker thread). */
  close?(): Promise<void>;
  extract(input: ExtractionInput): Promise<Extraction>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A chat model behind an OpenAI-compatible API (OpenAI, Ollama, LM Studio, vLLM…). */
export interface Llm {
  readonly provider: string;
  readonly model: string;
  readonly baseUrl: string;
  /**
   * Asks for one JSON object following `schema` and resolves to it parsed. Rejects when the server cannot be reached,
   * answers with an error, or the answer is not JSON. An aborted `signal` ends the request at once.
   */
  completeJson(messages: ChatMessage[], schema: { name: string; schema: Record<string, unknown> }, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** Words meaning the same as a word, or a little more generally (a thesaurus); [] for a word it does not know. */
export interface Thesaurus {
  related(word: string): string[];
}
