/** Memory relation vocabulary (contract §7): statuses, directions, relation types. Pure. */
import { EVOLVES_TYPE, isEvolvesType } from './evolves.ts';

export const RELATION_STATUSES = ['active', 'suggested', 'dismissed', 'deleted'] as const;
export type RelationStatus = (typeof RELATION_STATUSES)[number];

/** A create may not ask for `deleted`: that is what DELETE does. */
export const CREATE_STATUSES = ['active', 'suggested', 'dismissed'] as const;

export const RELATION_DIRECTIONS = ['out', 'in', 'both'] as const;
export type RelationDirection = (typeof RELATION_DIRECTIONS)[number];

export const MAX_RELATION_TYPE_CHARS = 100;

/** The generic link the offline suggester proposes when two memories are about the same thing. */
export const RELATED_TYPE = 'RELATED_TO';

/** Stored form of a relation type: trimmed; EVOLVES in its canonical spelling whatever the case it came in. */
export function normalizeRelationType(value: string): string {
  return isEvolvesType(value) ? EVOLVES_TYPE : value.trim();
}

/** Splits a comma-separated filter into its distinct non-empty items. */
export function splitList(value: string): string[] {
  return [...new Set(value.split(',').map(s => s.trim()).filter(Boolean))];
}

/**
 * Parses a comma-separated status filter; null when any item is not a status.
 * `all` is accepted as every status, for convenience.
 */
export function parseStatusFilter(value: string): RelationStatus[] | null {
  const items = splitList(value);
  if (items.length === 1 && items[0] === 'all') return [...RELATION_STATUSES];
  if (items.length === 0 || !items.every(s => (RELATION_STATUSES as readonly string[]).includes(s))) return null;
  return items as RelationStatus[];
}

/** Where a relation points as seen from one memory: `both` for a bidirectional one. */
export function directionFrom(memoryId: string, relation: { source_memory_id: string; bidirectional: boolean }): RelationDirection {
  if (relation.bidirectional) return 'both';
  return relation.source_memory_id === memoryId ? 'out' : 'in';
}
