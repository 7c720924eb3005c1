/** Raw table rows for archives, and background jobs (part of the Store; re-exported by ports.ts). */

/** The tables an archive carries (services/exports decides which kind each becomes). */
export type PortableTable =
  | 'memories' | 'labels' | 'memory_labels' | 'memory_relations'
  | 'entities' | 'entity_keys' | 'mentions' | 'entity_relations'
  | 'communities' | 'community_members' | 'crystals' | 'crystal_sources'
  | 'threads' | 'thread_messages' | 'working_memory' | 'trash' | 'agent_profiles' | 'spaces' | 'settings'
  | 'sources' | 'source_chunks' | 'source_labels' | 'source_files';

/** A stored row as the database holds it (booleans 0/1, JSON as text), without columns the database derives. */
export type TableRow = Record<string, unknown>;

/** Rows of a table restricted to one column's value being equal (or not) to a constant. */
export interface RowFilter {
  column: string;
  op: '=' | '!=';
  value: string | number;
}

export interface TableRowsRepo {
  /** Whether the table exists in this store (a table added by a later migration may not). */
  hasTable(table: PortableTable): Promise<boolean>;
  /** The columns a row of the table may carry (derived ones excluded). */
  columns(table: PortableTable): Promise<string[]>;
  /** The table's key columns. */
  keyOf(table: PortableTable): string[];
  count(table: PortableTable, filter?: RowFilter): Promise<number>;
  /** Up to `limit` rows in key order, after the row whose key is `after` (keyset pagination). */
  page(table: PortableTable, options: { after?: unknown[]; limit: number; filter?: RowFilter }): Promise<TableRow[]>;
  /** Rows whose `column` is one of `values`, in key order. */
  whereIn(table: PortableTable, column: string, values: unknown[]): Promise<TableRow[]>;
  /** Keys (joined by '\u0000') of the given rows that the table already holds. */
  existingKeys(table: PortableTable, rows: TableRow[]): Promise<Set<string>>;
  /**
   * Inserts the rows; a row whose key exists is updated (`update`: unless the stored row's `updated_at` is newer) or
   * left as it is (`skip`). Returns how many rows were inserted or updated.
   */
  upsert(table: PortableTable, rows: TableRow[], onExisting: 'update' | 'skip'): Promise<number>;
  /** The unique key besides the id (a label's name, a thread's space and thread id…), or null when there is none. */
  naturalKeyOf(table: PortableTable): string[] | null;
  /** Natural key (joined by '\u0000') → id of the stored rows that share a natural key with any of `rows`. */
  idsByNaturalKey(table: PortableTable, rows: TableRow[]): Promise<Map<string, string>>;
  /** Sets every thread's `message_count` to the messages it holds. */
  recountThreadMessages(): Promise<void>;
  /** Deletes every memory, label, edge, entity, community, crystal, thread, working memory, trash item and profile (with the search projection), keeping keys, settings and jobs. */
  clearData(): Promise<void>;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

/** A background job (export, import): `queued → running → completed | failed`. */
export interface JobRecord {
  id: string;
  kind: string;
  status: JobStatus;
  /** 0..1 */
  progress: number;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** The process running it; absent or null for a job of an older version. */
  owner?: string | null;
  /** Until when its owner vouches for it (renewed while it runs): past it, the job was interrupted. */
  lease_until?: string | null;
}

export interface JobRepo {
  insert(job: JobRecord): Promise<void>;
  update(id: string, patch: Partial<Omit<JobRecord, 'id' | 'kind' | 'created_at'>>): Promise<void>;
  getById(id: string): Promise<JobRecord | undefined>;
  /**
   * Marks every job still queued or running whose owner's lease ran out before `at` (or that has none) as failed with
   * this error: a job another live process runs is left alone. Returns how many.
   */
  failUnfinished(error: string, at: string): Promise<number>;
  /** The most recently created job of this kind, if any. */
  latest(kind: string): Promise<JobRecord | undefined>;
  /** Jobs of these kinds (and this status, when given), newest first, at most `limit`; `total` counts every match. */
  list(kinds: string[], limit: number, status?: JobStatus): Promise<{ items: JobRecord[]; total: number }>;
}
