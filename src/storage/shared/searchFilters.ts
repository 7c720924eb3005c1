import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { MetadataTurn, PostedNeighbour, SearchFilter, SearchRepo, ThreadTurn } from '../ports.ts';
import type { Database } from './schema.ts';
import { chunked } from './chunks.ts';

/** How a backend reads memory metadata (JSON text in `m.metadata`): each has its own JSON functions. */
export interface MetadataSql {
  /** The key is present (any value, null included). */
  has(key: string): RawBuilder<unknown>;
  /** The value at the key as text, a JSON true read as '1' (SQLite's json_extract reads it so). */
  text(key: string): RawBuilder<unknown>;
  /** The turn key as the backend's expression index on it has it (so the index serves the lookup). */
  turnKey(key: 'dia_id' | 'session_id'): RawBuilder<unknown>;
  /** `memories m` as a walk in posting order reads it, through the index memories_posting_order. */
  postingOrder: RawBuilder<unknown>;
}

/** SQL conditions on `m` (memories) for a search filter. */
export function filterSql(filter: SearchFilter, metadata: MetadataSql): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`m.space_id = ${filter.space_id}`, sql`m.lifecycle_state in (${sql.join(filter.states)})`];
  if (filter.unit_type) conditions.push(sql`m.unit_type = ${filter.unit_type}`);
  if (filter.event_from) conditions.push(sql`coalesce(m.event_end, m.event_start) >= ${filter.event_from}`);
  if (filter.event_to) conditions.push(sql`m.event_start <= ${filter.event_to}`);
  if (filter.recorded_from) conditions.push(sql`m.created_at >= ${filter.recorded_from}`);
  if (filter.recorded_to) conditions.push(sql`m.created_at <= ${filter.recorded_to}`);
  if (filter.label_names?.length) {
    conditions.push(sql`exists (select 1 from memory_labels ml join labels l on l.id = ml.label_id
      where ml.memory_id = m.id and l.name in (${sql.join(filter.label_names)}))`);
  }
  for (const { key, value } of filter.metadata ?? []) conditions.push(value === undefined ? metadata.has(key) : sql`${metadata.text(key)} = ${value}`);
  if (filter.ids) conditions.push(filter.ids.length ? sql`m.id in (${sql.join(filter.ids)})` : sql`1 = 0`);
  return sql.join(conditions, sql` and `);
}

type FilterQueries = Pick<SearchRepo, 'turnsByMetadata' | 'postedAround' | 'threadTurns' | 'countFiltered' | 'inTimeSpans' | 'filterIds'>;

/** The search queries that need no full-text index, written once for every backend over its metadata SQL. */
export function filterQueries(db: Kysely<Database>, metadata: MetadataSql): FilterQueries {
  const where = (filter: SearchFilter) => filterSql(filter, metadata);
  return {
    async turnsByMetadata(key, values, filter, limit) {
      if (values.length === 0) return [];
      // Expression indexes (SQLite migration 020, PostgreSQL 001) serve exactly these two paths.
      const rows = await chunked([...new Set(values)], async part => {
        const { rows } = await sql<{ id: string; metadata: string }>`
          select m.id, m.metadata from memories m
          where ${metadata.turnKey(key)} in (${sql.join(part)}) and ${where(filter)} limit ${limit}`.execute(db);
        return rows;
      });
      return rows.slice(0, limit).map((r): MetadataTurn => ({ id: r.id, metadata: JSON.parse(r.metadata) as Record<string, unknown> }));
    },

    async postedAround(anchors, filter, each, opening) {
      if (anchors.length === 0 || each < 1) return [];
      // Two index walks per anchor (memories_posting_order: space, created_at, id), one each way, as one statement.
      const side = (a: { id: string; created_at: string }, before: boolean) => sql`select * from (
          select cast(${a.id} as text) as anchor, m.id, substr(m.content, 1, ${opening}) as opening, length(m.content) as length,
            m.metadata, m.created_at, m.event_start from ${metadata.postingOrder}
          where ${where(filter)} and (m.created_at, m.id) ${sql.raw(before ? '<' : '>')} (${a.created_at}, ${a.id})
          order by m.created_at ${sql.raw(before ? 'desc' : 'asc')}, m.id ${sql.raw(before ? 'desc' : 'asc')} limit ${each}) as ${sql.raw(before ? 'b' : 'a')}`;
      const rows: (Omit<PostedNeighbour, 'metadata'> & { metadata: string })[] = [];
      // 20 anchors a statement keeps it well under SQLite's limits on compound selects and bound parameters.
      for (let i = 0; i < anchors.length; i += 20) {
        const part = anchors.slice(i, i + 20).flatMap(a => [side(a, true), side(a, false)]);
        rows.push(...(await sql<(typeof rows)[number]>`${sql.join(part, sql` union all `)}`.execute(db)).rows);
      }
      return rows.map(r => ({ ...r, length: Number(r.length), metadata: JSON.parse(r.metadata) as Record<string, unknown> }));
    },

    async threadTurns(threadIds, filter, limit) {
      if (threadIds.length === 0) return [];
      const rows = await chunked([...new Set(threadIds)], async part => {
        const { rows } = await sql<ThreadTurn>`
          select m.id, m.source_thread_id, tm.position from memories m
            join threads t on t.thread_id = m.source_thread_id and t.space_id = m.space_id
            join thread_messages tm on tm.thread_pk = t.id and (tm.id = m.source_message_id or tm.external_id = m.source_message_id)
          where m.source_thread_id in (${sql.join(part)}) and ${where(filter)} limit ${limit}`.execute(db);
        return rows;
      });
      return rows.slice(0, limit);
    },

    async countFiltered(filter) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from memories m where ${where(filter)}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async inTimeSpans(spans, filter, limit) {
      if (spans.length === 0) return [];
      // Spans start at UTC midnight, so comparing by date prefix also holds date-only event_start values.
      const when = sql`coalesce(m.event_start, m.created_at)`;
      const within = spans.map(s => sql`(${when} >= ${s.from.slice(0, 10)} and ${when} < ${s.to.slice(0, 10)})`);
      const { rows } = await sql<{ id: string }>`
        select m.id from memories m where ${where(filter)} and (${sql.join(within, sql` or `)})
        order by m.importance desc, ${when} desc limit ${limit}`.execute(db);
      return rows.map(r => r.id);
    },

    async filterIds(ids, filter) {
      const rows = await chunked(ids, async part => {
        const { rows } = await sql<{ id: string }>`select m.id as id from memories m where m.id in (${sql.join(part)}) and ${where(filter)}`.execute(db);
        return rows;
      });
      return rows.map(r => r.id);
    },
  };
}
