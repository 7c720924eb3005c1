import type { LabelRecord, MemoryRecord } from '../../storage/ports.ts';
import type { SourceThreadInfo } from '../threads/provenance.ts';
import type { CrystalSummary } from '../crystals/read.ts';

export interface LabelRef {
  id: string;
  name: string;
  color: string;
}

/**
 * The memory as the interface shows it: the reference's MemoryPublic plus the contract's extra fields.
 * `sourceThread` is the thread it cites (see threads/provenance.ts sourceThreads), null when it cites none.
 * A crystal carries a `crystal` field (see crystals/read.ts crystalSummaries); other memories have none.
 */
export function presentMemory(
  memory: MemoryRecord,
  labels: LabelRecord[] = [],
  sourceThread: SourceThreadInfo | null = null,
  crystal: CrystalSummary | null = null,
) {
  return {
    id: memory.id,
    title: memory.title,
    content: memory.content,
    source: memory.source,
    time: memory.created_at,
    importance: memory.importance,
    /** 0..5 stars, derived from importance: the interface has no separate rating input. */
    rating: Math.round(memory.importance * 5),
    label_ids: labels.map(l => l.id),
    labels: labels.map((l): LabelRef => ({ id: l.id, name: l.name, color: l.color })),
    is_favorite: memory.is_favorite,
    source_thread: sourceThread,
    confidence: memory.confidence,
    space_id: memory.space_id,
    unit_type: memory.unit_type,
    metadata: memory.metadata,
    lifecycle_state: memory.lifecycle_state,
    is_latest: memory.is_latest,
    is_crystal: memory.is_crystal,
    reindex_needed: memory.reindex_needed,
    version: memory.version,
    event_start: memory.event_start,
    event_end: memory.event_end,
    temporal_context: memory.temporal_context,
    source_thread_id: memory.source_thread_id,
    source_message_id: memory.source_message_id,
    created_at: memory.created_at,
    updated_at: memory.updated_at,
    ...(memory.is_crystal ? { crystal } : {}),
  };
}

export type MemoryPublic = ReturnType<typeof presentMemory>;
