/** EVOLVES edges join versions of a memory: from the newer to the older (contract §7). */
export const EVOLVES_RELATIONS = ['replaces', 'enriches', 'confirms', 'challenges'] as const;
export type EvolvesRelation = (typeof EVOLVES_RELATIONS)[number];

export const EVOLVES_DETECTORS = ['user', 'auto', 'llm'] as const;
export type EvolvesDetector = (typeof EVOLVES_DETECTORS)[number];

/** The relation_type under which EVOLVES edges appear among memory relations. */
export const EVOLVES_TYPE = 'EVOLVES';

export const isEvolvesRelation = (value: unknown): value is EvolvesRelation =>
  typeof value === 'string' && (EVOLVES_RELATIONS as readonly string[]).includes(value);

export const isEvolvesDetector = (value: unknown): value is EvolvesDetector =>
  typeof value === 'string' && (EVOLVES_DETECTORS as readonly string[]).includes(value);

/** Whether a relation type names EVOLVES (matched case-insensitively, as relation type filters are). */
export const isEvolvesType = (relationType: string): boolean => relationType.trim().toUpperCase() === EVOLVES_TYPE;

export type EvolvesPropertiesCheck =
  | { ok: true; relation: EvolvesRelation; detected_by: EvolvesDetector }
  | { ok: false; field: 'relation' | 'detected_by'; message: string };

/**
 * Reads an EVOLVES relation's `properties`: `relation` (default `replaces`, the relation supersede records) and
 * `detected_by` (default `user`: someone asked for it). A value given but not in the vocabulary is an error.
 */
export function checkEvolvesProperties(properties: Record<string, unknown>): EvolvesPropertiesCheck {
  const { relation = 'replaces', detected_by = 'user' } = properties;
  if (!isEvolvesRelation(relation)) {
    return { ok: false, field: 'relation', message: `properties.relation must be one of ${EVOLVES_RELATIONS.join(', ')}` };
  }
  if (!isEvolvesDetector(detected_by)) {
    return { ok: false, field: 'detected_by', message: `properties.detected_by must be one of ${EVOLVES_DETECTORS.join(', ')}` };
  }
  return { ok: true, relation, detected_by };
}
