/**
 * The activity feed's vocabulary and pure rules: event kinds, the time window a request asks for, and the order of
 * events. The feed is derived from what the store already holds (memories, EVOLVES
 * edges, label merges, threads); a new kind is one more entry in FEED_EVENT_TYPES and one more query in storage.
 */

/**
 * Event kinds, named as the interface's feed names them where it has one. `crystal_created` is a memory with
 * `is_crystal`; flags (`flag_*`) and insights are not recorded by Cairn yet.
 */
export const FEED_EVENT_TYPES = ['memory_created', 'crystal_created', 'evolves_detected', 'label_merged', 'thread_saved', 'history_synced'] as const;
export type FeedEventType = (typeof FEED_EVENT_TYPES)[number];

/** Every derived event is informational: nothing in it waits to be resolved. */
export const FEED_SEVERITY = 'info';

export const isFeedEventType = (value: string): value is FeedEventType => (FEED_EVENT_TYPES as readonly string[]).includes(value);

/** The half-open time span `[from, to)` of ISO 8601 UTC instants a feed request covers; `to` null means up to now. */
export interface FeedWindow {
  from: string;
  to: string | null;
}

const DAY_MS = 86_400_000;

/**
 * The window of a feed request: from `date_from` (a calendar day, UTC) or else `last_n_days` before now, up to the end
 * of `date_to` (inclusive) or else now.
 */
export function feedWindow(input: { now: string; last_n_days: number; date_from?: string; date_to?: string }): FeedWindow {
  const from = input.date_from ? `${input.date_from}T00:00:00.000Z` : new Date(Date.parse(input.now) - input.last_n_days * DAY_MS).toISOString();
  const to = input.date_to ? new Date(Date.parse(`${input.date_to}T00:00:00.000Z`) + DAY_MS).toISOString() : null;
  return { from, to };
}

/** What orders feed events: newest first, ties by id (descending, so the order is total and stable). */
export interface FeedOrderKey {
  id: string;
  created_at: string;
}

export const newestFirst = (a: FeedOrderKey, b: FeedOrderKey) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

