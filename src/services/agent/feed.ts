import { InputError } from '../../errors.ts';
import { FEED_EVENT_TYPES, FEED_SEVERITY, type FeedEventType, feedWindow, isFeedEventType, newestFirst } from '../../domain/feed.ts';
import type { ActivityRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { counted } from '../../domain/text.ts';

export interface FeedQuery {
  limit: number;
  offset: number;
  last_n_days: number;
  date_from?: string;
  date_to?: string;
  /** One event type or a comma-separated list. */
  event_type?: string;
  severity?: string;
  unresolved_only: boolean;
  source?: string;
  space_id?: string;
  include_total: boolean;
}

const quoted = (text: string) => `"${text}"`;

/** The one-line title a feed reader shows for an event. */
function titleOf(record: ActivityRecord): string {
  const d = record.details;
  switch (record.kind) {
    case 'evolves_detected':
      return `${quoted(String(d.newer_title))} ${String(d.relation ?? 'replaces')} ${quoted(String(d.older_title))}`;
    case 'label_merged':
      return `Label ${quoted(String(d.source_label_name))} merged into ${quoted(String(d.target_label_name ?? d.target_label_id))}`;
    case 'thread_saved':
      return record.title || String(d.thread_id);
    case 'history_synced':
      return `History sync from ${String(d.client)}`;
    default:
      return record.title;
  }
}

function descriptionOf(record: ActivityRecord): string {
  const d = record.details;
  switch (record.kind) {
    case 'memory_created':
    case 'crystal_created':
      return `${String(d.unit_type)} saved from ${String(d.source)}`;
    case 'evolves_detected':
      return record.text || `detected by ${String(d.detected_by ?? 'user')}`;
    case 'label_merged':
      return d.undone_at ? `merge undone at ${String(d.undone_at)}` : 'labels merged';
    case 'thread_saved':
      return `${counted(Number(d.message_count), 'message')} from ${String(d.source)}`;
    case 'history_synced':
      return `${counted(Number(d.imported_count), 'thread')} (${counted(Number(d.imported_message_count), 'message')}) synced, ${Number(d.failed_count)} failed`;
  }
}

/** A stored activity as a feed event; the id (kind and row id) is stable across calls. */
function presentEvent(record: ActivityRecord) {
  return {
    id: `${record.kind}:${record.ref_id}`,
    event_type: record.kind,
    title: titleOf(record),
    description: descriptionOf(record),
    content: record.text,
    severity: FEED_SEVERITY,
    created_at: record.at,
    space_id: record.space_id,
    memory_id: record.memory_ids[0] ?? null,
    related_memory_ids: record.memory_ids,
    metadata: record.details,
  };
}

/** The kinds a query asks for: the named ones that exist; none when it asks for flags, a severity or unresolved items. */
function kindsOf(query: FeedQuery): FeedEventType[] {
  if (query.unresolved_only) return [];
  if (query.severity !== undefined && query.severity.trim().toLowerCase() !== FEED_SEVERITY) return [];
  if (query.event_type === undefined || query.event_type.trim() === '') return [...FEED_EVENT_TYPES];
  const asked = query.event_type.split(',').map(t => t.trim().toLowerCase());
  return FEED_EVENT_TYPES.filter(kind => asked.includes(kind) && isFeedEventType(kind));
}

/**
 * Recent activity, newest first (ties by id): memories and crystals created, EVOLVES edges, label merges and threads
 * saved within the window (`date_from`/`date_to` as UTC days, else the last `last_n_days`), read from the tables that
 * hold them (nothing is written to keep a feed). Derived events are all `info` and never unresolved, so asking for
 * another severity, for unresolved items or for a type Cairn does not record (flags, insights) finds nothing.
 * `total` is null when `include_total` is false; `has_more` is exact either way.
 */
export async function feedEvents(deps: Pick<Deps, 'store' | 'clock'>, query: FeedQuery) {
  if (query.date_from && query.date_to && query.date_from > query.date_to) {
    throw new InputError(['query', 'date_from'], 'date_from must not be after date_to');
  }
  const window = feedWindow({ now: deps.clock.now(), last_n_days: query.last_n_days, date_from: query.date_from, date_to: query.date_to });
  const filter = { ...window, space_id: query.space_id, source: query.source };
  const kinds = kindsOf(query);
  const wanted = query.offset + query.limit;
  // One more than the page needs from each kind tells whether anything follows the page.
  const lists = await Promise.all(kinds.map(kind => deps.store.activity.recent(kind, filter, wanted + 1)));
  const events = lists.flat().map(presentEvent).sort(newestFirst);
  const total = query.include_total ? (await Promise.all(kinds.map(kind => deps.store.activity.count(kind, filter)))).reduce((a, b) => a + b, 0) : null;
  return {
    events: events.slice(query.offset, wanted),
    total,
    limit: query.limit,
    offset: query.offset,
    has_more: events.length > wanted,
    window: { from: window.from, to: window.to },
  };
}
