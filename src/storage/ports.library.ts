/** Communities and crystals (part of the Store; re-exported by ports.ts). */
import type { Selectable } from 'kysely';
import type { CommunitiesTable, CommunityMembersTable, CrystalSourcesTable, CrystalsTable } from './shared/schema.library.ts';

export type SummarySource = 'extractive' | 'llm';

/** A topic cluster of entities. Ids are integers, kept across recomputations where membership carries over. */
export type CommunityRecord = Omit<Selectable<CommunitiesTable>, 'summary_source'> & { summary_source: SummarySource };

/** An entity's place in its community: `rank` 0 is the most central; `weight` its weighted degree inside it. */
export type CommunityMember = Selectable<CommunityMembersTable>;

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
export type CrystalRecord = Omit<Selectable<CrystalsTable>, 'synthesis'> & { synthesis: CrystalSynthesis };

/** A CRYSTALLIZED_FROM edge: the source memory, its share of the crystal, and its version when crystallised. */
export type CrystalSource = Selectable<CrystalSourcesTable>;

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
