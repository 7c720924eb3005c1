import type { Generated } from 'kysely';

/** Thread, message and working-memory tables as Kysely sees them (booleans 0/1, JSON as text). */
export interface ThreadsTable {
  /** The row key the full-text index points at (kept by VACUUM). */
  seq: Generated<number>;
  id: string;
  thread_id: string;
  space_id: string;
  title: string;
  summary: string;
  source: string;
  /** JSON array of strings. */
  participants: string;
  project: string | null;
  workspace: string | null;
  tool_version: string | null;
  import_date: string | null;
  metadata: string;
  message_count: number;
  is_favorite: number;
  favorited_at: string | null;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
}

export interface ThreadMessagesTable {
  seq: Generated<number>;
  id: string;
  thread_pk: string;
  position: number;
  role: string;
  content: string;
  timestamp: string | null;
  metadata: string;
  external_id: string | null;
  content_hash: string;
  token_count: number;
  created_at: string;
}

export interface ThreadAppendKeysTable {
  thread_pk: string;
  key: string;
  /** The acknowledgement last given under the key, JSON. */
  ack: string;
  /** Fingerprint of the request that acknowledgement answered (null on rows from before migration 009). */
  request_hash: string | null;
  created_at: string;
}

export interface ThreadSettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: string;
}

export interface WorkingMemoryTable {
  space_id: string;
  /** The UTC day, `YYYY-MM-DD`. */
  date: string;
  content: string;
  created_at: string;
  updated_at: string;
}

/** A thread deleted in bulk, restorable until `expires_at` (migration 027). */
export interface ThreadTrashTable {
  /** The thread's internal id (`threads.id`), kept on restore. */
  thread_pk: string;
  thread_id: string;
  space_id: string;
  title: string;
  message_count: number;
  deleted_at: string;
  expires_at: string;
  /** JSON: the thread and its messages as they were (storage/ports.threads.ts ThreadSnapshot). */
  snapshot: string;
}

/** A completed history sync reported by a client (`nmem` history sync), migration 027. */
export interface ThreadImportRunsTable {
  id: string;
  space_id: string;
  client: string;
  /** JSON: imported, created, updated and failed counts. */
  counts: string;
  created_at: string;
}
