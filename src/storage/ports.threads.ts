/** Thread, message and working-memory records and repositories (part of the Store; re-exported by ports.ts). */
import type { LexicalQuery } from './ports.lexical.ts';
import type { Selectable } from 'kysely';
import type { WorkingMemoryTable } from './shared/schema.threads.ts';

/** A conversation thread. `id` is internal; clients name a thread by `thread_id`, unique within its space. */
export interface ThreadRecord {
  id: string;
  thread_id: string;
  space_id: string;
  title: string;
  summary: string;
  source: string;
  participants: string[];
  project: string | null;
  workspace: string | null;
  tool_version: string | null;
  import_date: string | null;
  metadata: Record<string, unknown>;
  message_count: number;
  is_favorite: boolean;
  favorited_at: string | null;
  created_at: string;
  updated_at: string;
  /** Time of the newest message (its own timestamp, else when it was stored). */
  last_message_at: string | null;
}

export interface ThreadMessageRecord {
  id: string;
  /** The thread's internal id. */
  thread_pk: string;
  /** 0-based order in the thread (`order_index`). */
  position: number;
  role: string;
  content: string;
  timestamp: string | null;
  metadata: Record<string, unknown>;
  external_id: string | null;
  /** messageHash(role, content): finds duplicate candidates. */
  content_hash: string;
  token_count: number;
  created_at: string;
}

export type ThreadPatch = Partial<Omit<ThreadRecord, 'id' | 'thread_id' | 'created_at'>>;

export interface ThreadListFilter {
  space_id: string;
  source?: string;
  limit: number;
  offset: number;
}

export interface ThreadSourceCount {
  source: string;
  thread_count: number;
  message_count: number;
  last_activity: string;
}

/** The acknowledgement recorded for an idempotency key, replayed when the same request comes again. */
export interface AppendAck {
  messages_added: number;
  total_messages: number;
  append_mode: string;
  duplicates_skipped: number;
  message_ids: string[];
}

export interface ThreadRepo {
  insert(thread: ThreadRecord): Promise<void>;
  update(id: string, patch: ThreadPatch): Promise<void>;
  get(spaceId: string, threadId: string): Promise<ThreadRecord | undefined>;
  getMany(ids: string[]): Promise<ThreadRecord[]>;
  /** A page of threads, most recent activity first (ties by thread_id). */
  list(filter: ThreadListFilter): Promise<{ items: ThreadRecord[]; total: number }>;
  /** Every thread of the space, most recent activity first. */
  listAll(spaceId: string): Promise<ThreadRecord[]>;
  /** Thread and message counts per source, most threads first (ties by source). */
  sources(spaceId: string): Promise<ThreadSourceCount[]>;
  /** Favorite threads of every space, most recently favorited first. */
  listFavorites(limit: number): Promise<ThreadRecord[]>;
  /** Deletes the thread, its messages and idempotency records; returns how many messages went. */
  delete(id: string): Promise<number>;

  insertMessages(messages: ThreadMessageRecord[]): Promise<void>;
  /** Messages in order from `offset`; all of them when `limit` is null. */
  messages(threadPk: string, offset: number, limit: number | null): Promise<ThreadMessageRecord[]>;
  /** Stored messages whose content hash is among `hashes`: the candidates for duplicates. */
  messagesByHash(threadPk: string, hashes: string[]): Promise<Pick<ThreadMessageRecord, 'role' | 'content' | 'external_id'>[]>;
  /** Every external id stored in the thread. */
  externalIds(threadPk: string): Promise<string[]>;
  totalTokens(threadPk: string): Promise<number>;
  /** A message by id, with the thread it belongs to. */
  findMessage(messageId: string): Promise<{ id: string; thread_pk: string; thread_id: string; space_id: string } | undefined>;

  /** What the key last answered, and the fingerprint of the request it answered (null when not recorded). */
  appendKey(threadPk: string, key: string): Promise<{ ack: AppendAck; request_hash: string | null } | undefined>;
  /** Records (or replaces) the key's acknowledgement and request fingerprint. */
  saveAppendKey(threadPk: string, key: string, entry: { ack: AppendAck; request_hash: string }, at: string): Promise<void>;

