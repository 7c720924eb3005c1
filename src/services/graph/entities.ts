import { normalizeEntityType } from '../../domain/entity.ts';
import { notFound } from '../../errors.ts';
import type { EntityRecord, EntityRelationRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentEntity, summarizeEntity } from '../readModel/entities.ts';

export interface ListEntitiesInput {
  limit: number;
  offset: number;
  entity_type?: string;
  include_stats: boolean;
  search?: string;
}

/**
 * Entities, optionally of one type or matching a name (case-insensitive, names and aliases). As the reference: a
 * plain list of entity nodes, newest first; with `include_stats`, `[{entity, mention_count}]` most mentioned first.
 * A name search ranks by mentions too.
 */
export async function listEntities(deps: Pick<Deps, 'store'>, input: ListEntitiesInput) {
  const search = input.search?.trim() || undefined;
  const { items } = await deps.store.entities.list({
    limit: input.limit,
    offset: input.offset,
    entity_type: input.entity_type === undefined ? undefined : normalizeEntityType(input.entity_type),
    search,
    order_by: input.include_stats || search ? 'mention_count' : 'created_at',
  });
  return input.include_stats ? items.map(e => ({ entity: presentEntity(e), mention_count: e.mention_count })) : items.map(presentEntity);
}

export async function requireEntity(repos: Pick<Repos, 'entities'>, id: string) {
  const entity = await repos.entities.getById(id);
  if (!entity) throw notFound('entity', id);
  return entity;
}

/** RELATES_TO rows of one pair and type, added up: one relationship with its total weight and evidence count. */
export interface AggregatedRelation extends Omit<EntityRelationRecord, 'memory_id'> {
  evidence: number;
  memory_ids: string[];
}

export function aggregateRelations(rows: EntityRelationRecord[]): AggregatedRelation[] {
  const byKey = new Map<string, AggregatedRelation>();
  for (const row of rows) {
    const key = `${row.source_entity_id}\u0000${row.target_entity_id}\u0000${row.relation_type}`;
    const entry = byKey.get(key);
    if (!entry) {
      byKey.set(key, { ...row, evidence: 1, memory_ids: row.memory_id ? [row.memory_id] : [] });
      continue;
    }
    entry.weight += row.weight;
    entry.confidence = Math.max(entry.confidence, row.confidence);
    entry.description ||= row.description;
    entry.evidence++;
    if (row.memory_id && !entry.memory_ids.includes(row.memory_id)) entry.memory_ids.push(row.memory_id);
  }
  return [...byKey.values()].sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : 1));
}

const RELATION_ROWS = 5000;

/** One entity (404 when unknown) with its relationships (strongest first) and the memories mentioning it (newest first). */
export async function getEntity(deps: Pick<Deps, 'store'>, id: string, input: { relation_limit: number; memory_limit: number; space_id?: string }) {
  const entity = await requireEntity(deps.store, id);
  const relations = aggregateRelations(await deps.store.entityRelations.touching([id], RELATION_ROWS));
  const page = relations.slice(0, input.relation_limit);
  const others = new Map((await deps.store.entities.getMany(page.map(r => (r.source_entity_id === id ? r.target_entity_id : r.source_entity_id)))).map(e => [e.id, e]));
  const memories = await deps.store.mentions.mentioningMemories(id, input.memory_limit, input.space_id);
  return {
    ...presentEntity(entity),
    relationships: page.flatMap(r => {
      const otherId = r.source_entity_id === id ? r.target_entity_id : r.source_entity_id;
      const other = others.get(otherId);
      if (!other) return [];
      return [{
        id: r.id,
        relation_type: r.relation_type,
        direction: r.source_entity_id === id ? 'out' : 'in',
        source_entity_id: r.source_entity_id,
        target_entity_id: r.target_entity_id,
        weight: r.weight,
        confidence: r.confidence,
        description: r.description,
        evidence_count: r.evidence,
        entity: { id: other.id, name: other.name, entity_type: other.entity_type },
      }];
    }),
    memories: memories.map(m => ({
      id: m.memory_id,
      title: m.title,
      content: m.content,
      space_id: m.space_id,
      importance: m.importance,
      created_at: m.created_at,
      mention_count: m.occurrences,
      confidence: m.confidence,
    })),
    total_relationships: relations.length,
    total_memories: entity.mention_count,
  };
}

/**
 * The reference's EntityRelationshipsResponse: RELATES_TO edges up to `depth` hops out (breadth first, at most `limit`
 * relationships), the memories mentioning the entity, and no community (communities are another capability).
 */
export async function getEntityRelationships(deps: Pick<Deps, 'store'>, id: string, input: { depth: number; limit: number }) {
  const entity = await requireEntity(deps.store, id);
  const found: { relation: AggregatedRelation; depth: number }[] = [];
  const seenEntities = new Set([id]);
  const seenRelations = new Set<string>();
  let frontier = [id];
  for (let depth = 1; depth <= input.depth && frontier.length > 0 && found.length < input.limit; depth++) {
    const next: string[] = [];
    for (const relation of aggregateRelations(await deps.store.entityRelations.touching(frontier, RELATION_ROWS))) {
      const key = `${relation.source_entity_id}\u0000${relation.target_entity_id}\u0000${relation.relation_type}`;
      if (seenRelations.has(key) || found.length >= input.limit) continue;
      seenRelations.add(key);
      found.push({ relation, depth });
      for (const end of [relation.source_entity_id, relation.target_entity_id]) {
        if (!seenEntities.has(end)) {
          seenEntities.add(end);
          next.push(end);
        }
      }
    }
    frontier = next;
  }
  const records = new Map<string, EntityRecord>((await deps.store.entities.getMany([...seenEntities])).map(e => [e.id, e]));
  const memories = await deps.store.mentions.mentioningMemories(id, input.limit);
  const relatesTo = found.flatMap(({ relation, depth }) => {
    const source = records.get(relation.source_entity_id);
    const target = records.get(relation.target_entity_id);
    if (!source || !target) return [];
    return [{
      source_entity: summarizeEntity(source),
      target_entity: summarizeEntity(target),
      relationship: { type: relation.relation_type, confidence: relation.confidence, strength: relation.weight },
      depth,
    }];
  });
  return {
    entity: summarizeEntity(entity),
    relationships: {
      relates_to: relatesTo,
      mentioned_in: memories.map(m => ({ memory: { id: m.memory_id, title: m.title, content: m.content }, confidence: m.confidence, mention_count: m.occurrences })),
      community: null,
    },
    metadata: { total_relates_to: relatesTo.length, total_mentions: entity.mention_count, traversal_depth: input.depth, limit: input.limit },
  };
}
