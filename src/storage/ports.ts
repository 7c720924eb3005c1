/**
 * The storage ports: what a backend must provide to the services (`Store`), as one record of repositories. The record
 * and repository types live in the ports.<area>.ts files, none of which imports this one; this file gathers them and
 * re-exports their types, so services import from here alone.
 */
import type { ApiKeyRepo, EvolvesRepo, MemoryRepo } from './ports.memories.ts';

export type * from './ports.memories.ts';
import type { LabelMergeRepo, LabelRepo, MemoryLabelRepo } from './ports.labels.ts';

export type * from './ports.labels.ts';
import type { EntityRelationRepo, EntityRepo, ExtractionQueueRepo, MentionRepo } from './ports.graph.ts';

export type * from './ports.graph.ts';
import type { MemoryRelationRepo } from './ports.relations.ts';

export type * from './ports.relations.ts';
import type { ThreadRepo, ThreadSearchRepo, ThreadTrashRepo, WorkingMemoryRepo } from './ports.threads.ts';

export type * from './ports.threads.ts';
import type { CommunityRepo, CrystalRepo } from './ports.library.ts';

export type * from './ports.library.ts';
import type { ActivityRepo } from './ports.activity.ts';

export type * from './ports.activity.ts';
import type { AgentProfileRepo } from './ports.profiles.ts';
import type { SettingsRepo, SpaceRepo } from './ports.spaces.ts';
import type { SourceRepo } from './ports.sources.ts';

export type * from './ports.profiles.ts';
export type * from './ports.spaces.ts';
export type * from './ports.sources.ts';
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
import type { TableDescription } from './ports.schema.ts';
import type { SyncRepo } from './ports.sync.ts';

export type * from './ports.sync.ts';

export type * from './ports.schema.ts';

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
  /** Threads deleted in bulk, restorable until they expire. */
  threadTrash: ThreadTrashRepo;
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
  /** Space profiles and what each space holds. */
  spaces: SpaceRepo;
  /** Server-wide settings (spaces enabled, …). */
  settings: SettingsRepo;
  /** Documents ingested as chunked memories, their bytes and labels. */
  sources: SourceRepo;
  /** The sync change log: this device's changes, remote changes applied, field clocks (docs/sync.md). */
  sync: SyncRepo;
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
  /**
   * Every table of the database with its columns, as its catalogue has them (BackendAdapter.describeTables): what
   * the schema contract test compares with shared/schema.ts.
   */
  describeTables(): Promise<TableDescription[]>;
  /** Cheap liveness probe of the database. */
  ping(): Promise<boolean>;
  /** Flushes the write-ahead log into the database file so a copy of the data dir is consistent. */
  checkpoint(): Promise<{ checkpointed: boolean; detail: string }>;
  close(): Promise<void>;
}

/** One side's use of SQLite's write lock since the process started: milliseconds held and waited, times taken. */
export interface WriteLockUse {
  held_ms: number;
  waited_ms: number;
  takes: number;
}
/** The server's thread's use and the background threads' together (storage/sqlite/writeToken.ts counts them). */
export interface WriteLockUsage {
  server: WriteLockUse;
  background: WriteLockUse;
}
