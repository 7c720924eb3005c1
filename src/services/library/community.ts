/** Reads of one community for the Library: its subgraph, its recent memories, the communities it touches. */
import type { Deps } from '../deps.ts';
import { aggregateRelations } from '../graph/entities.ts';
import { known, liveMemories, requireCommunity } from './load.ts';
import { crystalDetails } from '../readModel/crystals.ts';
import { presentMemories } from './present.ts';

const SUBGRAPH_CRYSTALS = 5;

/**
 * The community's most central entities (at most `max_entities`) and the RELATES_TO edges between them, plus, when
 * `include_top_memories` > 0, the memories mentioning most of them and the community's crystals, joined to the
 * entities by MENTIONS edges. 404 `community_not_found` when unknown.
 */
export async function communitySubgraph(deps: Pick<Deps, 'store'>, communityId: number, input: { max_entities: number; include_top_memories: number }) {
  const { store } = deps;
  await requireCommunity(store, communityId);
  const members = (await store.libraryReads.membersOf([communityId], input.max_entities)).get(communityId) ?? [];
  const entities = new Map((await store.entities.getMany(members.map(m => m.entity_id))).filter(known).map(e => [e.id, e]));
  const entityIds = members.map(m => m.entity_id).filter(id => entities.has(id));
  const nodes = members.flatMap(m => {
    const e = entities.get(m.entity_id);
    if (!e) return [];
    const metadata = { entity_type: e.entity_type, description: e.description, mention_count: e.mention_count, rank: m.rank, weight: m.weight };
    return [{ id: e.id, label: e.name, node_type: 'Entity' as string, metadata: metadata as Record<string, unknown> }];
  });
  const edges = aggregateRelations(await store.libraryReads.relationsAmong(entityIds)).map(r => ({
    id: r.id,
    source: r.source_entity_id,
    target: r.target_entity_id,
    edge_type: 'RELATES_TO' as string,
    weight: r.weight,
    metadata: { relation_type: r.relation_type, description: r.description, confidence: r.confidence, evidence_count: r.evidence } as Record<string, unknown>,
  }));
  if (input.include_top_memories === 0) return { nodes, edges };

  const hits = await store.communityGraph.topMemories(communityId, input.include_top_memories);
  const crystalIds = ((await store.crystals.ofCommunities([communityId], SUBGRAPH_CRYSTALS)).get(communityId) ?? []).map(c => c.id);
  const ids = [...new Set([...hits.map(h => h.memory_id), ...crystalIds])];
  const memories = await liveMemories(store, ids);
  const crystals = await crystalDetails({ store }, memories.filter(m => m.is_crystal).map(m => m.id));
  for (const m of memories) {
    const metadata: Record<string, unknown> = { title: m.title, created_at: m.created_at, importance: m.importance, space_id: m.space_id };
    if (m.is_crystal) metadata.stale = crystals.get(m.id)?.stale ?? false;
    nodes.push({ id: m.id, label: m.title, node_type: m.is_crystal ? 'Crystal' : 'Memory', metadata });
  }
  for (const mention of await store.libraryReads.mentionsBetween(memories.map(m => m.id), entityIds)) {
    edges.push({
      id: `${mention.memory_id}:${mention.entity_id}`,
      source: mention.memory_id,
      target: mention.entity_id,
      edge_type: 'MENTIONS',
      weight: mention.occurrences,
      metadata: {},
    });
  }
  return { nodes, edges };
}

/** The newest memories (not forgotten) mentioning any entity of the community. 404 when unknown. */
export async function communityRecentMemories(deps: Pick<Deps, 'store'>, communityId: number, input: { limit: number }) {
  const { store } = deps;
  await requireCommunity(store, communityId);
  const memories = await liveMemories(store, await store.libraryReads.recentMemoryIds(communityId, input.limit));
  return { community_id: communityId, memories: await presentMemories(store, memories) };
}

/** Other communities joined to this one by RELATES_TO edges, most shared edges first. 404 when unknown. */
export async function relatedCommunities(deps: Pick<Deps, 'store'>, communityId: number, input: { limit: number }) {
  const { store } = deps;
  await requireCommunity(store, communityId);
  const shared = await store.libraryReads.relatedCommunities(communityId, input.limit);
  const names = new Map((await store.communities.getMany(shared.map(s => s.community_id))).map(c => [c.id, c.name]));
  return {
    community_id: communityId,
    related: shared.flatMap(s => (names.has(s.community_id) ? [{ community_id: s.community_id, name: names.get(s.community_id)!, shared_edges: s.shared_edges }] : [])),
  };
}
