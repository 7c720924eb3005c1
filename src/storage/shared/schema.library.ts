/** Table shapes of communities and crystals (migration 012). */

export interface CommunitiesTable {
  id: number;
  name: string;
  summary: string;
  summary_source: string;
  entity_count: number;
  /** Memories (not forgotten) mentioning any of its entities, when it was detected. */
  memory_count: number;
  created_at: string;
  updated_at: string;
}

export interface CommunityMembersTable {
  entity_id: string;
  community_id: number;
  rank: number;
  weight: number;
}

export interface CrystalsTable {
  id: string;
  synthesis: string;
  community_id: number | null;
  created_at: string;
}

export interface CrystalSourcesTable {
  crystal_id: string;
  memory_id: string;
  /** The source's share of the crystal; a crystal's weights sum to 1. */
  contribution_weight: number;
  /** Order of the source in the crystal (0 first). */
  position: number;
  source_version: number;
}

/** The last community detection (migration 013): one row, id 1. */
export interface CommunityRunsTable {
  id: number;
  detected_at: string;
  /** Cheap digest of the graph (counts and latest times) when the run read it; another value means it changed since. */
  fingerprint: string;
  took_ms: number;
  communities: number;
  entities: number;
  /** Ids up to this one have been used: new communities get higher ones, so an id is never given to another topic. */
  max_id: number;
}
