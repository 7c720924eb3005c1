import { type RawBuilder, sql } from 'kysely';
import type { SearchFilter } from '../ports.ts';
import { filterSql, type MetadataSql } from '../shared/searchFilters.ts';

/** Metadata (JSON text) read as jsonb; a JSON true reads as '1', as SQLite's json_extract has it, so filters mean the same. */
export const metadataSql: MetadataSql = {
  has: key => sql`jsonb_exists(m.metadata::jsonb, ${key})`,
  text: key => sql`(case jsonb_typeof(m.metadata::jsonb -> ${key}) when 'boolean' then ((m.metadata::jsonb -> ${key})::boolean)::int::text
    else m.metadata::jsonb ->> ${key} end)`,
  // The expressions of migration 001's indexes, literally.
  turnKey: key => (key === 'dia_id' ? sql`(m.metadata::jsonb ->> 'dia_id')` : sql`(m.metadata::jsonb ->> 'session_id')`),
  // PostgreSQL picks memories_posting_order by itself for an ordered walk with a limit.
  postingOrder: sql`memories m`,
};

/** SQL conditions on `m` (memories) for a search filter. */
export const memoryFilterSql = (filter: SearchFilter): RawBuilder<unknown> => filterSql(filter, metadataSql);
