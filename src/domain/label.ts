/** Label rules that need no storage: canonical form, colours, names. */

import { round4 } from './labelSimilarity.ts';

export const DEFAULT_LABEL_COLOR = '#3b82f6';
export const MAX_LABEL_NAME_CHARS = 100;
export const LABEL_ORDERS = ['name', 'usage_count', 'created_at', 'updated_at'] as const;
export type LabelOrder = (typeof LABEL_ORDERS)[number];

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/**
 * The canonical form of a label name (contract §9): NFKC, lower case, trimmed,
 * runs of space, `-`, `_`, `/`, `.` folded to one space.
 */
export function canonicalLabel(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\s\-_/.]+/g, ' ').trim();
}

/** What the label-care rules need to know about a label. */
export interface LabelStanding {
  id: string;
  canonical_name: string;
  usage_count: number;
  created_at: string;
}

/** The keep order: most used first, then oldest, then smallest id (so the order is total and stable). */
export function compareForKeep(a: LabelStanding, b: LabelStanding): number {
  if (a.usage_count !== b.usage_count) return b.usage_count - a.usage_count;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The label that survives when labels are merged: the most used, then the oldest. */
export function pickSurvivor<T extends LabelStanding>(labels: readonly T[]): T {
  if (labels.length === 0) throw new Error('pickSurvivor needs at least one label');
  return labels.reduce((best, label) => (compareForKeep(label, best) < 0 ? label : best));
}

/** The `max` labels that label care looks at when there are more: the most used (keep order). */
export function mostUsed<T extends LabelStanding>(labels: readonly T[], max: number): T[] {
  return [...labels].sort(compareForKeep).slice(0, max);
}

export interface ForkGroup<T> {
  canonical: string;
  /** The survivor first, then the labels that would merge into it, in keep order. */
  labels: T[];
}

/**
 * Exact-canonical forks: labels whose canonical forms are equal while their names differ, grouped.
 * Groups come with the most used first (total usage), then by canonical form.
 */
export function forkGroups<T extends LabelStanding>(labels: readonly T[]): ForkGroup<T>[] {
  const byCanonical = new Map<string, T[]>();
  for (const label of labels) {
    const group = byCanonical.get(label.canonical_name);
    if (group) group.push(label);
    else byCanonical.set(label.canonical_name, [label]);
  }
  const total = (group: T[]) => group.reduce((sum, l) => sum + l.usage_count, 0);
  return [...byCanonical]
    .filter(([, group]) => group.length > 1)
    .map(([canonical, group]) => ({ canonical, labels: group.sort(compareForKeep), usage: total(group) }))
    .sort((a, b) => b.usage - a.usage || (a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0))
    .map(({ canonical, labels: group }) => ({ canonical, labels: group }));
}

export interface MemoryLabelCounts {
  /** Memories that are not forgotten. */
  total_memories: number;
  /** Of those, the ones carrying at least one label. */
  labeled_memories: number;
  /** HAS_LABEL edges on those memories. */
  edges: number;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : round4(part / whole));

/** Vocabulary health (contract §9); every ratio is rounded to 4 decimals and is 0 when its denominator is. */
export function vocabularyHealth(labels: readonly LabelStanding[], counts: MemoryLabelCounts) {
  const used = labels.filter(l => l.usage_count > 0).length;
  const singletons = labels.filter(l => l.usage_count === 1).length;
  const forks = forkGroups(labels);
  return {
    vocabulary_size: labels.length,
    total_memories: counts.total_memories,
    labeled_memories: counts.labeled_memories,
    labels_per_memory: ratio(counts.edges, counts.labeled_memories),
    coverage: ratio(counts.labeled_memories, counts.total_memories),
    singleton_rate: ratio(singletons, used),
    unused_labels: labels.length - used,
    fork_groups: forks.length,
    fork_labels: forks.reduce((sum, group) => sum + group.labels.length, 0),
  };
}
