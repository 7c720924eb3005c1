/** What community detection reads of the entity graph, and its run record (part of the Store; re-exported by ports.ts). */
import type { Selectable } from 'kysely';
import type { CommunityRunsTable } from './shared/schema.library.ts';

/** RELATES_TO rows of one (source, target) pair added up; evidence from forgotten memories does not count. */
export interface RelationWeight {
  source_entity_id: string;
  target_entity_id: string;
  weight: number;
}

/** A MENTIONS edge of a memory that is not forgotten. */
export interface LiveMention {
  entity_id: string;
  memory_id: string;
  occurrences: number;
}

/** The last detection: when, over which state of the graph, and the highest community id ever given. */
export type DetectionRun = Omit<Selectable<CommunityRunsTable>, 'id'>;

/** A memory mentioning entities of a community: how many of them, and how often. */
export interface CommunityMemoryHit {
  memory_id: string;
  entities: number;
  occurrences: number;
}

export interface CommunityGraphRepo {
  /**
   * Calls `visit` with every RELATES_TO pair and its summed weight (one row per direction present), a page at a
   * time: a large graph is never held as rows all at once.
   */
  eachRelationWeight(visit: (rows: RelationWeight[]) => void): Promise<void>;
  /** Calls `visit` with every MENTIONS edge of memories that are not forgotten, a page at a time. */
  eachLiveMention(visit: (rows: LiveMention[]) => void): Promise<void>;
  /** A digest of the graph's counts and latest changes (entities, relations, mentions, forgotten memories). */
  fingerprint(): Promise<string>;
  lastRun(): Promise<DetectionRun | undefined>;
  /** Replaces the run record; run it in the transaction that stores the partition. */
  recordRun(run: DetectionRun): Promise<void>;
  /** Community id → memories (not forgotten) mentioning any of its entities, now. */
  memoryCounts(communityIds: number[]): Promise<Map<number, number>>;
  /**
   * Memories (not forgotten) mentioning the most entities of the community, then the most often, newest on ties:
   * a community's sample memories, the Library's top memories and a crystallisation's sources (without crystals).
   */
  topMemories(communityId: number, limit: number, options?: { excludeCrystals?: boolean }): Promise<CommunityMemoryHit[]>;
}
