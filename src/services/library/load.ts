/** What a Library page shows, loaded from the store: one loader per page kind, shared by the pages and the exports. */
import type { Staleness } from '../../domain/crystal.ts';
import { entityKey } from '../../domain/entity.ts';
import { notFound } from '../../errors.ts';
import type { CommunityRecord, CrystalRecord, EntityWithStats, MemoryRecord, Repos } from '../../storage/ports.ts';
import { aggregateRelations } from '../graph/entities.ts';
import { crystalDetails } from '../readModel/crystals.ts';

export type LibraryRepos = Pick<Repos, 'memories' | 'entities' | 'communities' | 'crystals' | 'libraryReads'>;

export interface EntityRef {
  id: string;
  name: string;
  entity_type: string;
}
export interface TopicRef {
  id: number;
  name: string;
}
export interface CrystalRef {
  id: string;
  title: string;
  stale: boolean;
}

export interface TopicView {
  community: CommunityRecord;
  entities: EntityWithStats[];
  crystals: CrystalRef[];
  memories: MemoryRecord[];
  related: (TopicRef & { shared_edges: number })[];
}

export interface EntityView {
  entity: EntityWithStats;
  topic: TopicRef | null;
  related: { entity: EntityRef; relation_type: string; weight: number; direction: 'out' | 'in' }[];
  memories: MemoryRecord[];
}

export interface CrystalView {
  crystal: CrystalRecord;
  memory: MemoryRecord;
  /** Sources still readable (not forgotten, not deleted), heaviest first. */
  sources: { memory: MemoryRecord; contribution_weight: number; changed: boolean }[];
  /** Sources not shown: forgotten or deleted since. */
  hidden_sources: number;
  staleness: Staleness;
  entities: EntityRef[];
  topic: TopicRef | null;
}

const RELATED_ENTITIES = 20;
const RELATION_ROWS = 2000;
const TOPIC_MEMORIES = 10;
const TOPIC_CRYSTALS = 20;
const RELATED_TOPICS = 6;

/** An entity some memory that is not forgotten still mentions: one known only from forgotten memories is not shown. */
export const known = (e: EntityWithStats) => e.mention_count > 0;

const live = (m: MemoryRecord | undefined): m is MemoryRecord => m !== undefined && m.lifecycle_state !== 'forgotten';

/** The memories of `ids` that are not forgotten, in the order of `ids`. */
export async function liveMemories(repos: Pick<Repos, 'memories'>, ids: string[]): Promise<MemoryRecord[]> {
  const byId = new Map((await repos.memories.getMany(ids)).map(m => [m.id, m]));
  return ids.map(id => byId.get(id)).filter(live);
}

export async function requireCommunity(repos: Pick<Repos, 'communities'>, id: number) {
  const community = await repos.communities.get(id);
  if (!community) throw notFound('community', String(id));
  return community;
}

/** The crystal and its memory; 404 when unknown, or when its memory is forgotten (the Library never shows those). */
export async function requireCrystal(repos: Pick<Repos, 'crystals' | 'memories'>, id: string) {
  const [crystal, memory] = await Promise.all([repos.crystals.get(id), repos.memories.getById(id)]);
  if (!crystal || !live(memory)) throw notFound('crystal', id);
  return { crystal, memory };
}

/** An entity by id, else by canonical name (case and punctuation folded); the most mentioned wins a shared name. */
export async function resolveEntity(repos: Pick<Repos, 'entities' | 'libraryReads'>, idOrName: string): Promise<EntityWithStats> {
  const byId = await repos.entities.getById(idOrName);
  if (byId) return byId;
  const ids = await repos.libraryReads.entityIdsByCanonical(entityKey(idOrName));
  const [best] = (await repos.entities.getMany(ids)).sort((a, b) => b.mention_count - a.mention_count || (a.id < b.id ? -1 : 1));
  if (!best) throw notFound('entity', idOrName);
  return best;
}

