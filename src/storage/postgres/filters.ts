import { type RawBuilder, sql } from 'kysely';
import type { SearchFilter } from '../ports.ts';

/** SQL conditions on `m` (memories) for a search filter; metadata is JSON text, read as jsonb. */
export function memoryFilterSql(filter: SearchFilter): RawBuilder<unknown> {
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
  for (const { key, value } of filter.metadata ?? []) {
    // SQLite's json_extract reads a JSON true as 1: the same text here, so a filter means the same on both backends.
    const text = sql`(case jsonb_typeof(m.metadata::jsonb -> ${key}) when 'boolean' then ((m.metadata::jsonb -> ${key})::boolean)::int::text
      else m.metadata::jsonb ->> ${key} end)`;
    conditions.push(value === undefined ? sql`jsonb_exists(m.metadata::jsonb, ${key})` : sql`${text} = ${value}`);
  }
  return sql.join(conditions, sql` and `);
}
