import type { LifecycleState, UnitType } from '../domain/memory.ts';
import type { RevisionEdge } from '../domain/revision.ts';
import type { EvolvesRelation } from '../domain/evolves.ts';

/** A memory as storage keeps it; field names are the interface's. */
export interface MemoryRecord {
  id: string;
  space_id: string;
  title: string;
  /** True when the title was derived from the content (and follows it), false when the caller gave it. */
  title_derived: boolean;
  content: string;
  source: string;
  importance: number;
  confidence: number;
  unit_type: UnitType;
  lifecycle_state: LifecycleState;
  is_latest: boolean;
  is_crystal: boolean;
  is_favorite: boolean;
  favorited_at: string | null;
  reindex_needed: boolean;
  metadata: Record<string, unknown>;
  event_start: string | null;
  event_end: string | null;
  temporal_context: string | null;
  source_thread_id: string | null;
  source_message_id: string | null;
  state_reason: string | null;
  state_changed_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type MemoryPatch = Partial<Omit<MemoryRecord, 'id' | 'created_at'>>;

/**
 * What search ranks a memory by: its candidates (about a hundred a query) are read with these fields alone, and only
 * the results it answers with are read whole (storage/shared/memories.ts names the columns).
 */
export type RankedMemory = Pick<MemoryRecord, 'id' | 'title' | 'content' | 'importance' | 'metadata' | 'event_start' | 'created_at' | 'source_thread_id'>;

export interface MemoryListFilter {
  space_id: string;
  states: LifecycleState[];
  importance_min: number;
  is_crystal?: boolean;
  unit_type?: UnitType;
  /** Memories carrying any label of these canonical forms. */
  label_canonicals?: string[];
  limit: number;
  offset: number;
}

/** An EVOLVES edge: the fields a history correction plans with (domain/revision.ts), and when it was made. */
export interface EvolvesEdge extends RevisionEdge {
  created_at: string;
}

export interface MemoryRepo {
  insert(memory: MemoryRecord): Promise<void>;
  update(id: string, patch: MemoryPatch): Promise<void>;
  getById(id: string): Promise<MemoryRecord | undefined>;
  getMany(ids: string[]): Promise<MemoryRecord[]>;
  /** The content version of each memory of `ids` that exists (what the background queue checks before it writes). */
  versions(ids: string[]): Promise<Map<string, number>>;
  /** getMany with only the fields search ranks by: a narrower read for its candidates. */
  getForRanking(ids: string[]): Promise<RankedMemory[]>;
  list(filter: MemoryListFilter): Promise<{ items: MemoryRecord[]; total: number }>;
  listFavorites(limit: number): Promise<MemoryRecord[]>;
  /** Ids of every memory in a space (any state), oldest first. */
  idsInSpace(spaceId: string): Promise<string[]>;
  /** Ids among `ids` that exist in `spaceId`. */
  idsAmong(ids: string[], spaceId: string): Promise<string[]>;
  moveToSpace(ids: string[], spaceId: string, at: string): Promise<number>;
  /** Deletes the memories and every edge touching them; returns how many edges went with them. */
  deleteMany(ids: string[]): Promise<{ memories: number; edges: number }>;
}

/** EVOLVES edges: a view of the memory relations whose relation_type is EVOLVES (storage/shared/evolves.ts). */
export interface EvolvesRepo {
  /** Records the edge newer → older, active; an edge the pair already has in that direction is overwritten (its id stays). */
  insert(edge: EvolvesEdge): Promise<void>;
  /** Active edges touching the memory, oldest first. */
  listForMemory(memoryId: string): Promise<EvolvesEdge[]>;
  /** Active edges between two memories, both directions, oldest first. */
  between(a: string, b: string): Promise<EvolvesEdge[]>;
  /** A page of active edges whose two memories are not forgotten, newest first (ties by id, descending), and how many match. */
  list(filter: EvolvesListFilter): Promise<{ items: EvolvesListItem[]; total: number }>;
}

export interface EvolvesListFilter {
  /** Edges where this memory is the newer or the older one. */
  memory_id?: string;
  relation?: EvolvesRelation;
  unreviewed_only: boolean;
  /** Edges whose newer memory is in this space. */
  space_id?: string;
  limit: number;
  offset: number;
}

/** An EVOLVES edge with the titles and space of its memories. */
export interface EvolvesListItem extends EvolvesEdge {
  newer_title: string;
  older_title: string;
  space_id: string;
}

export interface ApiKeyRepo {
  insert(key: { id: string; key_hash: string; created_at: string }): Promise<void>;
  listHashes(): Promise<string[]>;
  /** Every stored key by id and creation time, oldest first; never the digest. */
  list(): Promise<{ id: string; created_at: string }[]>;
  /** Deletes a key; false when no key has this id. */
  delete(id: string): Promise<boolean>;
  /** Every stored key with its digest, oldest first: what `cairn migrate` copies to another store. */
  entries(): Promise<{ id: string; key_hash: string; created_at: string }[]>;
}
