import { notFound } from '../../errors.ts';
import type { CommunityRecord, EntityWithStats, Store } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentMemory } from '../readModel/memories.ts';
import { detectCommunities } from './detect.ts';
import type { DetectionResult } from '../ports.ts';

/** Entities shown with each community of a list. */
export const TOP_ENTITIES = 5;
/** Memories shown on a community's details. */
export const SAMPLE_MEMORIES = 5;

/** A community as the API shows it; `memory_count` is read now, so a memory forgotten since detection no longer counts. */
export function presentCommunity(community: CommunityRecord, memoryCount: number, top: EntityWithStats[]) {
  return {
    id: community.id,
    name: community.name,
    summary: community.summary,
    summary_source: community.summary_source,
    entity_count: community.entity_count,
    memory_count: memoryCount,
    top_entities: top.map(e => ({ id: e.id, name: e.name, entity_type: e.entity_type })),
    created_at: community.created_at,
    updated_at: community.updated_at,
  };
}

/** The first `limit` members of each community, most central first, as entities. */
async function membersOf(store: Store, communityIds: number[], limit: number): Promise<Map<number, EntityWithStats[]>> {
  const lists = await Promise.all(communityIds.map(id => store.communities.members(id, limit)));
  const entities = new Map((await store.entities.getMany(lists.flat().map(m => m.entity_id))).map(e => [e.id, e]));
  return new Map(communityIds.map((id, i) => [id, lists[i].flatMap(m => entities.get(m.entity_id) ?? [])]));
}

/** Communities with summaries, largest (most entities) first; `total` counts them all. */
export async function listCommunities(deps: Pick<Deps, 'store'>, input: { limit: number }) {
  const { items, total } = await deps.store.communities.list(input.limit, 0);
  const ids = items.map(c => c.id);
  const [counts, top] = await Promise.all([deps.store.communityGraph.memoryCounts(ids), membersOf(deps.store, ids, TOP_ENTITIES)]);
  return { communities: items.map(c => presentCommunity(c, counts.get(c.id) ?? 0, top.get(c.id) ?? [])), total };
}

/** A community id as the path gives it (a string); only a plain non-negative integer can name one. */
function parseCommunityId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * One community with its entities (most central first, at most `entity_limit`, each with how many memories mention
 * it) and sample memories: those (not forgotten) mentioning most of its entities. 404 when the id names none.
 */
export async function getCommunity(deps: Pick<Deps, 'store'>, rawId: string, input: { entity_limit: number }) {
  const id = parseCommunityId(rawId);
  const community = id === null ? undefined : await deps.store.communities.get(id);
  if (!community) throw notFound('community', rawId);
  const { store } = deps;
  const members = await store.communities.members(community.id, Math.max(input.entity_limit, TOP_ENTITIES));
  const entities = new Map((await store.entities.getMany(members.map(m => m.entity_id))).map(e => [e.id, e]));
  const ranked = members.flatMap(m => {
    const e = entities.get(m.entity_id);
    return e ? [{ entity: e, member: m }] : [];
  });
  const hits = await store.communityGraph.topMemories(community.id, SAMPLE_MEMORIES);
  const [counts, memories, labels] = await Promise.all([
    store.communityGraph.memoryCounts([community.id]),
    store.memories.getMany(hits.map(h => h.memory_id)),
    store.memoryLabels.labelsOf(hits.map(h => h.memory_id)),
  ]);
  const byId = new Map(memories.map(m => [m.id, m]));
  return {
    ...presentCommunity(community, counts.get(community.id) ?? 0, ranked.slice(0, TOP_ENTITIES).map(r => r.entity)),
    entities: ranked.slice(0, input.entity_limit).map(({ entity, member }) => ({
      id: entity.id,
      name: entity.name,
      entity_type: entity.entity_type,
      description: entity.description,
      mention_count: entity.mention_count,
      rank: member.rank,
      weight: member.weight,
    })),
    sample_memories: hits.flatMap(hit => {
      const memory = byId.get(hit.memory_id);
      return memory ? [{ ...presentMemory(memory, labels.get(memory.id) ?? []), community_entities: hit.entities }] : [];
    }),
  };
}

/** Recomputes the communities now (after any run in progress) and says how many came out and how long it took. */
export function runDetection(deps: Pick<Deps, 'store' | 'clock' | 'llm' | 'communities'>): Promise<DetectionResult> {
  return deps.communities ? deps.communities.detectNow() : detectCommunities(deps);
}
