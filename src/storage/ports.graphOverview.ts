/** The whole-graph overview read (part of the Store; re-exported by ports.ts). */

export interface OverviewEntity {
  id: string;
  name: string;
  entity_type: string;
  /** Memories (not forgotten; of the lens space when one is given) mentioning it. */
  mention_count: number;
  /** RELATES_TO rows touching it, evidence from forgotten memories left out. */
  degree: number;
  community_id: number | null;
}

export interface OverviewMemory {
  id: string;
  title: string;
  unit_type: string;
  importance: number;
}

/** A RELATES_TO pair (rows of one direction summed) or a MENTIONS edge (memory → entity). */
export interface OverviewEdge {
  source: string;
  target: string;
  weight: number;
  relation_type: string;
}

export interface GraphOverviewRepo {
  /** Entities (of the lens: mentioned by a live memory of `spaceId`), most mentioned first, then most related, then id. */
  entityPage(offset: number, limit: number, spaceId?: string): Promise<OverviewEntity[]>;
  /** How many entities the lens holds. */
  entityCount(spaceId?: string): Promise<number>;
  /**
   * RELATES_TO pairs among the first `offset + limit` entities (in `entityPage` order) with at least one end past the
   * first `offset`: the edges a page adds to the pages before it, so the pages together hold every edge among their nodes.
   */
  entityEdges(offset: number, limit: number, spaceId?: string): Promise<OverviewEdge[]>;
  /** Memories (not forgotten, of `spaceId` when given) mentioning any entity: most important first, newest, then id. */
  memoryPage(offset: number, limit: number, spaceId?: string): Promise<OverviewMemory[]>;
  memoryCount(spaceId?: string): Promise<number>;
  /** MENTIONS edges of these memories (memory → entity). */
  mentionEdges(memoryIds: string[]): Promise<OverviewEdge[]>;
}
