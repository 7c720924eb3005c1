import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { IdKind, IdRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import { chunked } from './chunks.ts';

/** Where each kind keeps its id. Threads are named by the caller's `thread_id`, unique within a space. */
const ID_COLUMNS: Record<IdKind, { table: string; column: string; perSpace?: true }> = {
  memory: { table: 'memories', column: 'id' },
  label: { table: 'labels', column: 'id' },
  relation: { table: 'memory_relations', column: 'id' },
  entity: { table: 'entities', column: 'id' },
  crystal: { table: 'crystals', column: 'id' },
  thread: { table: 'threads', column: 'thread_id', perSpace: true },
  trash: { table: 'trash', column: 'memory_id' },
  job: { table: 'jobs', column: 'id' },
  merge: { table: 'label_merges', column: 'id' },
};

/**
 * The first string after every string that starts with `prefix`, in byte order: its last character moved up by one
 * ("01a2" → "01a3", "01a9" → "01a:"). Id columns compare byte by byte on every backend (COLLATE "C" on
 * PostgreSQL), so `prefix <= id < upperBound(prefix)` is an index range rather than a LIKE scan.
 */
const upperBound = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** The `AND space_id = …` of a kind kept per space, on the table named `alias`. */
const spaceFilter = (kind: IdKind, alias: string, spaceId: string): RawBuilder<unknown> =>
  ID_COLUMNS[kind].perSpace ? sql` AND ${sql.ref(`${alias}.space_id`)} = ${spaceId}` : sql``;

export function idRepo(db: Kysely<Database>): IdRepo {
  return {
    async findByPrefix(kind, prefix, exact, limit, spaceId) {
      const { table, column } = ID_COLUMNS[kind];
      const id = sql.ref(`t.${column}`);
      const select = async (where: RawBuilder<unknown>, max: number) =>
        (await sql<{ id: string }>`SELECT ${id} AS id FROM ${sql.table(table)} AS t WHERE ${where}${spaceFilter(kind, 't', spaceId)} ORDER BY ${id} LIMIT ${max}`.execute(db)).rows.map(r => r.id);
      // Two index lookups rather than one OR, which would sort every id in the range to keep the first few.
      const stored = exact === prefix ? [] : await select(sql`${id} = ${exact}`, 1);
      return [...new Set([...stored, ...(await select(sql`${id} >= ${prefix} AND ${id} < ${upperBound(prefix)}`, limit))])];
    },

    async neighbours(kind, ids, spaceId) {
      const { table, column } = ID_COLUMNS[kind];
      const [id, otherId] = [sql.ref(`t.${column}`), sql.ref(`o.${column}`)];
      const nearest = (comparison: RawBuilder<unknown>, order: RawBuilder<unknown>) => sql`(
        SELECT ${otherId} FROM ${sql.table(table)} AS o WHERE ${comparison}${spaceFilter(kind, 'o', spaceId)} ORDER BY ${otherId} ${order} LIMIT 1)`;
      return chunked(ids, async part => {
        const { rows } = await sql<{ id: string; before: string | null; after: string | null }>`
          SELECT ${id} AS id, ${nearest(sql`${otherId} < ${id}`, sql`DESC`)} AS before, ${nearest(sql`${otherId} > ${id}`, sql`ASC`)} AS after
          FROM ${sql.table(table)} AS t
          WHERE ${id} IN (${sql.join(part)})${spaceFilter(kind, 't', spaceId)}`.execute(db);
        return rows;
      });
    },
  };
}
