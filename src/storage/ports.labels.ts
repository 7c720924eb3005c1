import type { LabelOrder, MemoryLabelCounts } from '../domain/label.ts';
import type { Selectable } from 'kysely';
import type { LabelMergesTable, LabelsTable, MemoryLabelsTable } from './shared/schema.ts';

/** A label as stored: the row of the labels table. */
export type LabelRecord = Selectable<LabelsTable>;

export interface LabelWithUsage extends LabelRecord {
  usage_count: number;
}

export interface LabelListOptions {
  limit: number;
  offset: number;
  order_by: LabelOrder;
  order_desc: boolean;
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

/** A HAS_LABEL edge: the row of memory_labels. */
export type MemoryLabelEdge = Selectable<MemoryLabelsTable>;

/** A recorded label merge: the source label as it was, so the merge can be undone. */
export type LabelMergeRecord = Omit<Selectable<LabelMergesTable>, 'source_label'> & { source_label: LabelRecord };

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
