import { type Kysely, sql } from 'kysely';
import type { FieldClock, SyncedTable } from '../ports.ts';
import type { Database } from './schema.ts';

/** A field's clock as `sync_clock.fields` stores it: `[hlc, device]`, or with the clock (`hlc device`) it replaced. */
export type StoredClock = [string, string] | [string, string, string | null];

/** The JSON object of a record's field clocks (schema.sync.ts SyncClockTable), undefined when it has none. */
export async function recordClocks(db: Kysely<Database>, entity: string, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('sync_clock').select('fields').where('entity', '=', entity).where('key', '=', key).executeTakeFirst();
  return row?.fields;
}

function parseClocks(fields: string | undefined): Map<string, FieldClock> {
  const clocks = JSON.parse(fields ?? '{}') as Record<string, StoredClock>;
  return new Map(Object.entries(clocks).map(([field, [hlc, device, base]]): [string, FieldClock] => [field, { hlc, device, base: base ?? null }]));
}

/** The later of two clocks by (hlc, device), as every device orders them. */
const later = (a: FieldClock, b: FieldClock | undefined) => !b || (a.hlc !== b.hlc ? a.hlc > b.hlc : a.device > b.device);

/**
 * The clock of each field of a record (field '': its delete): the later of the clock another device's change set
 * (`sync_clock`) and this device's last change of it in the log. The triggers write no clock rows: the log already
 * holds every clock of this device's own writes, and a merge reads them only for the records it touches.
 */
export async function fieldClocks(db: Kysely<Database>, entity: string, key: string): Promise<Map<string, FieldClock>> {
  const clocks = parseClocks(await recordClocks(db, entity, key));
  const own = await db.selectFrom('sync_log').select(['hlc', 'device', 'op', 'fields', 'base']).where('entity', '=', entity).where('key', '=', key).orderBy('seq').execute();
  for (const change of own) {
    const fields = change.op === 'delete' ? [''] : Object.keys(JSON.parse(change.fields ?? '{}') as object);
    for (const field of fields) {
      // Only a memory's content keeps the clock it replaced (conflict detection); the log has it as the change's base.
      const clock = { hlc: change.hlc, device: change.device, base: field === 'content' ? change.base : null };
      if (later(clock, clocks.get(field))) clocks.set(field, clock);
    }
  }
  return clocks;
}

/** The clock each message of a thread was created with (its `id` field's): another device's, or this device's log. */
export const messageCreationClocks = (threadId: string) => sql`
  SELECT m.id,
    coalesce(json_extract(c.fields, '$.id[0]'), (SELECT min(l.hlc) FROM sync_log l WHERE l.entity = 'message' AND l.key = m.id AND l.op = 'put')) AS hlc,
    coalesce(json_extract(c.fields, '$.id[1]'), (SELECT l.device FROM sync_log l WHERE l.entity = 'message' AND l.key = m.id AND l.op = 'put' LIMIT 1)) AS device
  FROM thread_messages m LEFT JOIN sync_clock c ON c.entity = 'message' AND c.key = m.id
  WHERE m.thread_pk = ${threadId}`;

const NOW_MS = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;

/** SQL for a record's key over the row alias `r`: the id, or a JSON array of a composite key (as the triggers write it). */
const keySql = (table: SyncedTable) => (table.key.length === 1 ? `r.${table.key[0]}` : `json_array(${table.key.map(c => `r.${c}`).join(', ')})`);

/**
 * Turns recording on (SQLite; the caller's transaction) and logs the current state of every synced record as a
 * `put` of all its fields, one clock tick for all of them (the log is the clock of this device's writes): a device
 * that enables sync after months of use sends everything it holds. `tables` in an order where a record comes before those that need it
 * (memories and labels before their edges, threads before messages); a table with a `position` (messages) is logged
 * in that order, so another device numbers them the same. The column lists are the ones the triggers record.
 */
export async function bootstrap(db: Kysely<Database>, tables: SyncedTable[]): Promise<void> {
  await sql`UPDATE sync_state SET enabled = 1,
    hlc_counter = CASE WHEN ${sql.raw(NOW_MS)} > hlc_ms THEN 0 ELSE hlc_counter + 1 END, hlc_ms = max(hlc_ms, ${sql.raw(NOW_MS)})`.execute(db);
  for (const table of tables) {
    const order = table.columns.includes('position') ? ['thread_pk', 'position'].map(c => `r.${c}`).join(', ') : table.key.map(c => `r.${c}`).join(', ');
    const fields = `json_object(${table.columns.map(c => `'${c}', r.${c}`).join(', ')})`;
    await sql
      .raw(
        `INSERT INTO sync_log (device, seq, hlc, entity, key, op, fields, base)
         SELECT s.device_id, s.seq + row_number() OVER (ORDER BY ${order}), printf('%013d-%06d', s.hlc_ms, s.hlc_counter), '${table.entity}',
           ${keySql(table)}, 'put', ${fields}, NULL
         FROM ${table.table} r, sync_state s`,
      )
      .execute(db);
    await sql`UPDATE sync_state SET seq = coalesce((SELECT max(seq) FROM sync_log WHERE device = sync_state.device_id), seq)`.execute(db);
  }
}
