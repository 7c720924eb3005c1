/** The sync change log's tables (SQLite 028, PostgreSQL 008; docs/sync.md), as Kysely sees them. */

/** One row: this device's id, its hybrid logical clock, its last change's seq, and whether remote changes are being applied. */
export interface SyncStateTable {
  id: number;
  device_id: string;
  /** The clock's wall-time part, ms since the epoch: never goes back. */
  hlc_ms: number;
  /** The clock's logical part: orders writes within one millisecond. */
  hlc_counter: number;
  seq: number;
  /** 1 while applying other devices' changes: the recording triggers skip those writes. */
  applying: number;
  /** 1 once sync is enabled (syncLogFor): the triggers record nothing before. */
  enabled: number;
}

/** This device's own changes (services/sync/changeLog.ts SyncChange). */
export interface SyncLogTable {
  device: string;
  seq: number;
  hlc: string;
  entity: string;
  key: string;
  op: string;
  /** JSON object of the fields a put set; null for a delete. */
  fields: string | null;
  /** For a memory's content: the clock (`hlc device`) of the text the change replaced, null when none. */
  base: string | null;
}

/** Per remote device: every change with seq ≤ `through` is applied. */
export interface SyncAppliedTable {
  device: string;
  through: number;
}

/** Remote changes applied beyond a gap in their device's seq (the cursor takes them in when the gap fills). */
export interface SyncReceivedTable {
  device: string;
  seq: number;
}

/** The clocks of a synced record's fields, for last-writer-wins: one row per record. */
export interface SyncClockTable {
  entity: string;
  key: string;
  /**
   * JSON object: field → `[hlc, device]`, or `[hlc, device, base]` where the value replaced another (`base`, `hlc device`:
   * kept for a memory's content, to detect conflicts). Field '' holds the record's delete.
   */
  fields: string;
}

/** A label another device made under a name this device's label holds: its changes land on `to_id`. */
export interface SyncLabelAliasTable {
  from_id: string;
  to_id: string;
}
