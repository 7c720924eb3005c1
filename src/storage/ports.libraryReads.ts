/** Reads of the Library wiki over the whole graph (part of the Store; re-exported by ports.ts). */
import type { CommunityMember, CrystalRecord } from './ports.library.ts';
import type { EntityRelationRecord } from './ports.graph.ts';

export interface LibraryCounts {
  communities: number;
  entities: number;
  /** Crystals whose memory is not forgotten. */
  crystals: number;
  /** Memories that are not forgotten. */
  memories: number;
}

/** A MENTIONS edge as the Library draws it. */
export interface LibraryMention {
  memory_id: string;
  entity_id: string;
  occurrences: number;
}

/** A memory (not forgotten) ranked within a community: how many of its entities it mentions. */
export interface LibraryReadRepo {
  counts(): Promise<LibraryCounts>;
  /** Members of each community, most central first (by rank), at most `perCommunity` each. */
  membersOf(communityIds: number[], perCommunity: number): Promise<Map<number, CommunityMember[]>>;
  /** Ids of the newest memories (not forgotten) mentioning any entity of the community, newest first. */
  recentMemoryIds(communityId: number, limit: number): Promise<string[]>;
  /** Ids of the newest memories (not forgotten) mentioning the entity, newest first. */
  mentioningMemoryIds(entityId: string, limit: number): Promise<string[]>;
  /**
   * RELATES_TO rows whose two ends are both among the entities, oldest first. Like every relation read here, rows
   * evidenced by a forgotten memory are left out.
   */
  relationsAmong(entityIds: string[]): Promise<EntityRelationRecord[]>;
  /** RELATES_TO rows touching the entity, oldest first, at most `limit`. */
  liveRelationsTouching(entityId: string, limit: number): Promise<EntityRelationRecord[]>;
  /** MENTIONS edges between these memories and these entities. */
  mentionsBetween(memoryIds: string[], entityIds: string[]): Promise<LibraryMention[]>;
  /**
   * Other communities joined to this one by RELATES_TO edges (one per entity pair and relation type, whatever its
   * evidence), most shared first, ties by id.
   */
  relatedCommunities(communityId: number, limit: number): Promise<{ community_id: number; shared_edges: number }[]>;
  /** Ids of entities whose canonical name is exactly this. */
  entityIdsByCanonical(canonical: string): Promise<string[]>;
  /** Crystals whose memory is not forgotten, oldest first (ties by id), one page. */
  listCrystals(limit: number, offset: number): Promise<CrystalRecord[]>;
}
