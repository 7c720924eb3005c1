import type { Generated } from 'kysely';
import type { AgentProfilesTable } from './schema.profiles.ts';
import type { SettingsTable, SpacesTable } from './schema.spaces.ts';
import type { SourceChunksTable, SourceFilesTable, SourceLabelsTable, SourcesTable } from './schema.sources.ts';
import type { CommunitiesTable, CommunityMembersTable, CommunityRunsTable, CrystalSourcesTable, CrystalsTable } from './schema.library.ts';
import type { EmbeddingClaimsTable, JobsTable, LeasesTable } from './schema.portability.ts';
import type { SyncAppliedTable, SyncClockTable, SyncLabelAliasTable, SyncLogTable, SyncReceivedTable, SyncStateTable } from './schema.sync.ts';
import type {
  ThreadAppendKeysTable,
  ThreadImportRunsTable,
  ThreadMessagesTable,
  ThreadSettingsTable,
  ThreadsTable,
  ThreadTrashTable,
  WorkingMemoryTable,
} from './schema.threads.ts';

/** Table shapes as Kysely sees them. Booleans are 0/1 integers and JSON is text, on every backend. */
export interface MemoriesTable {
  id: string;
  space_id: string;
  title: string;
  title_derived: number;
  content: string;
  source: string;
  importance: number;
  confidence: number;
  unit_type: string;
  lifecycle_state: string;
  is_latest: number;
  is_crystal: number;
  is_favorite: number;
  favorited_at: string | null;
  reindex_needed: number;
  metadata: string;
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

export interface LabelsTable {
  id: string;
  name: string;
  canonical_name: string;
  color: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface MemoryLabelsTable {
  memory_id: string;
  label_id: string;
  created_at: string;
}

/** Memory relations, EVOLVES edges included (migration 005 moved the old `evolves` table here). */
export interface MemoryRelationsTable {
  id: string;
  source_memory_id: string;
  target_memory_id: string;
  relation_type: string;
  strength: number | null;
  confidence: number | null;
  bidirectional: number;
  status: string;
  reviewed: number;
  source: string | null;
  author_id: string | null;
  agent_id: string | null;
  source_app: string | null;
  reason: string | null;
  /** JSON object. */
  properties: string;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  key_hash: string;
  created_at: string;
}

export interface MemoryEmbeddingsTable {
  memory_id: string;
  model: string;
  dimensions: number;
  vector: Uint8Array;
  content_version: number;
  created_at: string;
}

export interface LabelMergesTable {
  id: string;
  source_id: string;
  target_id: string;
  /** The source label's row as it was, JSON. */
  source_label: string;
  merged_at: string;
  undone_at: string | null;
}

export interface LabelMergeEdgesTable {
  merge_id: string;
  memory_id: string;
  /** When the source edge was made; restored as it was. */
  created_at: string;
  /** 1 when the memory already carried the target, so the merge added no edge for it. */
  already_present: number;
}

export interface EntitiesTable {
  id: string;
  name: string;
  canonical_name: string;
  entity_type: string;
  description: string;
  /** JSON array of strings. */
  aliases: string;
  confidence: number;
  caller_owned: number;
  /** MENTIONS edges of any memory (forgotten ones included), kept by database triggers. */
  mention_total: Generated<number>;
  metadata: string;
  created_at: string;
  updated_at: string;
}

export interface EntityKeysTable {
  key: string;
  entity_id: string;
}

export interface MentionsTable {
  memory_id: string;
  entity_id: string;
  occurrences: number;
  confidence: number;
  created_at: string;
  /** 1: written by an explicit apply, which an automatic rewrite of the memory's graph keeps. */
  applied: Generated<number>;
}

export interface EntityRelationsTable {
  id: string;
  source_entity_id: string;
  target_entity_id: string;
  relation_type: string;
  weight: number;
  confidence: number;
  description: string;
  memory_id: string | null;
  created_at: string;
  /** 1: written by an explicit apply, which an automatic rewrite of the memory's graph keeps. */
  applied: Generated<number>;
}

export interface ExtractionQueueTable {
  memory_id: string;
  content_version: number;
  level: string;
  attempts: number;
  last_error: string | null;
  queued_at: string;
  /** 1 once the memory's graph was written; EVOLVES detection (when `evolves`) is what remains. */
  graph_done: Generated<number>;
  evolves: Generated<number>;
  auto_label: Generated<number>;
  claimed_by: string | null;
  lease_until: string | null;
}

export interface TrashTable {
  memory_id: string;
  space_id: string;
  title: string;
  content_preview: string;
  deleted_at: string;
  expires_at: string;
  /** JSON: the memory and the rows its delete removed (storage/ports.trash.ts MemorySnapshot). */
  snapshot: string;
}

export interface Database {
  memories: MemoriesTable;
  labels: LabelsTable;
  memory_labels: MemoryLabelsTable;
  label_merges: LabelMergesTable;
  label_merge_edges: LabelMergeEdgesTable;
  memory_relations: MemoryRelationsTable;
  api_keys: ApiKeysTable;
  memory_embeddings: MemoryEmbeddingsTable;
  entities: EntitiesTable;
  entity_keys: EntityKeysTable;
  mentions: MentionsTable;
  entity_relations: EntityRelationsTable;
  extraction_queue: ExtractionQueueTable;
  threads: ThreadsTable;
  thread_messages: ThreadMessagesTable;
  thread_append_keys: ThreadAppendKeysTable;
  thread_settings: ThreadSettingsTable;
  thread_trash: ThreadTrashTable;
  thread_import_runs: ThreadImportRunsTable;
  working_memory: WorkingMemoryTable;
  communities: CommunitiesTable;
  community_members: CommunityMembersTable;
  crystals: CrystalsTable;
  crystal_sources: CrystalSourcesTable;
  trash: TrashTable;
  agent_profiles: AgentProfilesTable;
  community_runs: CommunityRunsTable;
  jobs: JobsTable;
  leases: LeasesTable;
  embedding_claims: EmbeddingClaimsTable;
  spaces: SpacesTable;
  settings: SettingsTable;
  sources: SourcesTable;
  source_files: SourceFilesTable;
  source_chunks: SourceChunksTable;
  source_labels: SourceLabelsTable;
  sync_state: SyncStateTable;
  sync_log: SyncLogTable;
  sync_applied: SyncAppliedTable;
  sync_received: SyncReceivedTable;
  sync_clock: SyncClockTable;
  sync_label_alias: SyncLabelAliasTable;
}
