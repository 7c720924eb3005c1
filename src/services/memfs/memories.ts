/** The /memories subtree: listings, files, grep, find and recall over the memories of one space. */
import { canonicalLabel } from '../../domain/label.ts';
import type { UnitType } from '../../domain/memory.ts';
import type { MemoryRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { requireMemory } from '../readModel/memories.ts';
import { searchMemories, type SearchMode } from '../search/search.ts';
import { labelPath, memoryPath, noSuchPath } from './paths.ts';
import { MAX_LINES, oneLine, renderMemoryFile } from './render.ts';

export type MemFsDeps = Pick<Deps, 'store' | 'indexer' | 'clock' | 'extraction'>;

/** Memories read per page while scanning, and the most a grep or find scans before it stops and says so. */
const PAGE = 500;
export const MAX_SCAN = 20_000;

export interface MemoryEntry {
  path: string;
  id: string;
  title: string;
  unit_type: string;
  importance: number;
  labels: string[];
  created_at: string;
  updated_at: string;
}

export function memoryEntry(memory: MemoryRecord, labels: string[]): MemoryEntry {
  return {
    path: memoryPath(memory.id),
    id: memory.id,
    title: memory.title,
    unit_type: memory.unit_type,
    importance: memory.importance,
    labels,
    created_at: memory.created_at,
    updated_at: memory.updated_at,
  };
}

/** One listing line: the path first (what the next command needs), then what helps choose. */
export const entryLine = (e: MemoryEntry) =>
  `${e.path}  ${oneLine(e.title, 80)} · ${e.unit_type} · ${e.created_at.slice(0, 10)}${e.labels.length ? ` · [${e.labels.join(', ')}]` : ''}`;

async function labelNames(deps: Pick<Deps, 'store'>, ids: string[]) {
  const labels = await deps.store.memoryLabels.labelsOf(ids);
  return (id: string) => (labels.get(id) ?? []).map(l => l.name);
}

export interface ScanFilter {
  space_id: string;
  unit_type?: UnitType;
  label?: string;
  is_crystal?: boolean;
}

/** Active memories of the space, newest first, page by page with their label names, up to MAX_SCAN. */
export async function* scanMemories(deps: Pick<Deps, 'store'>, filter: ScanFilter) {
  for (let offset = 0; offset < MAX_SCAN; offset += PAGE) {
    const { items } = await deps.store.memories.list({
      space_id: filter.space_id,
      states: ['active'],
      importance_min: 0,
      unit_type: filter.unit_type,
      is_crystal: filter.is_crystal,
      label_canonicals: filter.label === undefined ? undefined : [canonicalLabel(filter.label)],
      limit: PAGE,
      offset,
    });
    if (items.length === 0) return;
    const names = await labelNames(deps, items.map(m => m.id));
    yield items.map(memory => ({ memory, labels: names(memory.id) }));
    if (items.length < PAGE) return;
  }
}

/** A page of the space's memories (optionally of one label), newest first. */
export async function listMemoryFiles(deps: Pick<Deps, 'store'>, input: { space_id: string; label?: string; limit: number; offset: number }) {
  const { items, total } = await deps.store.memories.list({
    space_id: input.space_id,
    states: ['active'],
    importance_min: 0,
    label_canonicals: input.label === undefined ? undefined : [canonicalLabel(input.label)],
    limit: input.limit,
    offset: input.offset,
  });
  const names = await labelNames(deps, items.map(m => m.id));
  return { entries: items.map(m => memoryEntry(m, names(m.id))), total };
}

/** Every label with how many memories carry it (labels are shared by all spaces). */
export async function listLabelDirs(deps: Pick<Deps, 'store'>) {
  const labels = await deps.store.labels.list({ limit: MAX_LINES, offset: 0, order_by: 'usage_count', order_desc: true });
  return labels.map(l => ({ path: labelPath(l.name), name: l.name, usage_count: l.usage_count }));
}

/** The label a `by-label` folder names, matched by canonical form; 404 when there is none. */
export async function requireLabelDir(deps: Pick<Deps, 'store'>, label: string, path: string) {
  const [found] = await deps.store.labels.getByCanonicals([canonicalLabel(label)]);
  if (!found) throw noSuchPath(path);
  return found;
}

/** A memory file's text; 404 when the memory is unknown, in another space, or forgotten. */
export async function memoryFile(deps: Pick<Deps, 'store'>, id: string, spaceId: string) {
  const memory = await requireMemory(deps.store, id, { space_id: spaceId });
  const names = await labelNames(deps, [id]);
  return { memory, labels: names(id), text: renderMemoryFile(memory, names(id)) };
}

export interface RecallInput {
  query: string;
  k: number;
  space_id: string;
  mode: SearchMode;
  label?: string;
  unit_type?: UnitType;
}

/** Hybrid search (the search service) shown as files with a score and a one-line excerpt. */
export async function recallMemories(deps: MemFsDeps, input: RecallInput) {
  const { results } = await searchMemories(deps, {
    query: input.query,
    limit: input.k,
    mode: input.mode,
    space_id: input.space_id,
    include_states: ['active'],
    filter_labels: input.label === undefined ? null : [input.label],
    unit_type: input.unit_type ?? null,
    include_entities: false,
  });
  return results.map(r => ({
    path: memoryPath(r.memory.id),
    id: r.memory.id,
    title: r.memory.title,
    unit_type: r.memory.unit_type,
    score: r.similarity_score,
    labels: r.memory.labels,
    excerpt: oneLine(r.memory.content, 200),
  }));
}
