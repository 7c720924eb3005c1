import { type Kysely, sql } from 'kysely';
import type { FieldClock, LoggedChange, SyncedTable, SyncRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import { bootstrap, messageCreationClocks, fieldClocks, recordClocks, type StoredClock } from './syncClocks.ts';

/** Where `table`'s key columns equal `key` (in the order of `table.key`). */
// `any`: synced tables are named by the log's entity, not known to the type system
function whereKey(query: any, table: SyncedTable, key: unknown[]) {
  return table.key.reduce((q, column, i) => q.where(column, '=', key[i]), query);
}

/** The sync change log over Kysely (docs/sync.md). SQLite fills `sync_log` with triggers; this reads and applies. */
export function syncRepo(db: Kysely<Database>): SyncRepo {
  // `any`: see whereKey
  const anyDb = db as unknown as Kysely<any>;
  return {
    async state() {
      const row = await db.selectFrom('sync_state').select(['device_id', 'seq']).executeTakeFirstOrThrow();
      return { device: row.device_id, seq: Number(row.seq) };
    },

    async localChanges(afterSeq, limit) {
      const { device } = await this.state();
      const rows = await db.selectFrom('sync_log').selectAll().where('device', '=', device).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
      return rows.map((r): LoggedChange => ({
        device: r.device, seq: Number(r.seq), hlc: r.hlc, entity: r.entity, key: r.key, op: r.op as LoggedChange['op'],
        fields: r.fields === null ? null : JSON.parse(r.fields), base: r.base,
      }));
    },

    async setApplying(on) {
      await db.updateTable('sync_state').set({ applying: on ? 1 : 0 }).execute();
    },

    async recordPut(table, key, fields) {
      // The triggers' tick (028_sync_log): max(now, last + 1), so the clock never goes back and the seq grows by one.
      const state = await db.selectFrom('sync_state').select(['device_id', 'hlc_ms', 'hlc_counter', 'seq']).executeTakeFirstOrThrow();
      const now = Date.now();
      const ms = Math.max(Number(state.hlc_ms), now);
      const counter = now > Number(state.hlc_ms) ? 0 : Number(state.hlc_counter) + 1;
      const seq = Number(state.seq) + 1;
      await db.updateTable('sync_state').set({ hlc_ms: ms, hlc_counter: counter, seq }).execute();
      const hlc = `${String(ms).padStart(13, '0')}-${String(counter).padStart(6, '0')}`;
      const row = Object.fromEntries(table.columns.map(column => [column, fields[column] ?? null]));
      await db
        .insertInto('sync_log')
        .values({ device: state.device_id, seq, hlc, entity: table.entity, key, op: 'put', fields: JSON.stringify(row), base: null })
        .execute();
    },

    async observe(hlc) {
      const [ms, counter] = hlc.split('-').map(Number);
      if (!Number.isSafeInteger(ms) || !Number.isSafeInteger(counter)) return;
      // The greater of (ms, counter) and the clock's own: the next local tick then orders after it.
      await db
        .updateTable('sync_state')
        .set({ hlc_ms: ms, hlc_counter: counter })
        .where(eb => eb.or([eb('hlc_ms', '<', ms), eb.and([eb('hlc_ms', '=', ms), eb('hlc_counter', '<', counter)])]))
        .execute();
    },

    async receivedBeyond(device) {
      const rows = await db.selectFrom('sync_received').select('seq').where('device', '=', device).execute();
      return rows.map(r => Number(r.seq));
    },

    async saveReceipts(device, through, beyond) {
      await db.deleteFrom('sync_received').where('device', '=', device).execute();
      for (let i = 0; i < beyond.length; i += 200) {
        await db.insertInto('sync_received').values(beyond.slice(i, i + 200).map(seq => ({ device, seq }))).execute();
      }
      await db.insertInto('sync_applied').values({ device, through }).onConflict(oc => oc.column('device').doUpdateSet({ through })).execute();
    },

    async appliedThrough(device) {
      const row = await db.selectFrom('sync_applied').select('through').where('device', '=', device).executeTakeFirst();
      return row ? Number(row.through) : 0;
    },

    async clocks(entity, key) {
      return fieldClocks(db, entity, key);
    },

    async setClocks(entity, key, fields, clock) {
      if (fields.length === 0) return;
      const clocks = JSON.parse((await recordClocks(db, entity, key)) ?? '{}') as Record<string, StoredClock>;
      for (const field of fields) clocks[field] = clock.base === null ? [clock.hlc, clock.device] : [clock.hlc, clock.device, clock.base];
      const text = JSON.stringify(clocks);
      await db.insertInto('sync_clock').values({ entity, key, fields: text }).onConflict(oc => oc.columns(['entity', 'key']).doUpdateSet({ fields: text })).execute();
    },

    async enable(tables) {
      const { enabled } = await db.selectFrom('sync_state').select('enabled').executeTakeFirstOrThrow();
      if (Number(enabled) === 1) return false;
      await bootstrap(db, tables);
      return true;
    },

    async readRow(table, key) {
      return whereKey(anyDb.selectFrom(table.table).select(table.columns), table, key).executeTakeFirst();
    },

    async insertRow(table, row) {
      await anyDb.insertInto(table.table).values(row).execute();
    },

    async updateRow(table, key, fields) {
      if (Object.keys(fields).length === 0) return;
      await whereKey(anyDb.updateTable(table.table).set(fields), table, key).execute();
    },

    async deleteRow(table, key) {
      await whereKey(anyDb.deleteFrom(table.table), table, key).execute();
    },

    async labelFor(id) {
      const row = await db.selectFrom('sync_label_alias').select('to_id').where('from_id', '=', id).executeTakeFirst();
      return row?.to_id ?? id;
    },

    async aliasLabel(from, to) {
      // Edges the two labels share stay once, on `to`; the others move.
      await db
        .deleteFrom('memory_labels')
        .where('label_id', '=', from)
        .where('memory_id', 'in', eb => eb.selectFrom('memory_labels as kept').select('kept.memory_id').where('kept.label_id', '=', to))
        .execute();
      await db.updateTable('memory_labels').set({ label_id: to }).where('label_id', '=', from).execute();
      await db.updateTable('sync_label_alias').set({ to_id: to }).where('to_id', '=', from).execute();
      await db.insertInto('sync_label_alias').values({ from_id: from, to_id: to }).onConflict(oc => oc.column('from_id').doUpdateSet({ to_id: to })).execute();
    },

    async recountThread(threadId) {
      const last = await db
        .selectFrom('thread_messages')
        .select(eb => eb.fn.coalesce('timestamp', 'created_at').as('at'))
        .where('thread_pk', '=', threadId)
        .orderBy('position', 'desc')
        .executeTakeFirst();
      await db
        .updateTable('threads')
        .set(eb => ({
          message_count: eb.selectFrom('thread_messages').select(eb.fn.countAll<number>().as('n')).where('thread_pk', '=', threadId),
          last_message_at: last?.at ?? null,
        }))
        .where('id', '=', threadId)
        .execute();
    },

    async endPosition(threadId) {
      const row = await db.selectFrom('thread_messages').select(eb => eb.fn.max('position').as('top')).where('thread_pk', '=', threadId).executeTakeFirst();
      return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
    },

    async renumberThread(threadId) {
      // Through negative positions, so the unique (thread, position) index never sees two messages at one place.
      await sql`
        UPDATE thread_messages SET position = -1 - (
          SELECT ordered.place FROM (
            SELECT m.id, ROW_NUMBER() OVER (ORDER BY coalesce(c.hlc, ''), coalesce(c.device, ''), m.position) - 1 AS place
            FROM thread_messages m LEFT JOIN (${messageCreationClocks(threadId)}) c ON c.id = m.id
            WHERE m.thread_pk = ${threadId}
          ) ordered WHERE ordered.id = thread_messages.id)
        WHERE thread_pk = ${threadId}`.execute(db);
      await sql`UPDATE thread_messages SET position = -1 - position WHERE thread_pk = ${threadId}`.execute(db);
    },
  };
}

