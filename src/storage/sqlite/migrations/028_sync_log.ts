import { type Kysely, sql } from 'kysely';

/**
 * The change log for sync between a person's devices (docs/sync.md). Tables: this device's identity and hybrid
 * logical clock (`sync_state`, one row), its own changes (`sync_log`), which remote changes it applied (`sync_applied`
 * cursor per device, `sync_received` for those beyond a gap), the field clocks that other devices' changes set
 * (`sync_clock`, one JSON row per record, for last-writer-wins; field '' holds a delete's clock), and labels that two
 * devices made under one name (`sync_label_alias`). PostgreSQL 008 makes the same tables.
 *
 * Triggers record every write to the synced tables in the writer's own transaction, whichever code path wrote it,
 * once sync is enabled (`sync_state.enabled`, set by syncLogFor with a bootstrap of every record): a device that never
 * syncs pays one look at that flag per write. They skip while `sync_state.applying` is 1 (changes from other devices
 * are not this device's changes). They write no clock rows: the clock of a field this device wrote is read from the
 * log when a merge needs it; `sync_clock` holds the clocks applied from other devices, one row (a JSON object) per
 * record. The column lists are frozen here on purpose: a later migration that adds a synced column adds its
 * triggers anew.
 */
interface Synced {
  entity: string;
  table: string;
  /** SQL for the record's key over a row alias (NEW or OLD): one id, or a JSON array for a composite key. */
  key: (row: string) => string;
  columns: string[];
  /** Extra condition for logging a delete (a row removed because its parent went is part of the parent's delete). */
  deleteWhen?: string;
}

const one = (column: string) => (row: string) => `${row}.${column}`;
const composite = (...columns: string[]) => (row: string) => `json_array(${columns.map(c => `${row}.${c}`).join(', ')})`;

const SYNCED: Synced[] = [
  {
    entity: 'memory', table: 'memories', key: one('id'),
    columns: ['id', 'space_id', 'title', 'title_derived', 'content', 'source', 'importance', 'confidence', 'unit_type', 'lifecycle_state',
      'is_latest', 'is_crystal', 'is_favorite', 'favorited_at', 'metadata', 'event_start', 'event_end', 'temporal_context',
      'source_thread_id', 'source_message_id', 'state_reason', 'state_changed_at', 'created_at', 'updated_at'],
  },
  { entity: 'label', table: 'labels', key: one('id'), columns: ['id', 'name', 'canonical_name', 'color', 'description', 'created_at', 'updated_at'] },
  {
    entity: 'memory_label', table: 'memory_labels', key: composite('memory_id', 'label_id'), columns: ['memory_id', 'label_id', 'created_at'],
    deleteWhen: 'EXISTS (SELECT 1 FROM memories WHERE id = OLD.memory_id) AND EXISTS (SELECT 1 FROM labels WHERE id = OLD.label_id)',
  },
  {
    entity: 'relation', table: 'memory_relations', key: composite('source_memory_id', 'target_memory_id', 'relation_type'),
    columns: ['id', 'source_memory_id', 'target_memory_id', 'relation_type', 'strength', 'confidence', 'bidirectional', 'status', 'reviewed',
      'source', 'author_id', 'agent_id', 'source_app', 'reason', 'properties', 'created_at', 'updated_at'],
    deleteWhen: 'EXISTS (SELECT 1 FROM memories WHERE id = OLD.source_memory_id) AND EXISTS (SELECT 1 FROM memories WHERE id = OLD.target_memory_id)',
  },
  {
    entity: 'thread', table: 'threads', key: one('id'),
    columns: ['id', 'thread_id', 'space_id', 'title', 'summary', 'source', 'participants', 'project', 'workspace', 'tool_version', 'import_date',
      'metadata', 'is_favorite', 'favorited_at', 'created_at', 'updated_at'],
  },
  {
    entity: 'message', table: 'thread_messages', key: one('id'),
    columns: ['id', 'thread_pk', 'position', 'role', 'content', 'timestamp', 'metadata', 'external_id', 'content_hash', 'token_count', 'created_at'],
    deleteWhen: 'EXISTS (SELECT 1 FROM threads WHERE id = OLD.thread_pk)',
  },
  { entity: 'working_memory', table: 'working_memory', key: composite('space_id', 'date'), columns: ['space_id', 'date', 'content', 'created_at', 'updated_at'] },
];

const NOW_MS = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
/** max(now, last + 1) as (ms, counter): the clock never goes back, and two writes in one millisecond still order. */
const TICK = `UPDATE sync_state SET
    hlc_counter = CASE WHEN ${NOW_MS} > hlc_ms THEN 0 ELSE hlc_counter + 1 END,
    hlc_ms = max(hlc_ms, ${NOW_MS}),
    seq = seq + 1;`;
