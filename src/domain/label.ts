/** Label rules that need no storage: canonical form, colours, names. */

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
