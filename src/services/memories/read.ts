import { notFound } from '../../errors.ts';
import { isReadable } from '../../domain/lifecycle.ts';
import type { LifecycleState, UnitType } from '../../domain/memory.ts';
import { canonicalLabel } from '../../domain/label.ts';
import type { MemoryRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentMemory } from './present.ts';
import { sourceThreads } from '../threads/provenance.ts';
import { crystalSummaries } from '../crystals/read.ts';

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

/**
 * The named lock a memory's writes take first (then any entity locks): on PostgreSQL a person's edit of the memory and
 * the background queue's write of its graph take turns instead of interleaving (nothing on SQLite: one writer).
 */
export const memoryLock = (id: string) => `memory:${id}`;

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

/** Presents several memories with their labels (fetched in one query), the threads they cite, and crystals' staleness. */
export async function presentMemories(deps: Pick<Deps, 'store'>, memories: MemoryRecord[]) {
  const [labels, threads, crystals] = await Promise.all([
    deps.store.memoryLabels.labelsOf(memories.map(m => m.id)),
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
