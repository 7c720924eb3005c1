/** Table shapes as Kysely sees them. Booleans are 0/1 integers and JSON is text, on every backend. */
export interface MemoriesTable {
  id: string;
  space_id: string;
  title: string;
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

export interface EvolvesTable {
  id: string;
  from_memory_id: string;
  to_memory_id: string;
  relation: string;
  confidence: number;
  detected_by: string;
  reason: string;
  reviewed: number;
  created_at: string;
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

export interface Database {
  memories: MemoriesTable;
  labels: LabelsTable;
  memory_labels: MemoryLabelsTable;
  label_merges: LabelMergesTable;
  label_merge_edges: LabelMergeEdgesTable;
  evolves: EvolvesTable;
  api_keys: ApiKeysTable;
  memory_embeddings: MemoryEmbeddingsTable;
}
