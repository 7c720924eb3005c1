import type { EntityRecord, EntityWithStats } from '../../storage/ports.ts';

/** An entity as the API shows it: the reference's EntityNode plus our canonical name and mention count. */
export function presentEntity(entity: EntityWithStats | (EntityRecord & { mention_count?: number })) {
  return {
    id: entity.id,
    node_type: 'Entity' as const,
    name: entity.name,
    canonical_name: entity.canonical_name,
    entity_type: entity.entity_type,
    description: entity.description,
    aliases: entity.aliases,
    mention_count: entity.mention_count ?? 0,
    confidence: entity.confidence,
    metadata: entity.metadata,
    created_at: entity.created_at,
    updated_at: entity.updated_at,
  };
}

export type EntityNode = ReturnType<typeof presentEntity>;

/** The reference's EntitySummary (what relationship reads nest). */
export function summarizeEntity(entity: EntityRecord) {
  return {
    id: entity.id,
    name: entity.name,
    type: entity.entity_type,
    description: entity.description,
    aliases: entity.aliases,
    confidence: entity.confidence,
    created_at: entity.created_at,
    updated_at: entity.updated_at,
    community_id: null,
  };
}