const HLC = `printf('%013d-%06d', hlc_ms, hlc_counter)`;
/** Sync is on and the write is this device's own (not another device's change being applied). */
const RECORDING = '(SELECT enabled = 1 AND applying = 0 FROM sync_state)';

const log = (s: Synced, op: 'put' | 'delete', key: string, fields: string, base = 'NULL') =>
  `INSERT INTO sync_log (device, seq, hlc, entity, key, op, fields, base)
    SELECT device_id, seq, ${HLC}, '${s.entity}', ${key}, '${op}', ${fields}, ${base} FROM sync_state;`;

/**
 * The clock (`hlc device`) of a memory's current text, null when it has none: the later of this device's last change
 * that set it (the log is the clock of this device's own writes) and one applied from another device (`sync_clock`).
 */
const priorContent = (key: string) => `(SELECT hlc || ' ' || device FROM (
    SELECT l.hlc, l.device FROM sync_log l WHERE l.entity = 'memory' AND l.key = ${key} AND json_type(l.fields, '$.content') IS NOT NULL
    UNION ALL
    SELECT json_extract(c.fields, '$.content[0]'), json_extract(c.fields, '$.content[1]') FROM sync_clock c
      WHERE c.entity = 'memory' AND c.key = ${key} AND json_type(c.fields, '$.content') IS NOT NULL
  ) ORDER BY hlc DESC, device DESC LIMIT 1)`;

const allFields = (s: Synced, row: string) => `json_object(${s.columns.map(c => `'${c}', ${row}.${c}`).join(', ')})`;
/** Only the columns an UPDATE changed: the unchanged ones are removed from the object ('$.~' names no column). */
const changedFields = (s: Synced) =>
  `json_remove(${allFields(s, 'NEW')}, ${s.columns.map(c => `CASE WHEN NEW.${c} IS OLD.${c} THEN '$.${c}' ELSE '$.~' END`).join(', ')})`;
/** A memory's content change carries the clock of the text it replaced: the receiver tells an edit made without seeing its own. */
const contentBase = `CASE WHEN NEW.content IS NOT OLD.content THEN ${priorContent('NEW.id')} END`;

function triggers(s: Synced): string[] {
  const name = `sync_${s.table}`;
  const changed = s.columns.map(c => `NEW.${c} IS NOT OLD.${c}`).join(' OR ');
  return [
    `CREATE TRIGGER ${name}_insert AFTER INSERT ON ${s.table} WHEN ${RECORDING} BEGIN
      ${TICK} ${log(s, 'put', s.key('NEW'), allFields(s, 'NEW'))}
    END`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE ON ${s.table} WHEN ${RECORDING} AND (${changed}) BEGIN
      ${TICK} ${log(s, 'put', s.key('NEW'), changedFields(s), s.entity === 'memory' ? contentBase : 'NULL')}
    END`,
    `CREATE TRIGGER ${name}_delete AFTER DELETE ON ${s.table} WHEN ${RECORDING}${s.deleteWhen ? ` AND ${s.deleteWhen}` : ''} BEGIN
      ${TICK} ${log(s, 'delete', s.key('OLD'), 'NULL')}
    END`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE sync_state (
    id integer PRIMARY KEY CHECK (id = 1), device_id text NOT NULL, hlc_ms integer NOT NULL, hlc_counter integer NOT NULL,
    seq integer NOT NULL, applying integer NOT NULL, enabled integer NOT NULL)`.execute(db);
  // The device id is made once, with the database: stable across restarts. Sync starts off (syncLogFor enables it).
  await sql`INSERT INTO sync_state VALUES (1, lower(hex(randomblob(16))), 0, 0, 0, 0, 0)`.execute(db);
  await sql`CREATE TABLE sync_log (
    device text NOT NULL, seq integer NOT NULL, hlc text NOT NULL, entity text NOT NULL, key text NOT NULL, op text NOT NULL,
    fields text, base text, PRIMARY KEY (device, seq))`.execute(db);
  // A record's changes, read as the clocks of its fields (this device's own writes) when a merge needs them.
  await sql`CREATE INDEX sync_log_record ON sync_log (entity, key)`.execute(db);
  await sql`CREATE TABLE sync_applied (device text PRIMARY KEY, through integer NOT NULL)`.execute(db);
  await sql`CREATE TABLE sync_received (device text NOT NULL, seq integer NOT NULL, PRIMARY KEY (device, seq))`.execute(db);
  await sql`CREATE TABLE sync_clock (entity text NOT NULL, key text NOT NULL, fields text NOT NULL, PRIMARY KEY (entity, key))`.execute(db);
  await sql`CREATE TABLE sync_label_alias (from_id text PRIMARY KEY, to_id text NOT NULL)`.execute(db);
  for (const s of SYNCED) for (const trigger of triggers(s)) await sql.raw(trigger).execute(db);
}
