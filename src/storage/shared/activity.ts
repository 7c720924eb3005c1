import { type Kysely, sql } from 'kysely';
import type { FeedEventType } from '../../domain/feed.ts';
import type { ActivityFilter, ActivityRecord, ActivityRepo, LabelRecord } from '../ports.ts';
import type { Database } from './schema.ts';
import { liveEvolvesEdges } from './evolves.ts';

/** One kind of activity: its newest records, and how many there are, within a filter. */
interface Source {
  rows(limit: number): Promise<ActivityRecord[]>;
  count(): Promise<number>;
}

const NONE: Source = { rows: async () => [], count: async () => 0 };

/** The first characters of a text column, portable (substr is SQLite's and PostgreSQL's). */
const snippet = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 200)`;

const total = (row: { n: number | string | bigint }) => Number(row.n);

/** Memories created within the window (crystals or the others), not forgotten. */
function memoriesCreated(db: Kysely<Database>, f: ActivityFilter, crystal: boolean): Source {
  let q = db
    .selectFrom('memories as m')
    .where('m.is_crystal', '=', crystal ? 1 : 0)
    .where('m.lifecycle_state', '!=', 'forgotten')
    .where('m.created_at', '>=', f.from);
  if (f.to) q = q.where('m.created_at', '<', f.to);
  if (f.space_id !== undefined) q = q.where('m.space_id', '=', f.space_id);
  if (f.source !== undefined) q = q.where('m.source', '=', f.source);
  const kind: FeedEventType = crystal ? 'crystal_created' : 'memory_created';
  return {
    // The newest ids first, then their fields: sorting narrow rows is several times cheaper than sorting snippets.
    rows: async limit =>
      (
        await db
          .selectFrom('memories as m')
          .where('m.id', 'in', q.select('m.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit))
          .select(['m.id', 'm.created_at', 'm.space_id', 'm.title', 'm.unit_type', 'm.source', 'm.importance', snippet('m.content').as('text')])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .execute()
      ).map(r => ({
        kind,
        ref_id: r.id,
        at: r.created_at,
        space_id: r.space_id,
        title: r.title,
        text: r.text,
        memory_ids: [r.id],
        details: { unit_type: r.unit_type, source: r.source, importance: r.importance },
      })),
    count: async () => total(await q.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
  };
}

/** EVOLVES edges made within the window whose two memories are not forgotten; the space is the newer memory's. */
function evolvesDetected(db: Kysely<Database>, f: ActivityFilter): Source {
  if (f.source !== undefined) return NONE;
  let q = liveEvolvesEdges(db).where('r.created_at', '>=', f.from);
  if (f.to) q = q.where('r.created_at', '<', f.to);
  if (f.space_id !== undefined) q = q.where('n.space_id', '=', f.space_id);
  return {
    rows: async limit =>
      (
        await q
          .select(['r.id', 'r.created_at', 'r.properties', 'r.confidence', 'r.reviewed', 'r.reason', 'n.id as newer_id', 'o.id as older_id'])
          .select(['n.space_id', 'n.title as newer_title', 'o.title as older_title'])
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(limit)
          .execute()
      ).map(r => {
        const properties = JSON.parse(r.properties) as Record<string, unknown>;
        return {
          kind: 'evolves_detected' as const,
          ref_id: r.id,
          at: r.created_at,
          space_id: r.space_id,
          title: r.newer_title,
          text: r.reason ?? '',
          memory_ids: [r.newer_id, r.older_id],
          details: {
            relation: properties.relation,
            detected_by: properties.detected_by,
            confidence: r.confidence,
            reviewed: r.reviewed === 1,
            newer_id: r.newer_id,
            older_id: r.older_id,
            newer_title: r.newer_title,
            older_title: r.older_title,
          },
        };
      }),
    count: async () => total(await q.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
  };
}

/** Label merges made within the window (undone ones too); in a space when they moved a memory of that space. */
function labelsMerged(db: Kysely<Database>, f: ActivityFilter): Source {
  if (f.source !== undefined) return NONE;
  let q = db.selectFrom('label_merges as lm').leftJoin('labels as t', 't.id', 'lm.target_id').where('lm.merged_at', '>=', f.from);
  if (f.to) q = q.where('lm.merged_at', '<', f.to);
  const spaceId = f.space_id;
  if (spaceId !== undefined) {
    q = q.where(eb =>
      eb.exists(
        eb
          .selectFrom('label_merge_edges as e')
          .innerJoin('memories as m', 'm.id', 'e.memory_id')
          .select('e.memory_id')
          .whereRef('e.merge_id', '=', 'lm.id')
          .where('m.space_id', '=', spaceId),
      ),
    );
  }
  return {
    rows: async limit =>
      (
        await q
          .select(['lm.id', 'lm.merged_at', 'lm.source_label', 'lm.target_id', 'lm.undone_at', 't.name as target_name'])
          .orderBy('lm.merged_at', 'desc')
          .orderBy('lm.id', 'desc')
          .limit(limit)
          .execute()
      ).map(r => {
        const source = JSON.parse(r.source_label) as LabelRecord;
        return {
          kind: 'label_merged' as const,
          ref_id: r.id,
          at: r.merged_at,
          space_id: null,
          title: source.name,
          text: '',
          memory_ids: [],
          details: { source_label_id: source.id, source_label_name: source.name, target_label_id: r.target_id, target_label_name: r.target_name, undone_at: r.undone_at },
        };
      }),
    count: async () => total(await q.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
  };
}

/** Threads first saved within the window. */
function threadsSaved(db: Kysely<Database>, f: ActivityFilter): Source {
  let q = db.selectFrom('threads as t').where('t.created_at', '>=', f.from);
  if (f.to) q = q.where('t.created_at', '<', f.to);
  if (f.space_id !== undefined) q = q.where('t.space_id', '=', f.space_id);
  if (f.source !== undefined) q = q.where('t.source', '=', f.source);
  return {
    rows: async limit =>
      (
        await q
          .select(['t.id', 't.thread_id', 't.created_at', 't.space_id', 't.title', 't.source', 't.message_count'])
          .orderBy('t.created_at', 'desc')
          .orderBy('t.id', 'desc')
          .limit(limit)
          .execute()
      ).map(r => ({
        kind: 'thread_saved' as const,
        ref_id: r.id,
        at: r.created_at,
        space_id: r.space_id,
        title: r.title,
        text: '',
        memory_ids: [],
        details: { thread_id: r.thread_id, source: r.source, message_count: r.message_count },
      })),
    count: async () => total(await q.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
  };
}

/** History syncs reported completed within the window (one timeline card each; `source` is the client). */
function historySynced(db: Kysely<Database>, f: ActivityFilter): Source {
  let q = db.selectFrom('thread_import_runs as r').where('r.created_at', '>=', f.from);
  if (f.to) q = q.where('r.created_at', '<', f.to);
  if (f.space_id !== undefined) q = q.where('r.space_id', '=', f.space_id);
  if (f.source !== undefined) q = q.where('r.client', '=', f.source);
  return {
    rows: async limit =>
      (await q.selectAll().orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute()).map(r => ({
        kind: 'history_synced' as const,
        ref_id: r.id,
        at: r.created_at,
        space_id: r.space_id,
        title: r.client,
        text: '',
        memory_ids: [],
        details: { client: r.client, ...(JSON.parse(r.counts) as Record<string, number>) },
      })),
    count: async () => total(await q.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
  };
}

/** Activity read from the tables that hold it; see ActivityRepo. */
export function activityRepo(db: Kysely<Database>): ActivityRepo {
  const source = (kind: FeedEventType, filter: ActivityFilter): Source => {
    switch (kind) {
      case 'memory_created':
        return memoriesCreated(db, filter, false);
      case 'crystal_created':
        return memoriesCreated(db, filter, true);
      case 'evolves_detected':
        return evolvesDetected(db, filter);
      case 'label_merged':
        return labelsMerged(db, filter);
      case 'thread_saved':
        return threadsSaved(db, filter);
      case 'history_synced':
        return historySynced(db, filter);
    }
  };
  return {
    recent: (kind, filter, limit) => source(kind, filter).rows(limit),
    count: (kind, filter) => source(kind, filter).count(),
  };
}
