/** The activity view (part of the Store; re-exported by ports.ts): what happened, read from the tables that hold it. */
import type { FeedEventType, FeedWindow } from '../domain/feed.ts';

/** Which activity to read: a time window, optionally one space and one source (`memories.source`, `threads.source`). */
export interface ActivityFilter extends FeedWindow {
  space_id?: string;
  source?: string;
}

/** One thing that happened, as stored: the row it comes from and the facts a feed event is made of. */
export interface ActivityRecord {
  kind: FeedEventType;
  /** The id of the row the activity is read from (memory, relation, label merge, thread). */
  ref_id: string;
  at: string;
  space_id: string | null;
  title: string;
  /** The first 200 characters of the text involved, when there is one. */
  text: string;
  memory_ids: string[];
  details: Record<string, unknown>;
}

/**
 * Recent activity derived from the tables, never written on the hot path: memories created (crystals apart), EVOLVES
 * edges, label merges and threads. Memories that are forgotten, and edges touching one, are left out.
 */
export interface ActivityRepo {
  /** The `limit` newest records of one kind within the filter, newest first (ties by row id, descending). */
  recent(kind: FeedEventType, filter: ActivityFilter, limit: number): Promise<ActivityRecord[]>;
  /** How many records of one kind the filter holds. */
  count(kind: FeedEventType, filter: ActivityFilter): Promise<number>;
}
