/** Sources: documents stored as chunked memories (part of the Store; re-exported by ports.ts). */
import type { Selectable } from 'kysely';
import type { LabelRecord } from './ports.labels.ts';
import type { SourcesTable } from './shared/schema.sources.ts';

/** A source's row with its metadata parsed. */
export interface SourceRecord extends Omit<Selectable<SourcesTable>, 'metadata'> {
  metadata: Record<string, unknown>;
}

export interface SourceListFilter {
  space_id: string;
  source_type?: string | null;
  lifecycle_state?: string | null;
  /** Label ids the source must carry, each one of the inner list (AND of ORs: a label named by id or by name). */
  labels?: string[][];
  /** Listed in the trash (deleted_at set) rather than live. */
  deleted?: boolean;
}

export interface SourceRepo {
  /** Adds the source with its original bytes. */
  insert(record: SourceRecord, bytes: Uint8Array): Promise<void>;
  update(id: string, patch: Partial<Omit<SourceRecord, 'id' | 'created_at'>>): Promise<void>;
  replaceBytes(id: string, bytes: Uint8Array): Promise<void>;
  /** Live or in the trash. */
  getById(id: string): Promise<SourceRecord | undefined>;
  /** A live source of the space holding these exact bytes (an upload of the same file again). */
  findBySha(spaceId: string, sha256: string): Promise<SourceRecord | undefined>;
  /** Every source matching the filter, newest first (the caller pages: metadata filters are applied in code). */
  list(filter: SourceListFilter): Promise<SourceRecord[]>;
  /** Live sources of the space whose name or text holds any of the (lower-case) terms. */
  containing(spaceId: string, terms: string[]): Promise<SourceRecord[]>;
  bytes(id: string): Promise<Uint8Array | undefined>;
  /** The source's chunk memories, in chunk order. */
  chunkIds(id: string): Promise<string[]>;
  /** Replaces the source's chunk list with these memory ids (index = position). */
  setChunks(id: string, memoryIds: string[]): Promise<void>;
  /** The source a memory is a chunk of. */
  sourceOfMemory(memoryId: string): Promise<string | undefined>;
  labelsOf(ids: string[]): Promise<Map<string, LabelRecord[]>>;
  /** Returns whether the edge was added (false: it was there). */
  assignLabel(id: string, labelId: string, at: string): Promise<boolean>;
  removeLabel(id: string, labelId: string): Promise<boolean>;
  /** The source, its bytes, chunk list and labels, for good. */
  delete(id: string): Promise<void>;
  /** Live sources per space. */
  countBySpace(): Promise<Map<string, number>>;
}
