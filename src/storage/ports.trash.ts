/** Trash records and repository (part of the Store; re-exported by ports.ts). */
import type { EntityRecord, EntityRelationRecord, MentionInput } from './ports.graph.ts';
import type { MemoryRelationRecord } from './ports.relations.ts';
import type { MemoryRecord } from './ports.memories.ts';
import type { LabelRecord, MemoryLabelEdge } from './ports.labels.ts';
import type { CrystalRecord, CrystalSource } from './ports.library.ts';
import type { Selectable } from 'kysely';
import type { TrashTable } from './shared/schema.ts';

/** A HAS_LABEL edge with its label as it was, so a label deleted since can be made again. */
export interface LabelEdgeSnapshot {
  label: LabelRecord;
  created_at: string;
}

/** A recorded label-merge edge of the memory (what the merge's undo puts back). */
export interface MergeEdgeSnapshot {
  merge_id: string;
  memory_id: string;
  created_at: string;
  already_present: boolean;
}

/** An entity with its lookup keys and every RELATES_TO edge touching it. */
export interface EntitySnapshot {
  entity: EntityRecord;
  keys: string[];
  relations: EntityRelationRecord[];
}

/** A deleted memory and every row its delete removed, as they were. */
export interface MemorySnapshot {
  memory: MemoryRecord;
  labels: LabelEdgeSnapshot[];
  /** Memory relations touching it, EVOLVES edges included (either direction). */
  relations: MemoryRelationRecord[];
  mentions: MentionInput[];
  /** RELATES_TO edges it evidenced. */
  entity_relations: EntityRelationRecord[];
  merge_edges: MergeEdgeSnapshot[];
  /** Entities deleted with it (`cascade_delete`): only it mentioned them. */
  entities: EntitySnapshot[];
  /** When the memory is a crystal: its crystal row and sources (absent in snapshots taken before crystals existed). */
  crystal?: CrystalSnapshot | null;
}

export interface CrystalSnapshot {
  record: CrystalRecord;
  sources: CrystalSource[];
}

/** What a trash list shows of a deleted memory. */
export type TrashEntry = Omit<Selectable<TrashTable>, 'snapshot'>;

export interface TrashItem extends TrashEntry {
  snapshot: MemorySnapshot;
}

export interface TrashListFilter {
  space_id?: string;
  limit: number;
  offset: number;
}

/** Rows to put back; the caller has checked that every row they point to exists (or comes back in the same call). */
export interface RestoreRows {
  entities: EntitySnapshot[];
  labels: LabelRecord[];
  memories: MemoryRecord[];
  memory_labels: MemoryLabelEdge[];
  relations: MemoryRelationRecord[];
  mentions: MentionInput[];
  entity_relations: EntityRelationRecord[];
  merge_edges: MergeEdgeSnapshot[];
  crystals: CrystalSnapshot[];
}

export interface TrashRepo {
  /** Snapshots of the memories found among `ids` (without `entities`); reads only. */
  capture(ids: string[]): Promise<MemorySnapshot[]>;
  /** Entities that this memory mentions and no other memory does, with their keys and relations; reads only. */
  captureSoleEntities(memoryId: string): Promise<EntitySnapshot[]>;
  /** Stores the items; an item for a memory id already in the trash replaces it. */
  insert(items: TrashItem[]): Promise<void>;
  /** Newest deletion first (ties by memory id, descending); `total` counts every match. */
  list(filter: TrashListFilter): Promise<{ items: TrashEntry[]; total: number }>;
  getMany(ids: string[]): Promise<TrashItem[]>;
  /** Removes the items of these memory ids; returns how many went. */
  remove(ids: string[]): Promise<number>;
  removeAll(): Promise<number>;
  /** Removes the items whose `expires_at` is at or before `now`; returns how many. */
  purgeExpired(now: string): Promise<number>;
  /** Which of the given ids exist now. */
  existing(ids: { memories?: string[]; labels?: string[]; entities?: string[]; merges?: string[] }): Promise<{
    memories: Set<string>;
    labels: Set<string>;
    entities: Set<string>;
    merges: Set<string>;
  }>;
  /** Inserts the rows, dependencies first; a row that exists already is left as it is. */
  putBack(rows: RestoreRows): Promise<void>;
}
