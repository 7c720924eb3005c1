/** Knowledge-graph records and repositories (part of the Store; re-exported by ports.ts). */

/** An entity as storage keeps it; field names are the interface's. */
export interface EntityRecord {
  id: string;
  name: string;
  /** The match key of the name: lower case, punctuation folded (domain/entity.ts). */
  canonical_name: string;
  entity_type: string;
  description: string;
  aliases: string[];
  confidence: number;
  /** Created by an exact-mode apply: kept out of automatic alias and punctuation matching. */
  caller_owned: boolean;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface EntityWithStats extends EntityRecord {
  /** How many memories (not forgotten) mention it. */
  mention_count: number;
}

export type EntityPatch = Partial<Pick<EntityRecord, 'entity_type' | 'description' | 'aliases' | 'confidence' | 'metadata' | 'updated_at'>>;

export interface EntityListOptions {
  entity_type?: string;
  /** Case-insensitive substring of the name or an alias. */
  search?: string;
  limit: number;
  offset: number;
  order_by: 'created_at' | 'mention_count';
}

export interface EntityRepo {
  /** Inserts the entity with its lookup keys. */
  insert(entity: EntityRecord, keys: string[]): Promise<void>;
  /** Changes the given fields; `keys`, when given, are added to its lookup keys. */
  update(id: string, patch: EntityPatch, keys?: string[]): Promise<void>;
  getById(id: string): Promise<EntityWithStats | undefined>;
  getMany(ids: string[]): Promise<EntityWithStats[]>;
  /** Entities having any of these lookup keys, each with the key it matched (one row per match). */
  findByKeys(keys: string[]): Promise<{ key: string; entity: EntityRecord }[]>;
  /** Entities whose name is exactly one of these (case-sensitive). */
  findByNames(names: string[]): Promise<EntityRecord[]>;
  /** Ordered by `order_by` (descending), ties by id; `total` counts every match. */
  list(options: EntityListOptions): Promise<{ items: EntityWithStats[]; total: number }>;
  /** Deletes those of `ids` that no memory mentions any more (with their edges); returns the ids deleted. */
  deleteUnmentioned(ids: string[]): Promise<string[]>;
  /** How many entities are stored. */
  count(): Promise<number>;
  /** Entities no memory mentions (orphans), oldest first, at most `limit`; `total` counts them all. */
  listUnmentioned(limit: number): Promise<{ items: EntityRecord[]; total: number }>;
}

export interface MentionInput {
  memory_id: string;
  entity_id: string;
  occurrences: number;
  confidence: number;
  created_at: string;
  /** Written by an explicit apply: an automatic rewrite of the memory's graph keeps it (default false). */
  applied?: boolean;
}

/** A memory that mentions an entity, as entity reads show it. */
export interface MentioningMemory {
  memory_id: string;
  title: string;
  content: string;
  space_id: string;
  importance: number;
  created_at: string;
  occurrences: number;
  confidence: number;
}

export interface MentionRepo {
  /** Memory id → ids of the entities it mentions (memories mentioning none are absent). */
  entityIdsOf(memoryIds: string[]): Promise<Map<string, string[]>>;
  /** Entity id → ids of up to `limit` memories (not forgotten) mentioning it, newest first. */
  memoryIdsMentioning(entityIds: string[], limit: number): Promise<Map<string, string[]>>;
  /**
   * Adds MENTIONS edges; where the pair exists already, the higher occurrences and confidence stay (so a replay changes
   * nothing), and an applied edge stays applied.
   */
  add(mentions: MentionInput[]): Promise<void>;
  /**
   * Removes the memories' MENTIONS edges (with `automaticOnly`, those no explicit apply wrote); returns the ids of the
   * entities they pointed to (once each).
   */
  removeForMemories(memoryIds: string[], options?: { automaticOnly?: boolean }): Promise<string[]>;
  /** Memories (not forgotten, optionally of one space) mentioning the entity, newest first. */
  mentioningMemories(entityId: string, limit: number, spaceId?: string): Promise<MentioningMemory[]>;
  /**
   * Memories (not forgotten) to extract again, oldest first, at most `limit`: with `all` every one, else those with no
   * MENTIONS edge (their graph is missing). Memories already waiting in the extraction queue are left out.
   */
  memoriesToExtract(limit: number, all: boolean): Promise<{ id: string; version: number }[]>;
}

/** A RELATES_TO edge between two entities; one row per evidence (memory or apply), read in aggregate. */
export interface EntityRelationRecord {
  id: string;
  source_entity_id: string;
  target_entity_id: string;
  relation_type: string;
  weight: number;
  confidence: number;
  description: string;
  memory_id: string | null;
  created_at: string;
  /** Written by an explicit apply: an automatic rewrite of the memory's graph keeps it (default false). */
  applied?: boolean;
}

export interface EntityRelationRepo {
  insertMany(relations: EntityRelationRecord[]): Promise<void>;
  /** Removes the relations the memories evidenced (with `automaticOnly`, those no explicit apply wrote); returns how many. */
  removeForMemories(memoryIds: string[], options?: { automaticOnly?: boolean }): Promise<number>;
  /** Relation rows touching any of the entities, oldest first, at most `limit`. */
  touching(entityIds: string[], limit: number): Promise<EntityRelationRecord[]>;
}

export interface QueuedExtraction {
  memory_id: string;
  content_version: number;
  level: string;
  attempts: number;
  last_error: string | null;
  queued_at: string;
  /** The memory's graph is written; only its EVOLVES detection remains (when `evolves`). */
  graph_done: boolean;
  /** Look for an older memory this one updates, once its graph is written (a created memory). */
  evolves: boolean;
  /** Assign the existing labels the memory resembles (created without labels, CAIRN_AUTO_LABEL on). */
  auto_label: boolean;
}

/**
 * The background queue of memory writes: one row per memory waiting for its entities and graph, then its EVOLVES
 * detection. Workers claim rows with a lease; a lease that ran out (its worker died) is claimed again.
 */
/** A memory's request as a worker claimed it: the content version it is for. */
export interface ClaimedVersion {
  memory_id: string;
  content_version: number;
}

export interface ExtractionQueueRepo {
  /** Queues the memory (replacing an older request for it, and releasing any claim on that request). */
  enqueue(item: Pick<QueuedExtraction, 'memory_id' | 'content_version' | 'level' | 'queued_at'> & { evolves?: boolean }): Promise<void>;
  /** Queues a memory just inserted (so no request for it can exist yet): a plain insert. */
  enqueueNew(item: Pick<QueuedExtraction, 'memory_id' | 'content_version' | 'level' | 'queued_at' | 'evolves' | 'auto_label'>): Promise<void>;
  /**
   * Claims up to `limit` rows for `worker` until `lease_until`: the oldest tried fewer than `max_attempts` times that
   * nobody holds, or whose lease ended before `now`. (SQLite: one UPDATE, the only writer; PostgreSQL: FOR UPDATE SKIP LOCKED.)
   */
  claim(input: { worker: string; limit: number; max_attempts: number; now: string; lease_until: string }): Promise<QueuedExtraction[]>;
  /**
   * Records that the memories' graphs are written; the ids of those whose row is still this worker's claim for that
   * version (the others are left alone).
   */
  markGraphDone(requests: ClaimedVersion[], worker: string): Promise<Set<string>>;
  /** Removes the request if it is still for this content version (and, given a worker, still its claim); whether it did. */
  complete(memoryId: string, contentVersion: number, worker?: string): Promise<boolean>;
  /** `complete` of several requests claimed by `worker`, in one statement; the ids of those removed. */
  completeClaimed(requests: ClaimedVersion[], worker: string): Promise<Set<string>>;
  /** The memory's request, if one waits (claimed or not). */
  get(memoryId: string): Promise<QueuedExtraction | undefined>;
  /** Drops the memory's automatic label suggestion (a person wrote its labels); whether a waiting request had one. */
  forgoAutoLabel(memoryId: string): Promise<boolean>;
  /**
   * Releases every claim (a process that knows it is the only worker, on start: the claims are a dead one's), or,
   * given a worker, that worker's own (left by a run that failed: the database went away in the middle of a batch).
   */
  releaseClaims(worker?: string): Promise<number>;
  /** Counts a failed attempt and releases the claim. */
  fail(memoryId: string, error: string): Promise<void>;
  /** Requests still to be tried. */
  count(maxAttempts: number): Promise<number>;
  /** Requests still to be tried, the oldest one's queue time, and requests given up after `maxAttempts`. */
  stats(maxAttempts: number): Promise<{ pending: number; oldest_queued_at: string | null; failed: number }>;
}
