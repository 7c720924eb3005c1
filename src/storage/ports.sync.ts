/** The sync change log's repository (part of the Store; re-exported by ports.ts). Tables: shared/schema.sync.ts. */

/** Who set a value and when: a change's hybrid logical clock and device. */
export interface SyncStamp {
  hlc: string;
  device: string;
}

/** A field's clock, and the clock of the value it replaced (null when none, or unknown). */
export interface FieldClock extends SyncStamp {
  base: string | null;
}

/** A change as the log stores it (services/sync/changeLog.ts SyncChange, before its id is put together). */
export interface LoggedChange {
  device: string;
  seq: number;
  hlc: string;
  entity: string;
  key: string;
  op: 'put' | 'delete';
  fields: Record<string, unknown> | null;
  base: string | null;
}

/** A synced table: the entity name changes carry, its key columns and the columns that sync. */
export interface SyncedTable {
  entity: string;
  table: string;
  key: string[];
  columns: string[];
}

export interface SyncRepo {
  /** This device's id and the seq of its last change. */
  state(): Promise<{ device: string; seq: number }>;
  /** This device's own changes after `afterSeq`, in seq order. */
  localChanges(afterSeq: number, limit: number): Promise<LoggedChange[]>;
  /** While on, the recording triggers skip writes: they are other devices' changes, not this one's. */
  setApplying(on: boolean): Promise<void>;
  /**
   * Logs a put of a whole record as this device's own change, as the recording triggers log a row written to its
   * table: for a record this device keeps where no trigger sees it (in a trashed memory's snapshot).
   */
  recordPut(table: SyncedTable, key: string, fields: Record<string, unknown>): Promise<void>;
  /** Moves this device's clock past `hlc`, so its next write orders after every change it has seen. */
  observe(hlc: string): Promise<void>;
  /** Seqs of `device` applied beyond its cursor (after a gap). */
  receivedBeyond(device: string): Promise<number[]>;
  /** Stores `device`'s cursor and the seqs applied beyond it. */
  saveReceipts(device: string, through: number, beyond: number[]): Promise<void>;
  appliedThrough(device: string): Promise<number>;
  /**
   * Turns recording on, once: logs every synced record in `tables` (in that order) as a put, with its field clocks,
   * in the caller's transaction. False when it was on already (nothing is logged again). SQLite only.
   */
  enable(tables: SyncedTable[]): Promise<boolean>;
  /** The clocks of a record's fields (field '': its delete). */
  clocks(entity: string, key: string): Promise<Map<string, FieldClock>>;
  setClocks(entity: string, key: string, fields: string[], clock: FieldClock): Promise<void>;
  /** The record's synced columns, or undefined when it does not exist here. */
  readRow(table: SyncedTable, key: unknown[]): Promise<Record<string, unknown> | undefined>;
  insertRow(table: SyncedTable, row: Record<string, unknown>): Promise<void>;
  updateRow(table: SyncedTable, key: unknown[], fields: Record<string, unknown>): Promise<void>;
  deleteRow(table: SyncedTable, key: unknown[]): Promise<void>;
  /** The label id a remote label id stands for here (itself unless aliased). */
  labelFor(id: string): Promise<string>;
  /** Makes `from` (a label about to go) an alias of `to`, moving its memories' edges onto `to`. */
  aliasLabel(from: string, to: string): Promise<void>;
  /** A thread's message count and last message time, counted again after messages arrived. */
  recountThread(threadId: string): Promise<void>;
  /** The position after the thread's last message (0 for an empty thread). */
  endPosition(threadId: string): Promise<number>;
  /** Numbers a thread's messages 0, 1, 2… in the order of their creation clocks (hlc, then device): every device's order. */
  renumberThread(threadId: string): Promise<void>;
}
