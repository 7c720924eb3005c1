import { conflict, InputError, notFound } from '../../errors.ts';
import { checkEvolvesProperties, EVOLVES_TYPE } from '../../domain/evolves.ts';
import { normalizeRelationType, type RelationDirection, type RelationStatus } from '../../domain/relation.ts';
import type { MemoryRelationPatch, MemoryRelationRecord, Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { requireMemory } from '../readModel/memories.ts';
import { presentRelations } from '../readModel/relations.ts';

/** Fields a caller may set on a relation, at creation or by PATCH (null means "leave as is"). */
export interface RelationFields {
  strength?: number | null;
  confidence?: number | null;
  bidirectional?: boolean | null;
  reviewed?: boolean | null;
  source?: string | null;
  author_id?: string | null;
  agent_id?: string | null;
  source_app?: string | null;
  reason?: string | null;
  properties?: Record<string, unknown> | null;
}

export interface CreateRelationInput extends RelationFields {
  target_memory_id: string;
  relation_type: string;
  status?: Exclude<RelationStatus, 'deleted'>;
  space_id?: string | null;
}

export interface UpdateRelationInput extends RelationFields {
  relation_type?: string | null;
  status?: RelationStatus | null;
}

type RelationDeps = Pick<Deps, 'store' | 'clock' | 'ids'>;

/** The given fields only: a null or absent one leaves the stored value. */
function givenFields(input: RelationFields): MemoryRelationPatch {
  const patch: MemoryRelationPatch = {};
  for (const key of ['strength', 'confidence', 'bidirectional', 'reviewed', 'source', 'author_id', 'agent_id', 'source_app', 'reason'] as const) {
    if (input[key] != null) (patch as Record<string, unknown>)[key] = input[key];
  }
  return patch;
}

/**
 * EVOLVES relations carry their relation and detector in `properties` (validated, defaults filled in) and have a
 * direction: newer → older, never bidirectional.
 */
function checkEvolves(relation: Pick<MemoryRelationRecord, 'relation_type' | 'properties' | 'bidirectional'>) {
  if (relation.relation_type !== EVOLVES_TYPE) return relation.properties;
  if (relation.bidirectional) throw new InputError(['body', 'bidirectional'], 'An EVOLVES relation goes from the newer memory to the older one: it cannot be bidirectional');
  const check = checkEvolvesProperties(relation.properties);
  if (!check.ok) throw new InputError(['body', 'properties', check.field], check.message);
  return { ...relation.properties, relation: check.relation, detected_by: check.detected_by };
}

/** The named lock of a pair's relations of one type, either direction: writers of them take turns (PostgreSQL). */
export const relationLock = (a: string, b: string, relationType: string) => `relation:${[a, b].sort().join('\u001f')}\u001f${relationType}`;

/**
 * Creates the relation from a memory to another, or updates the one with the same source, target and type
 * (contract §7: an upsert; a bidirectional relation stored the other way round counts as the same). A created
 * relation is `active` and reviewed unless the caller says otherwise; a relation to itself is a 422.
 */
export async function createRelation(deps: RelationDeps, memoryId: string, input: CreateRelationInput) {
  const relationType = normalizeRelationType(input.relation_type);
  if (input.target_memory_id === memoryId) throw new InputError(['body', 'target_memory_id'], 'A memory cannot be related to itself');
  const at = deps.clock.now();
  return deps.store.transaction(async tx => {
    // The pair's relations of this type, either direction: another process's create lands first, this one then finds it.
    await tx.locks.hold([relationLock(memoryId, input.target_memory_id, relationType)]);
    await requireMemory(tx, memoryId, { space_id: input.space_id ?? undefined });
    await requireMemory(tx, input.target_memory_id);
    // A bidirectional relation stored the other way round is this one, unless the caller now wants a one-way link.
    const reverse = input.bidirectional === false ? undefined : await tx.relations.find(input.target_memory_id, memoryId, relationType);
    const existing =
      (await tx.relations.find(memoryId, input.target_memory_id, relationType)) ?? (reverse?.bidirectional ? reverse : undefined);
    const status = input.status ?? 'active';
    const fields = { ...givenFields(input), status, reviewed: input.reviewed ?? status !== 'suggested', updated_at: at };
    let relation: MemoryRelationRecord;
    if (existing) {
      relation = { ...existing, ...fields, properties: { ...existing.properties, ...input.properties } };
      relation.properties = checkEvolves(relation);
      await tx.relations.update(existing.id, relation);
    } else {
      relation = {
        id: deps.ids.next(),
        source_memory_id: memoryId,
        target_memory_id: input.target_memory_id,
        relation_type: relationType,
        strength: 1,
        confidence: 1,
        bidirectional: false,
        source: 'api',
        author_id: null,
        agent_id: null,
        source_app: null,
        reason: null,
        ...fields,
        properties: input.properties ?? {},
        created_at: at,
      };
      relation.properties = checkEvolves(relation);
      await tx.relations.insert(relation);
    }
    const [presented] = await presentRelations(tx, [relation], memoryId);
    return presented!;
  });
}

export interface ListRelationsInput {
  direction: RelationDirection;
  types?: string[];
  statuses: RelationStatus[];
  limit: number;
  offset: number;
  space_id?: string;
}

/**
 * A page of the relations around a memory, newest first (ties by id, descending). `space_id`, when given, guards
 * the memory (404 elsewhere) and keeps only relations whose other memory is in that space. Relations to forgotten
 * memories are not listed.
 */
export async function listRelations(deps: Pick<Deps, 'store'>, memoryId: string, input: ListRelationsInput) {
  await requireMemory(deps.store, memoryId, { space_id: input.space_id });
  const { items, total } = await deps.store.relations.list({ memory_id: memoryId, ...input });
  return { memory_id: memoryId, relations: await presentRelations(deps.store, items, memoryId), total };
}

async function requireRelation(repos: Pick<Repos, 'relations'>, id: string) {
  const relation = await repos.relations.getById(id);
  if (!relation) throw notFound('relation', id);
  return relation;
}

/**
 * Changes the given fields of a relation; any status may be set, `deleted` included, and back.
 * Renaming its type to one the pair already has in that direction is a 409 `relation_exists`.
 */
export async function updateRelation(deps: RelationDeps, id: string, input: UpdateRelationInput) {
  const at = deps.clock.now();
  return deps.store.transaction(async tx => {
    const existing = await requireRelation(tx, id);
    const relation: MemoryRelationRecord = { ...existing, ...givenFields(input), updated_at: at };
    if (input.status != null) relation.status = input.status;
    if (input.properties != null) relation.properties = { ...existing.properties, ...input.properties };
    if (input.relation_type != null) relation.relation_type = normalizeRelationType(input.relation_type);
    if (relation.relation_type !== existing.relation_type) {
      const clash = await tx.relations.find(relation.source_memory_id, relation.target_memory_id, relation.relation_type);
      if (clash) throw conflict('relation_exists', `These memories already have a ${relation.relation_type} relation: ${clash.id}`, { relation_id: clash.id });
    }
    relation.properties = checkEvolves(relation);
    await tx.relations.update(id, relation);
    const [presented] = await presentRelations(tx, [relation]);
    return presented!;
  });
}

/** Soft-deletes a relation (status `deleted`) and returns it; PATCH can bring it back. */
export async function deleteRelation(deps: RelationDeps, id: string) {
  return updateRelation(deps, id, { status: 'deleted' });
}
