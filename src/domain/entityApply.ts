/** Rules of an extraction apply that need no storage: resolution modes and what makes an exact batch invalid. */

export const RESOLUTIONS = ['auto', 'exact'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export interface BatchEntity {
  name: string;
  entity_type: string;
  id?: string | null;
}

export interface BatchProblem {
  loc: (string | number)[];
  message: string;
}

/**
 * Why an exact batch is invalid, if it is: two entries with the same name and type but different ids (an entry
 * without an id is an identity of its own), or one id given to entries of different names or types.
 */
export function exactBatchProblem(entities: readonly BatchEntity[]): BatchProblem | null {
  const idByNameType = new Map<string, { id: string | null; index: number }>();
  const nameTypeById = new Map<string, { nameType: string; index: number }>();
  for (const [index, entity] of entities.entries()) {
    const nameType = `${entity.name}\u0000${entity.entity_type}`;
    const id = entity.id ?? null;
    const seen = idByNameType.get(nameType);
    if (seen && seen.id !== id) {
      return {
        loc: ['body', 'entities', index, 'id'],
        message: `entities[${seen.index}] and entities[${index}] share the name "${entity.name}" and type "${entity.entity_type}" but not the id: an exact batch must name one identity once`,
      };
    }
    if (!seen) idByNameType.set(nameType, { id, index });
    if (id !== null) {
      const owner = nameTypeById.get(id);
      if (owner && owner.nameType !== nameType) {
        return { loc: ['body', 'entities', index, 'id'], message: `entities[${owner.index}] and entities[${index}] share the id "${id}" but not the name and type` };
      }
      if (!owner) nameTypeById.set(id, { nameType, index });
    }
  }
  return null;
}

/**
 * The batch entry a relationship endpoint names, or -1: in exact mode a caller id first, then an exact name; in
 * auto mode a name compared by match key (`keyOf`).
 */
export function batchIndexOf(ref: string, entities: readonly (BatchEntity & { aliases?: string[] | null })[], resolution: Resolution, keyOf: (name: string) => string): number {
  if (resolution === 'exact') {
    const byId = entities.findIndex(e => e.id != null && e.id === ref);
    return byId >= 0 ? byId : entities.findIndex(e => e.name === ref);
  }
  const key = keyOf(ref);
  const byName = entities.findIndex(e => keyOf(e.name) === key);
  return byName >= 0 ? byName : entities.findIndex(e => (e.aliases ?? []).some(a => keyOf(a) === key));
}
