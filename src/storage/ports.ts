import type { LifecycleState, UnitType } from '../domain/memory.ts';
import type { EvolvesDetector, EvolvesRelation } from '../domain/evolves.ts';
import type { LabelOrder } from '../domain/label.ts';

/** A memory as storage keeps it; field names are the interface's. */
export interface MemoryRecord {
  id: string;
  space_id: string;
  title: string;
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

export interface MemoryListFilter {
  space_id: string;
  states: LifecycleState[];
  importance_min: number;
  is_crystal?: boolean;
  unit_type?: UnitType;
  limit: number;
  offset: number;
}

export interface LabelRecord {
  id: string;
  name: string;
  canonical_name: string;
  color: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface LabelWithUsage extends LabelRecord {
  usage_count: number;
}

export interface LabelListOptions {
  limit: number;
  offset: number;
  order_by: LabelOrder;
  order_desc: boolean;
}

export interface EvolvesEdge {
  id: string;
  from_memory_id: string;
  to_memory_id: string;
  relation: EvolvesRelation;
  confidence: number;
  detected_by: EvolvesDetector;
  reason: string;
  reviewed: boolean;
  created_at: string;
}

export interface MemoryRepo {
  insert(memory: MemoryRecord): Promise<void>;
  update(id: string, patch: MemoryPatch): Promise<void>;
  getById(id: string): Promise<MemoryRecord | undefined>;
  getMany(ids: string[]): Promise<MemoryRecord[]>;
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

export interface LabelRepo {
  insert(label: LabelRecord): Promise<void>;
  update(id: string, patch: Partial<Omit<LabelRecord, 'id' | 'created_at'>>): Promise<void>;
  getById(id: string): Promise<LabelWithUsage | undefined>;
  getByName(name: string): Promise<LabelRecord | undefined>;
  getByNames(names: string[]): Promise<LabelRecord[]>;
  list(options: LabelListOptions): Promise<LabelWithUsage[]>;
  /** Deletes the label and its HAS_LABEL edges; returns how many edges went. */
  delete(id: string): Promise<number>;
}

export interface MemoryLabelRepo {
  /** Labels of each memory, by name. */
  labelsOf(memoryIds: string[]): Promise<Map<string, LabelRecord[]>>;
  /** Adds the edge unless present; returns whether it was added. */
  assign(memoryId: string, labelId: string, at: string): Promise<boolean>;
  /** Removes the edge; returns whether it existed. */
  remove(memoryId: string, labelId: string): Promise<boolean>;
  /** Makes the memory's labels exactly `labelIds`. */
  replace(memoryId: string, labelIds: string[], at: string): Promise<void>;
}

export interface EvolvesRepo {
  insert(edge: EvolvesEdge): Promise<void>;
  listForMemory(memoryId: string): Promise<EvolvesEdge[]>;
}

export interface ApiKeyRepo {
  insert(key: { id: string; key_hash: string; created_at: string }): Promise<void>;
  listHashes(): Promise<string[]>;
}

/** Everything a service may ask of storage inside or outside a transaction. */
export interface Repos {
  memories: MemoryRepo;
  labels: LabelRepo;
  memoryLabels: MemoryLabelRepo;
  evolves: EvolvesRepo;
  apiKeys: ApiKeyRepo;
}

export interface StorageInfo {
  backend: string;
  database_bytes: number;
}

export interface Store extends Repos {
  readonly backend: 'sqlite' | 'postgres';
  /** Runs `work` in one transaction: all its writes commit together or not at all. */
  transaction<T>(work: (tx: Repos) => Promise<T>): Promise<T>;
  /** Cheap liveness probe of the database. */
  ping(): Promise<boolean>;
  /** Flushes the write-ahead log into the database file so a copy of the data dir is consistent. */
  checkpoint(): Promise<{ checkpointed: boolean; detail: string }>;
  info(): Promise<StorageInfo>;
  close(): Promise<void>;
}
