import type { LifecycleState, UnitType } from '../domain/memory.ts';
import type { RevisionEdge } from '../domain/revision.ts';
import type { LabelOrder, MemoryLabelCounts } from '../domain/label.ts';
import type { EntityRelationRepo, EntityRepo, ExtractionQueueRepo, MentionRepo } from './ports.graph.ts';

export type * from './ports.graph.ts';
import type { MemoryRelationRepo } from './ports.relations.ts';

export type * from './ports.relations.ts';
import type { ThreadRepo, ThreadSearchRepo, WorkingMemoryRepo } from './ports.threads.ts';

export type * from './ports.threads.ts';
import type { CommunityRepo, CrystalRepo } from './ports.library.ts';

export type * from './ports.library.ts';
import type { ActivityRepo } from './ports.activity.ts';

export type * from './ports.activity.ts';
import type { AgentProfileRepo } from './ports.profiles.ts';

export type * from './ports.profiles.ts';
import type { EvolvesRelation } from '../domain/evolves.ts';
import type { TrashRepo } from './ports.trash.ts';

export type * from './ports.trash.ts';
import type { LibraryReadRepo } from './ports.libraryReads.ts';

export type * from './ports.libraryReads.ts';
import type { CommunityGraphRepo } from './ports.communities.ts';

export type * from './ports.communities.ts';
import type { JobRepo, TableRowsRepo } from './ports.portability.ts';

export type * from './ports.portability.ts';

export type * from './ports.lexical.ts';
import type { SearchRepo } from './ports.search.ts';

export type * from './ports.search.ts';
import type { GraphOverviewRepo } from './ports.graphOverview.ts';

export type * from './ports.graphOverview.ts';
import type { VectorSearchRepo } from './ports.vectors.ts';

export type * from './ports.vectors.ts';
import type { LeaseRepo, LockRepo } from './ports.coordination.ts';

export type * from './ports.coordination.ts';
import type { IdRepo } from './ports.ids.ts';

export type * from './ports.ids.ts';

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

/** An EVOLVES edge: the fields a history correction plans with (domain/revision.ts), and when it was made. */
export interface EvolvesEdge extends RevisionEdge {
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
  /** Labels whose canonical form is one of these, with usage counts. */
  getByCanonicals(canonicals: string[]): Promise<LabelWithUsage[]>;
  list(options: LabelListOptions): Promise<LabelWithUsage[]>;
  /** Every label with its usage count, by id. */
  listAllWithUsage(): Promise<LabelWithUsage[]>;
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
  /** Re-points the source's edges to the target where the memory lacks the target; returns how many moved. */
  moveEdges(sourceId: string, targetId: string): Promise<number>;
  /** Counts over memories that are not forgotten. */
  counts(): Promise<MemoryLabelCounts>;
  /** Edges of memories that are not forgotten, ordered by memory. */
  liveEdges(): Promise<{ memory_id: string; label_id: string }[]>;
  /** Every edge, ordered by memory then label. */
  listAll(): Promise<MemoryLabelEdge[]>;
  /** Contents of up to `perLabel` not-forgotten memories of each label, the greatest ids (the newest, for generated ids) first. */
  sampleContents(labelIds: string[], perLabel: number): Promise<{ label_id: string; content: string }[]>;
}

export interface MemoryLabelEdge {
  memory_id: string;
  label_id: string;
  created_at: string;
}

/** A recorded label merge: the source label as it was, so the merge can be undone. */
export interface LabelMergeRecord {
  id: string;
  source_id: string;
  target_id: string;
  source_label: LabelRecord;
  merged_at: string;
  undone_at: string | null;
}

export interface LabelMergeRepo {
  insert(merge: LabelMergeRecord): Promise<void>;
  getById(id: string): Promise<LabelMergeRecord | undefined>;
  /** Copies the source's edges into the merge record, marking memories that already carry the target; returns how many. */
  recordEdges(mergeId: string, sourceId: string, targetId: string): Promise<number>;
  /** A merge not undone whose source is this label, if any. */
  findActiveFrom(labelId: string): Promise<LabelMergeRecord | undefined>;
  /** Puts the recorded edges back on the source label (memories deleted since are gone); returns how many. */
  restoreEdges(merge: LabelMergeRecord): Promise<number>;
  /**
   * Removes from the target the edges this merge added, except where another merge into the same target that is
   * not undone also brought that memory; returns how many.
   */
  removeAddedEdges(merge: LabelMergeRecord): Promise<number>;
  /** Where such another merge keeps an edge this merge added, the earliest of them takes it over as its own addition. */
  handOverAddedEdges(merge: LabelMergeRecord): Promise<number>;
  /** Marks the merge undone; false when it was already. */
  markUndone(id: string, at: string): Promise<boolean>;
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

/** Everything a service may ask of storage inside or outside a transaction. */
export interface Repos {
  memories: MemoryRepo;
  labels: LabelRepo;
  memoryLabels: MemoryLabelRepo;
  labelMerges: LabelMergeRepo;
  evolves: EvolvesRepo;
  relations: MemoryRelationRepo;
  apiKeys: ApiKeyRepo;
  entities: EntityRepo;
  mentions: MentionRepo;
  entityRelations: EntityRelationRepo;
  extractionQueue: ExtractionQueueRepo;
  threads: ThreadRepo;
  workingMemory: WorkingMemoryRepo;
  communities: CommunityRepo;
  crystals: CrystalRepo;
  activity: ActivityRepo;
  trash: TrashRepo;
  libraryReads: LibraryReadRepo;
  agentProfiles: AgentProfileRepo;
  communityGraph: CommunityGraphRepo;
  graphOverview: GraphOverviewRepo;
  /** Raw rows for data export and import. */
  rows: TableRowsRepo;
  jobs: JobRepo;
  /** Named locks for read-change-write within a transaction (ports.coordination.ts). */
  locks: LockRepo;
  /** Leases on singleton background work. */
  leases: LeaseRepo;
  /** Abbreviated ids (prefixes) and the neighbours that make a short form unique. */
  ids: IdRepo;
}

export interface Store extends Repos {
  readonly backend: 'sqlite' | 'postgres';
  readonly search: SearchRepo;
  readonly threadSearch: ThreadSearchRepo;
  /** Nearest-neighbour search over the stored embeddings, consistent with the last commit. */
  readonly vectors: VectorSearchRepo;
  /** Runs `work` in one transaction: all its writes commit together or not at all. */
  transaction<T>(work: (tx: Repos) => Promise<T>): Promise<T>;
  /**
   * Like `transaction`, but shares one COMMIT with the other group transactions begun in the same event-loop turn
   * (group commit): one that throws fails alone (the group runs again, each in its own savepoint); each settles after
   * the COMMIT. `work` may run more than once: its effects must stay inside the transaction.
   */
  groupTransaction<T>(work: (tx: Repos) => Promise<T>): Promise<T>;
  /**
   * Runs `work`'s reads on one consistent snapshot of the data, taken when it starts, while writes go on: what it
   * reads never changes under it (an export sees every table as of one instant). For reads only: on a file
   * database the repositories sit on a read-only connection.
   */
  readSnapshot<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
  /** Cheap liveness probe of the database. */
  ping(): Promise<boolean>;
  /** Flushes the write-ahead log into the database file so a copy of the data dir is consistent. */
  checkpoint(): Promise<{ checkpointed: boolean; detail: string }>;
  close(): Promise<void>;
}
