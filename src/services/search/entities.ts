import type { EntityWithStats } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { findEntitiesInText } from '../graph/find.ts';
import { type EntityNode, presentEntity } from '../readModel/entities.ts';

type EntityDeps = Pick<Deps, 'store' | 'extraction'>;


export interface EntityContext {
  /** Entities the query names, with how specific each is (1 for an entity one memory mentions, towards 0 for one all do). */
  named: { entity: EntityWithStats; specificity: number }[];
  /** Memories that mention them (the newest few per entity): candidates the other signals may not reach. */
  memoryIds: string[];
}

/**
 * Graph expansion for deep search: the entities the query names and the memories that mention them. An entity
 * most memories mention ("Caroline" in Caroline's diary) says little, so each counts by its specificity, an IDF.
 */
export async function entityContext(deps: EntityDeps, query: string, memoryCount: number, rule: { memoriesPerEntity: number; minSingleWordConfidence: number }): Promise<EntityContext> {
  // A capitalised ordinary word ("Data", "CR") taken for a name on the way in says nothing about which memory is
  // meant: a one-word entity counts only when typed from a lexicon or gazetteer (a known name, place, organisation,
  // technology), or named by the user.
  const entities = (await findEntitiesInText(deps, query)).filter(
    e => e.caller_owned || /\s/.test(e.name.trim()) || e.confidence >= rule.minSingleWordConfidence,
  );
  const named = entities.map(entity => ({
    entity,
    specificity: memoryCount > 1 ? Math.max(0, Math.log(memoryCount / Math.max(1, entity.mention_count)) / Math.log(memoryCount)) : 1,
  }));
  const mentioning = await deps.store.mentions.memoryIdsMentioning(entities.map(e => e.id), rule.memoriesPerEntity);
  return { named, memoryIds: [...new Set([...mentioning.values()].flat())] };
}

/** What naming the query's entities adds to a memory's score, and which ones it names. */
export async function entityBonus(deps: EntityDeps, context: EntityContext, memoryIds: string[], rule: { weight: number }) {
  const result = new Map<string, { bonus: number; names: string[] }>();
  if (context.named.length === 0) return result;
  const specificity = new Map(context.named.map(n => [n.entity.id, n.specificity]));
  const names = new Map(context.named.map(n => [n.entity.id, n.entity.name]));
  const mentions = await deps.store.mentions.entityIdsOf(memoryIds);
  const total = context.named.reduce((sum, n) => sum + n.specificity, 0) || 1;
  for (const [memoryId, entityIds] of mentions) {
    const shared = entityIds.filter(id => specificity.has(id));
    if (shared.length === 0) continue;
    const weight = shared.reduce((sum, id) => sum + specificity.get(id)!, 0) / total;
    result.set(memoryId, { bonus: rule.weight * weight, names: shared.map(id => names.get(id)!) });
  }
  return result;
}

/** The entities each memory mentions, as the API shows them (`related_entities`). */
export async function relatedEntities(deps: Pick<Deps, 'store'>, memoryIds: string[]): Promise<Map<string, EntityNode[]>> {
  const mentions = await deps.store.mentions.entityIdsOf(memoryIds);
  const entities = new Map((await deps.store.entities.getMany([...new Set([...mentions.values()].flat())])).map(e => [e.id, e]));
  const result = new Map<string, EntityNode[]>();
  for (const [memoryId, ids] of mentions) {
    result.set(memoryId, ids.flatMap(id => (entities.has(id) ? [presentEntity(entities.get(id)!)] : [])));
  }
  return result;
}
