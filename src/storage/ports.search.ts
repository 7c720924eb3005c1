/** The search projection of the store (part of the Store; re-exported by ports.ts). */
import type { LifecycleState, UnitType } from '../domain/memory.ts';
import type { FieldWeights } from '../domain/searchProfile.ts';
import type { LexicalQuery } from './ports.lexical.ts';
import type { WorkClaim } from './ports.coordination.ts';
import type { PostedMemory } from '../domain/conversationInference.ts';

/** What a search may be restricted to; every field but space and states is optional. */
export interface SearchFilter {
  space_id: string;
  states: LifecycleState[];
  unit_type?: UnitType;
  /** The memory carries at least one of these labels (by name). */
  label_names?: string[];
  /** `key` (present) or `key=value` (equal, compared as text) on the memory's metadata. */
  metadata?: { key: string; value?: string }[];
  event_from?: string;
  event_to?: string;
  recorded_from?: string;
  recorded_to?: string;
  /** Only these memories: a candidate set already narrowed, to be ranked again. */
  ids?: string[];
}

/** A memory that is a conversation turn by metadata (domain/conversation.ts), with that metadata. */
export interface MetadataTurn {
  id: string;
  metadata: Record<string, unknown>;
}

/** A memory read around another in posting order (created_at, then id): what domain/conversationInference.ts reads. */
export interface PostedNeighbour extends PostedMemory {
  /** The memory whose window this row belongs to. */
  anchor: string;
}

/** A memory captured or distilled from a thread, with the position of its source message in the thread. */
export interface ThreadTurn {
  id: string;
  source_thread_id: string;
  position: number;
}

export interface LexicalHit {
  id: string;
  /** bm25 from FTS5: lower is better. */
  rank: number;
}

export interface PendingEmbedding {
  id: string;
  title: string;
  content: string;
  version: number;
}

/** The search projection: full-text indexes and stored embeddings. */
export interface SearchRepo {
  /**
   * Best full-text matches within the filter, a title word counting `fields.title` against a content word's
   * `fields.content` (the search profile's weights; the backend has none of its own).
   */
  lexical(query: LexicalQuery, filter: SearchFilter, limit: number, fields: FieldWeights): Promise<LexicalHit[]>;
  /** The newest memories (by insertion) matching the query within the filter: cost bounded by `limit`, not by the matches. */
  newestMatching(query: LexicalQuery, filter: SearchFilter, limit: number): Promise<string[]>;
  /**
   * Terms of the full-text index (as the backend indexes them: SQLite holds Porter stems) that begin with `prefix`,
   * with how many memories hold each, most held first, at most `limit`: what word forms and typos are matched against.
   */
  vocabulary(prefix: string, limit: number): Promise<{ term: string; documents: number }[]>;
  /** Memories within the filter whose metadata `key` (as text) is one of `values`, at most `limit`. */
  turnsByMetadata(key: 'dia_id' | 'session_id', values: string[], filter: SearchFilter, limit: number): Promise<MetadataTurn[]>;
  /**
   * For each anchor, up to `each` memories within the filter posted just before it and `each` just after (by created_at,
   * then id; an index on the space and that order serves it), with the first `opening` characters of their content.
   */
  postedAround(anchors: { id: string; created_at: string }[], filter: SearchFilter, each: number, opening: number): Promise<PostedNeighbour[]>;
  /** Memories within the filter captured or distilled from these threads (by thread_id), with their source message's position. */
  threadTurns(threadIds: string[], filter: SearchFilter, limit: number): Promise<ThreadTurn[]>;
  /** Substring matches through the trigram index (CJK and partial words); the needle is plain text. */
  substring(needle: string, filter: SearchFilter, limit: number): Promise<LexicalHit[]>;
  /** For each word, how many memories within the filter hold it (as full text matches it), counted no further than `cap`. */
  documentFrequencies(words: string[], filter: SearchFilter, cap: number): Promise<Map<string, number>>;
  /** How many memories pass the filter. */
  countFiltered(filter: SearchFilter): Promise<number>;
  /** The ids among `ids` that pass the filter. */
  filterIds(ids: string[], filter: SearchFilter): Promise<string[]>;
  /**
   * How many memories hold each word (any space, any state) and how many memories there are. Cached for a minute:
   * it only guides which words a query searches by, so a little staleness is harmless.
   */
  termStats(words: string[]): Promise<{ documents: number; frequency: Map<string, number> }>;
  /** Memories that pass the filter dated (event_start, else created_at) within any of the day-aligned spans, most important first. */
  inTimeSpans(spans: { from: string; to: string }[], filter: SearchFilter, limit: number): Promise<string[]>;
  /**
   * Memories waiting for their embedding, oldest first. With `claim`, only those no other holder has a live claim on,
   * and they are claimed for this holder until `claim.lease_until` (two processes never embed the same memory).
   */
  pendingEmbeddings(limit: number, claim?: WorkClaim): Promise<PendingEmbedding[]>;
  /**
   * Stores vectors and clears `reindex_needed`, in one transaction, where the content has not changed since (same
   * version); the claims on these memories end.
   */
  saveEmbeddings(items: { memory_id: string; version: number; vector: Float32Array }[], model: string, at: string): Promise<number>;
  /** Every stored vector of this model, by memory (a migration carries them to another store). */
  storedVectors(model: string): Promise<{ memory_id: string; vector: Float32Array }[]>;
  /** Memories the index covers: every one not forgotten. */
  countIndexable(): Promise<number>;
  countNeedingReindex(): Promise<number>;
  /** When the memory waiting longest for its embedding was last written; null when none waits. */
  oldestNeedingReindex(): Promise<string | null>;
  idsNeedingReindex(limit?: number): Promise<string[]>;
  /** Flags memories for re-embedding: the given ids, or every memory. Returns how many were flagged. */
  markForReindex(ids?: string[]): Promise<number>;
  /**
   * Flags for embedding every memory (not forgotten) that has no vector of this model for its current content: written
   * while no embedder was configured, under another model, or edited since. Returns how many were flagged.
   */
  markMissingVectors(model: string): Promise<number>;
  /** Removes vectors made by another model (after the embedder changed). */
  dropVectorsNotOf(model: string): Promise<number>;
  /** Rebuilds the full-text indexes from the memories table. */
  rebuildFullText(): Promise<void>;
  sizeBytes(): Promise<{ search_index_bytes: number; database_bytes: number }>;
  /** Compacts the database and its indexes; returns bytes before and after. */
  optimize(): Promise<{ before_bytes: number; after_bytes: number }>;
}
