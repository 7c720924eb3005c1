/** Memory vocabulary of the interface: unit types, lifecycle states, defaults. */

export const UNIT_TYPES = ['fact', 'preference', 'decision', 'plan', 'procedure', 'learning', 'context', 'event'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const LIFECYCLE_STATES = ['active', 'deprecated', 'archived', 'superseded', 'forgotten'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

export const DEFAULT_SPACE = 'default';
export const MAX_CONTENT_CHARS = 32768;
export const MAX_TITLE_CHARS = 200;
/** How many memories one bulk operation may touch (contract §5, Bulk). */
export const BULK_LIMIT = 5000;

/** Title used when the caller gives none: the first line of the content, cut to fit. */
export function deriveTitle(content: string): string {
  const firstLine = content.trim().split('\n', 1)[0]?.trim() ?? '';
  return firstLine.length <= 80 ? firstLine : `${firstLine.slice(0, 77).trimEnd()}…`;
}

/**
 * Parses the list filter `state`: one state, a comma-separated list, or `all` (every state but forgotten).
 * Returns null when a name is not a state.
 */
export function parseStateFilter(value: string): LifecycleState[] | null {
  const trimmed = value.trim();
  if (trimmed === 'all') return LIFECYCLE_STATES.filter(s => s !== 'forgotten');
  const names = trimmed.split(',').map(s => s.trim()).filter(Boolean);
  if (names.length === 0) return null;
  if (!names.every(n => (LIFECYCLE_STATES as readonly string[]).includes(n))) return null;
  return [...new Set(names)] as LifecycleState[];
}
