/** Communities and crystals (part of the Store; re-exported by ports.ts). */

export type SummarySource = 'extractive' | 'llm';

/** A topic cluster of entities. Ids are integers, kept across recomputations where membership carries over. */
export interface CommunityRecord {
  id: number;
  name: string;
  summary: string;
  summary_source: SummarySource;
  entity_count: number;
  /** Memories (not forgotten) mentioning any of its entities, when it was detected. */
  memory_count: number;
  created_at: string;
  updated_at: string;
}

/** An entity's place in its community: `rank` 0 is the most central; `weight` its weighted degree inside it. */
export interface CommunityMember {
  community_id: number;
  entity_id: string;
  rank: number;
  weight: number;
}

export interface CommunityRepo {
  /** Makes the stored partition exactly this one (communities and members); run it inside a transaction. */
  replaceAll(communities: CommunityRecord[], members: CommunityMember[]): Promise<void>;
  /** Largest first (entity_count descending), ties by id. */
  list(limit: number, offset: number): Promise<{ items: CommunityRecord[]; total: number }>;
  get(id: number): Promise<CommunityRecord | undefined>;
  getMany(ids: number[]): Promise<CommunityRecord[]>;
  /** Members of the community, most central first, at most `limit`. */
  members(communityId: number, limit: number): Promise<CommunityMember[]>;
  /** Every membership, by community then rank: what a recomputation matches its new partition against. */
  allMembers(): Promise<CommunityMember[]>;
  /** Entity id → community id, for those of `entityIds` that belong to one. */
  communityOf(entityIds: string[]): Promise<Map<string, number>>;
  setSummary(id: number, summary: string, source: SummarySource, at: string): Promise<void>;
}

export type CrystalSynthesis = 'extractive' | 'llm';

/** What makes a memory (is_crystal) a crystal: how it was synthesised, and from which community if any. */
export interface CrystalRecord {
  id: string;
  synthesis: CrystalSynthesis;
  community_id: number | null;
  created_at: string;
}

/** A CRYSTALLIZED_FROM edge: the source memory, its share of the crystal, and its version when crystallised. */
export interface CrystalSource {
  crystal_id: string;
  memory_id: string;
  /** The source's share of the crystal; a crystal's weights sum to 1. */
  contribution_weight: number;
  /** Order of the source in the crystal (0 first). */
  position: number;
  source_version: number;
}

export interface CrystalRepo {
  insert(crystal: CrystalRecord, sources: CrystalSource[]): Promise<void>;
  get(id: string): Promise<CrystalRecord | undefined>;
  getMany(ids: string[]): Promise<CrystalRecord[]>;
  /** Sources of each crystal, heaviest first (ties by position); deleted sources are still listed. */
  sourcesOf(crystalIds: string[]): Promise<Map<string, CrystalSource[]>>;
  /** Source memory id → ids of the crystals made from it. */
  crystalsFrom(memoryIds: string[]): Promise<Map<string, string[]>>;
  /** Crystals made from a community, newest first, at most `limit` each. */
  ofCommunities(communityIds: number[], limit: number): Promise<Map<number, CrystalRecord[]>>;
}