  /** Ids of the memories of a space whose source is this thread. */
  memoryIds(spaceId: string, threadId: string): Promise<string[]>;
  /** Forgets the thread as the source of those memories; returns how many. */
  clearProvenance(spaceId: string, threadId: string): Promise<number>;

  /** The saved import configuration (JSON object), if any. */
  importConfig(): Promise<Record<string, unknown> | undefined>;
  saveImportConfig(config: Record<string, unknown>, at: string): Promise<void>;
  /** Records a completed history sync. */
  recordImportRun(run: ThreadImportRun): Promise<void>;
  /** The newest recorded history syncs, newest first. */
  importRuns(limit: number): Promise<ThreadImportRun[]>;
}

export type WorkingMemoryRecord = Selectable<WorkingMemoryTable>;

export interface WorkingMemoryRepo {
  get(spaceId: string, date: string): Promise<WorkingMemoryRecord | undefined>;
  /** The newest entry on or before `date`. */
  latest(spaceId: string, date: string): Promise<WorkingMemoryRecord | undefined>;
  /** Writes the entry of its day, replacing that day's content. */
  upsert(record: WorkingMemoryRecord): Promise<void>;
  /** Days with an entry, newest first, and how many there are. */
  history(spaceId: string, limit: number): Promise<{ items: { date: string; updated_at: string; chars: number }[]; total: number }>;
}

export interface ThreadSearchFilter {
  space_id: string;
  source?: string;
}

export interface MessageHit {
  thread_pk: string;
  message_id: string;
  position: number;
  role: string;
  timestamp: string | null;
  /** bm25: lower is better. */
  rank: number;
  snippet: string;
}

/** Full-text search over thread messages and titles (FTS5 on SQLite). */
export interface ThreadSearchRepo {
  /** Best message matches within the filter, best first. */
  messages(query: LexicalQuery, filter: ThreadSearchFilter, limit: number): Promise<MessageHit[]>;
  /** Substring matches through the trigram index (CJK); the needle is plain text. */
  substring(needle: string, filter: ThreadSearchFilter, limit: number): Promise<MessageHit[]>;
  /** How many messages and threads match in all. */
  count(query: LexicalQuery, filter: ThreadSearchFilter): Promise<{ messages: number; threads: number }>;
  /** Threads whose title or summary matches, best first. */
  titles(query: LexicalQuery, filter: ThreadSearchFilter, limit: number): Promise<{ thread_pk: string; rank: number }[]>;
}

/** A thread and its messages as they were when deleted (what a restore puts back). */
export interface ThreadSnapshot {
  thread: ThreadRecord;
  messages: ThreadMessageRecord[];
}

/** What a list of deleted threads shows. */
export interface ThreadTrashEntry {
  thread_pk: string;
  thread_id: string;
  space_id: string;
  title: string;
  message_count: number;
  deleted_at: string;
  expires_at: string;
}

/** Threads deleted in bulk, kept restorable for CAIRN_TRASH_DAYS. */
export interface ThreadTrashRepo {
  /** Stores the snapshots; a thread (by internal id) already in the trash is replaced. */
  insert(items: (ThreadTrashEntry & { snapshot: ThreadSnapshot })[]): Promise<void>;
  /** Newest deletion first (ties by internal id); `total` counts every match. */
  list(filter: { space_id?: string; limit: number; offset: number }): Promise<{ items: ThreadTrashEntry[]; total: number }>;
  /** The deleted threads of a space named by thread_id, newest deletion first. */
  byThreadIds(spaceId: string, threadIds: string[]): Promise<(ThreadTrashEntry & { snapshot: ThreadSnapshot })[]>;
  /** Removes these items (by internal id); returns how many went. */
  remove(threadPks: string[]): Promise<number>;
  /** Removes the items whose `expires_at` is at or before `now`; returns how many. */
  purgeExpired(now: string): Promise<number>;
}

/** A history sync a client reported as completed. */
export interface ThreadImportRun {
  id: string;
  space_id: string;
  client: string;
  counts: Record<string, number>;
  created_at: string;
}
