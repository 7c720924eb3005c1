import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { PortableTable, RowFilter, TableRow, TableRowsRepo } from '../ports.ts';
import type { Database } from './schema.ts';

/** Key columns of each portable table (none is wider than two). */
const KEYS: Record<PortableTable, string[]> = {
  memories: ['id'], labels: ['id'], memory_labels: ['memory_id', 'label_id'], memory_relations: ['id'],
  entities: ['id'], entity_keys: ['key', 'entity_id'], mentions: ['memory_id', 'entity_id'], entity_relations: ['id'],
  communities: ['id'], community_members: ['entity_id'], crystals: ['id'], crystal_sources: ['crystal_id', 'memory_id'],
  threads: ['id'], thread_messages: ['id'], working_memory: ['space_id', 'date'], trash: ['memory_id'], agent_profiles: ['id'], spaces: ['id'], settings: ['key'],
  sources: ['id'], source_chunks: ['source_id', 'chunk_index'], source_labels: ['source_id', 'label_id'], source_files: ['source_id'],
};

/**
 * Unique keys other than the id: a record from another store may name the same label, thread or relation under
 * another id. Import maps those ids onto the ones here instead of failing on the constraint.
 */
const NATURAL_KEYS: Partial<Record<PortableTable, string[]>> = {
  labels: ['name'],
  threads: ['space_id', 'thread_id'],
  memory_relations: ['source_memory_id', 'target_memory_id', 'relation_type'],
};

/** Columns the database keeps itself: row ids its full-text indexes point at, counters kept by triggers. */
const DERIVED: Partial<Record<PortableTable, string[]>> = { threads: ['seq'], thread_messages: ['seq'], entities: ['mention_total'] };

/** Children before parents: the order `clearData` deletes in (the search projection and queues go too). */
const CLEAR_ORDER = [
  'source_labels', 'source_chunks', 'source_files', 'sources', 'crystal_sources', 'crystals', 'community_members', 'communities', 'mentions', 'entity_relations', 'entity_keys',
  'extraction_queue', 'entities', 'memory_embeddings', 'memory_labels', 'label_merge_edges', 'label_merges', 'labels',
  'memory_relations', 'trash', 'memories', 'thread_append_keys', 'thread_messages', 'threads', 'working_memory', 'agent_profiles', 'spaces',
];

/** Rows per statement: a row of the widest table binds 26 values, well under every backend's parameter limit. */
const PART = 200;

function parts<T>(items: T[], size = PART): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const keyString = (row: TableRow, key: string[]) => key.map(c => String(row[c])).join('\u0000');

/** `key = values` for a one- or two-column key, as a row-value comparison (SQLite ≥ 3.15 and PostgreSQL both have them). */
function keyCompare(eb: ExpressionBuilder<any, any>, key: string[], op: '>' | 'in', values: unknown[][]) {
  if (key.length === 1) return op === 'in' ? eb(key[0]!, 'in', values.map(v => v[0])) : eb(key[0]!, '>', values[0]![0]);
  const tuple = eb.refTuple(key[0]!, key[1]!);
  return op === 'in' ? eb(tuple, 'in', values.map(v => eb.tuple(v[0], v[1]))) : eb(tuple, '>', eb.tuple(values[0]![0], values[0]![1]));
}

/** Raw rows of the portable tables, written once for every backend. */
export function tableRowsRepo(typed: Kysely<Database>): TableRowsRepo {
  const db = typed as unknown as Kysely<any>;
  let tables: Promise<Map<string, string[]>> | null = null;
  const introspect = () =>
    (tables ??= db.introspection.getTables().then(list => new Map(list.map(t => [t.name, t.columns.map(c => c.name)]))));
  const withoutDerived = (table: PortableTable, row: TableRow) => {
    for (const column of DERIVED[table] ?? []) delete row[column];
    return row;
  };
  const filtered = (table: PortableTable, filter?: RowFilter) => {
    const query = db.selectFrom(table);
    return filter ? query.where(filter.column, filter.op === '=' ? '=' : '!=', filter.value) : query;
  };

  return {
    async hasTable(table) {
      return (await introspect()).has(table);
    },

    async columns(table) {
      const derived = new Set(DERIVED[table] ?? []);
      return ((await introspect()).get(table) ?? []).filter(c => !derived.has(c));
    },

    keyOf: table => KEYS[table],

    async count(table, filter) {
      const row = await filtered(table, filter).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async page(table, { after, limit, filter }) {
      const key = KEYS[table];
      let query = filtered(table, filter).selectAll();
      if (after) query = query.where(eb => keyCompare(eb, key, '>', [after]));
      for (const column of key) query = query.orderBy(column);
      const rows = (await query.limit(limit).execute()) as TableRow[];
      return rows.map(row => withoutDerived(table, row));
    },

    async whereIn(table, column, values) {
      const rows: TableRow[] = [];
      for (const part of parts(values)) {
        let query = db.selectFrom(table).selectAll().where(column, 'in', part);
        for (const keyColumn of KEYS[table]) query = query.orderBy(keyColumn);
        rows.push(...((await query.execute()) as TableRow[]));
      }
      return rows.map(row => withoutDerived(table, row));
    },

    async existingKeys(table, rows) {
      const key = KEYS[table];
      const found = new Set<string>();
      for (const part of parts(rows)) {
        const existing = await db
          .selectFrom(table)
          .select(key)
          .where(eb => keyCompare(eb, key, 'in', part.map(row => key.map(c => row[c]))))
          .execute();
        for (const row of existing as TableRow[]) found.add(keyString(row, key));
      }
      return found;
    },

    async upsert(table, rows, onExisting) {
      const key = KEYS[table];
      const newerWins = ((await introspect()).get(table) ?? []).includes('updated_at');
      let written = 0;
      for (const part of parts(rows)) {
        // Every column any row of the part carries (rows of one batch may differ), key columns aside.
        const columns = [...new Set(part.flatMap(row => Object.keys(row)))].filter(c => !key.includes(c));
        const result = await db
          .insertInto(table)
          .values(part)
          .onConflict(oc => {
            if (onExisting === 'skip' || columns.length === 0) return oc.columns(key).doNothing();
            const update = oc.columns(key).doUpdateSet(Object.fromEntries(columns.map(c => [c, sql.ref(`excluded.${c}`)])));
            // A record changed here since the archive was made stays as it is: the newer side wins.
            return newerWins ? update.where(sql.ref('excluded.updated_at'), '>=', sql.ref(`${table}.updated_at`)) : update;
          })
          .executeTakeFirst();
        written += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return written;
    },

    naturalKeyOf: table => NATURAL_KEYS[table] ?? null,

    async idsByNaturalKey(table, rows) {
      const natural = NATURAL_KEYS[table];
      const ids = new Map<string, string>();
      if (!natural) return ids;
      for (const part of parts(rows)) {
        let query = db.selectFrom(table).select(['id', ...natural]);
        for (const column of natural) query = query.where(column, 'in', [...new Set(part.map(row => row[column]))]);
        for (const row of (await query.execute()) as TableRow[]) ids.set(keyString(row, natural), String(row.id));
      }
      return ids;
    },

    async recountThreadMessages() {
      await db
        .updateTable('threads')
        .set(eb => ({ message_count: eb.selectFrom('thread_messages').select(eb.fn.countAll().as('n')).whereRef('thread_messages.thread_pk', '=', 'threads.id') }))
        .execute();
    },

    async clearData() {
      const present = await introspect();
      for (const table of CLEAR_ORDER) if (present.has(table)) await db.deleteFrom(table).execute();
    },
  };
}
