/** Table shapes of communities and crystals (migration 012). */

export interface CommunitiesTable {
  id: number;
  name: string;
  summary: string;
  summary_source: string;
  entity_count: number;
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
  contribution_weight: number;
  position: number;
  source_version: number;
}

/** The last community detection (migration 013): one row, id 1. */
export interface CommunityRunsTable {
  id: number;
  detected_at: string;
  fingerprint: string;
  took_ms: number;
  communities: number;
  entities: number;
  max_id: number;
}
