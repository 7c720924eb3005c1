/** Memory relation records and repository (part of the Store; re-exported by ports.ts). */
import type { RelationDirection, RelationStatus } from '../domain/relation.ts';

/**
 * A semantic relation from one memory to another; field names are the reference's MemoryRelationPublic.
 * EVOLVES edges are relations too (relation_type "EVOLVES", `properties.relation` and `properties.detected_by`):
 * one table holds both, so there is one source of truth.
 */
export interface MemoryRelationRecord {
  id: string;
  source_memory_id: string;
  target_memory_id: string;
  relation_type: string;
  strength: number | null;
  confidence: number | null;
  bidirectional: boolean;
  status: RelationStatus;
  reviewed: boolean;
  source: string | null;
  author_id: string | null;
  agent_id: string | null;
  source_app: string | null;
  reason: string | null;
  properties: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export type MemoryRelationPatch = Partial<Omit<MemoryRelationRecord, 'id' | 'created_at'>>;

export interface RelationListFilter {
  memory_id: string;
  /** `out`: from the memory (or bidirectional to it); `in`: to it (or bidirectional from it); `both`: either. */
  direction: RelationDirection;
  /** Relation types, compared case-insensitively; absent means any. */
  types?: string[];
  statuses: RelationStatus[];
  /** When given, only relations whose other memory is in this space. */
  space_id?: string;
  limit: number;
  offset: number;
}

export interface MemoryRelationRepo {
  insert(relation: MemoryRelationRecord): Promise<void>;
  update(id: string, patch: MemoryRelationPatch): Promise<void>;
  getById(id: string): Promise<MemoryRelationRecord | undefined>;
  /** The relation with exactly this source, target and type (any status). */
  find(sourceId: string, targetId: string, relationType: string): Promise<MemoryRelationRecord | undefined>;
  /**
   * Relations around a memory whose other memory is not forgotten, newest first (ties by id, descending);
   * `total` counts every match.
   */
  list(filter: RelationListFilter): Promise<{ items: MemoryRelationRecord[]; total: number }>;
  /** Relations of one type between two memories, both directions, with one of the statuses; oldest first. */
  between(a: string, b: string, relationType: string, statuses: RelationStatus[]): Promise<MemoryRelationRecord[]>;
  /** Relations of one type touching a memory, with one of the statuses; oldest first. */
  touching(memoryId: string, relationType: string, statuses: RelationStatus[]): Promise<MemoryRelationRecord[]>;
  /** Every relation, ordered by id (for export). */
  listAll(): Promise<MemoryRelationRecord[]>;
}