/** Crystal refs (not forgotten) with their staleness, in the order given. */
export async function crystalRefs(repos: Pick<Repos, 'crystals' | 'memories'>, crystalIds: string[]): Promise<CrystalRef[]> {
  const [memories, details] = await Promise.all([liveMemories(repos, crystalIds), crystalDetails({ store: repos }, crystalIds)]);
  return memories.map(m => ({ id: m.id, title: m.title, stale: details.get(m.id)?.stale ?? false }));
}

export async function loadTopic(repos: LibraryRepos, community: CommunityRecord, topPerCommunity: number): Promise<TopicView> {
  const members = (await repos.libraryReads.membersOf([community.id], topPerCommunity)).get(community.id) ?? [];
  const entities = new Map((await repos.entities.getMany(members.map(m => m.entity_id))).map(e => [e.id, e]));
  const crystals = (await repos.crystals.ofCommunities([community.id], TOPIC_CRYSTALS)).get(community.id) ?? [];
  const memories = await liveMemories(repos, await repos.libraryReads.recentMemoryIds(community.id, TOPIC_MEMORIES));
  const shared = await repos.libraryReads.relatedCommunities(community.id, RELATED_TOPICS);
  const names = new Map((await repos.communities.getMany(shared.map(s => s.community_id))).map(c => [c.id, c.name]));
  return {
    community,
    entities: members.flatMap(m => entities.get(m.entity_id) ?? []).filter(known),
    crystals: await crystalRefs(repos, crystals.map(c => c.id)),
    memories,
    related: shared.flatMap(s => (names.has(s.community_id) ? [{ id: s.community_id, name: names.get(s.community_id)!, shared_edges: s.shared_edges }] : [])),
  };
}

export async function loadEntity(repos: LibraryRepos, entity: EntityWithStats, mentionLimit: number): Promise<EntityView> {
  const communityId = (await repos.communities.communityOf([entity.id])).get(entity.id);
  const community = communityId === undefined ? undefined : await repos.communities.get(communityId);
  const relations = aggregateRelations(await repos.libraryReads.liveRelationsTouching(entity.id, RELATION_ROWS))
    .filter(r => r.source_entity_id !== r.target_entity_id)
    .slice(0, RELATED_ENTITIES);
  const otherOf = (r: (typeof relations)[number]) => (r.source_entity_id === entity.id ? r.target_entity_id : r.source_entity_id);
  const others = new Map((await repos.entities.getMany(relations.map(otherOf))).filter(known).map(e => [e.id, e]));
  return {
    entity,
    topic: community ? { id: community.id, name: community.name } : null,
    related: relations.flatMap(r => {
      const other = others.get(otherOf(r));
      if (!other) return [];
      const direction = r.source_entity_id === entity.id ? ('out' as const) : ('in' as const);
      return [{ entity: { id: other.id, name: other.name, entity_type: other.entity_type }, relation_type: r.relation_type, weight: r.weight, direction }];
    }),
    memories: await liveMemories(repos, await repos.libraryReads.mentioningMemoryIds(entity.id, mentionLimit)),
  };
}

export async function loadCrystal(repos: LibraryRepos & Pick<Repos, 'mentions'>, id: string): Promise<CrystalView> {
  const { crystal, memory } = await requireCrystal(repos, id);
  const details = (await crystalDetails({ store: repos }, [id])).get(id);
  const sourceRows = details?.sources ?? [];
  const staleness: Staleness = { stale: details?.stale ?? false, stale_sources: details?.stale_sources ?? [] };
  const sources = sourceRows.flatMap(s =>
    s.memory ? [{ memory: s.memory, contribution_weight: s.contribution_weight, changed: s.stale_reason === 'source_changed' }] : [],
  );
  const entityIds = (await repos.mentions.entityIdsOf([id])).get(id) ?? [];
  const entities = (await repos.entities.getMany(entityIds)).filter(known).sort((a, b) => b.mention_count - a.mention_count || (a.name < b.name ? -1 : 1));
  const community = crystal.community_id === null ? undefined : await repos.communities.get(crystal.community_id);
  return {
    crystal,
    memory,
    sources,
    hidden_sources: sourceRows.length - sources.length,
    staleness,
    entities: entities.map(e => ({ id: e.id, name: e.name, entity_type: e.entity_type })),
    topic: community ? { id: community.id, name: community.name } : null,
  };
}
