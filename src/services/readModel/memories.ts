import { notFound } from '../../errors.ts';
import { isReadable } from '../../domain/lifecycle.ts';
import type { LifecycleState, UnitType } from '../../domain/memory.ts';
import { canonicalLabel } from '../../domain/label.ts';
import type { LabelRecord, MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { type SourceThreadInfo, sourceThreads } from './sourceThreads.ts';
import { type CrystalSummary, crystalSummaries } from './crystals.ts';

export interface LabelRef {
  id: string;
  name: string;
  color: string;
}

/**
 * The memory as the interface shows it: the reference's MemoryPublic plus the contract's extra fields.
 * `sourceThread` is the thread it cites (see sourceThreads.ts), null when it cites none.
 * A crystal carries a `crystal` field (see crystals.ts crystalSummaries); other memories have none.
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

export interface FindOptions {
  /** When given, a memory in another space is treated as missing. */
  space_id?: string;
  /** Lifecycle operations may see forgotten memories; plain reads may not. */
  includeForgotten?: boolean;
}

/** The memory, or a 404 when it is unknown, outside the space guard, or forgotten. */
export async function requireMemory(repos: Pick<Repos, 'memories'>, id: string, options: FindOptions = {}): Promise<MemoryRecord> {
  const memory = await repos.memories.getById(id);
  if (!memory) throw notFound('memory', id);
  if (options.space_id !== undefined && memory.space_id !== options.space_id) throw notFound('memory', id);
  if (!options.includeForgotten && !isReadable(memory.lifecycle_state)) throw notFound('memory', id);
  return memory;
}

/** One memory with its labels (and, for a crystal, its sources' staleness). */
export async function getMemory(deps: Pick<Deps, 'store'>, id: string, query: { space_id?: string }) {
  const memory = await requireMemory(deps.store, id, { space_id: query.space_id });
  const [labels, threads, crystals] = await Promise.all([
    deps.store.memoryLabels.labelsOf([id]),
    sourceThreads(deps.store, [memory]),
    crystalSummaries(deps, [memory]),
  ]);
  return presentMemory(memory, labels.get(id), threads.get(id), crystals.get(id));
}

/**
 * Presents several memories with their labels (fetched in one query, or `labelsAsked`: the caller's own read of the
 * labels of at least these memories, started earlier), the threads they cite, and crystals' staleness.
 */
export async function presentMemories(deps: Pick<Deps, 'store'>, memories: MemoryRecord[], labelsAsked?: ReturnType<Repos['memoryLabels']['labelsOf']>) {
  const [labels, threads, crystals] = await Promise.all([
    labelsAsked ?? deps.store.memoryLabels.labelsOf(memories.map(m => m.id)),
    sourceThreads(deps.store, memories),
    crystalSummaries(deps, memories),
  ]);
  return memories.map(m => presentMemory(m, labels.get(m.id), threads.get(m.id), crystals.get(m.id)));
}

export interface ListMemoriesInput {
  limit: number;
  offset: number;
  states: LifecycleState[];
  importance_min: number;
  space_id: string;
  is_crystal?: boolean;
  unit_type?: UnitType;
  /** Label names: memories carrying any of them (matched by canonical form, so `people` finds `People`). */
  labels?: string[];
}

/** A page of memories in one space, newest first (ties by id, descending). */
export async function listMemories(deps: Pick<Deps, 'store'>, input: ListMemoriesInput) {
  const { items, total } = await deps.store.memories.list({ ...input, label_canonicals: input.labels?.map(canonicalLabel) });
  return {
    memories: await presentMemories(deps, items),
    pagination: { limit: input.limit, offset: input.offset, total, has_more: input.offset + items.length < total },
  };
}
