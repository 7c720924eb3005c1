import type { SyncedTable } from '../../storage/ports.ts';

/**
 * The records that sync, by the entity name their changes carry: table, key columns, and the columns a change may set
 * (the ones SQLite migration 028's triggers record). Everything else is derived and recomputed on each device:
 * entities, mentions, communities, embeddings, search indexes, queues, activity; and of these tables a memory's
 * `version`/`reindex_needed`, a thread's `seq`/`message_count`/`last_message_at`, a message's `seq`.
 */
export const SYNCED_TABLES: Record<string, SyncedTable> = {
  memory: {
    entity: 'memory', table: 'memories', key: ['id'],
    columns: ['id', 'space_id', 'title', 'title_derived', 'content', 'source', 'importance', 'confidence', 'unit_type', 'lifecycle_state',
      'is_latest', 'is_crystal', 'is_favorite', 'favorited_at', 'metadata', 'event_start', 'event_end', 'temporal_context',
      'source_thread_id', 'source_message_id', 'state_reason', 'state_changed_at', 'created_at', 'updated_at'],
  },
  label: { entity: 'label', table: 'labels', key: ['id'], columns: ['id', 'name', 'canonical_name', 'color', 'description', 'created_at', 'updated_at'] },
  memory_label: { entity: 'memory_label', table: 'memory_labels', key: ['memory_id', 'label_id'], columns: ['memory_id', 'label_id', 'created_at'] },
  relation: {
    entity: 'relation', table: 'memory_relations', key: ['source_memory_id', 'target_memory_id', 'relation_type'],
    columns: ['id', 'source_memory_id', 'target_memory_id', 'relation_type', 'strength', 'confidence', 'bidirectional', 'status', 'reviewed',
      'source', 'author_id', 'agent_id', 'source_app', 'reason', 'properties', 'created_at', 'updated_at'],
  },
  thread: {
    entity: 'thread', table: 'threads', key: ['id'],
    columns: ['id', 'thread_id', 'space_id', 'title', 'summary', 'source', 'participants', 'project', 'workspace', 'tool_version', 'import_date',
      'metadata', 'is_favorite', 'favorited_at', 'created_at', 'updated_at'],
  },
  message: {
    entity: 'message', table: 'thread_messages', key: ['id'],
    columns: ['id', 'thread_pk', 'position', 'role', 'content', 'timestamp', 'metadata', 'external_id', 'content_hash', 'token_count', 'created_at'],
  },
  working_memory: { entity: 'working_memory', table: 'working_memory', key: ['space_id', 'date'], columns: ['space_id', 'date', 'content', 'created_at', 'updated_at'] },
};

/** A record's key as the log writes it: the id, or a JSON array of a composite key's values (SQLite's json_array). */
export const keyString = (table: SyncedTable, values: unknown[]): string => (table.key.length === 1 ? String(values[0]) : JSON.stringify(values));

/** A change's key back as the key columns' values; null when it does not fit the table (a malformed change). */
export function keyValues(table: SyncedTable, key: string): string[] | null {
  if (table.key.length === 1) return [key];
  try {
    const values: unknown = JSON.parse(key);
    return Array.isArray(values) && values.length === table.key.length && values.every(v => typeof v === 'string') ? values : null;
  } catch {
    return null;
  }
}
