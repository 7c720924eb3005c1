/**
 * The contract between a device's change log and the transport that moves changes between devices.
 *
 * The log (recording, reading and applying changes) and the transport (segments, encryption, remotes, rounds) are
 * built apart; they meet only here. A change is one user write to one record, stamped with the device that made it and
 * a hybrid logical clock. Derived data (extracted entities and mentions, communities, embeddings, search indexes) is
 * never a change: each device recomputes it from the synced records.
 */

import type { SyncConflictReport } from '../ports.ts';

/** One write to one record, as it travels between devices. */
export interface SyncChange {
  /** `${device}:${seq}`: stable and unique, so applying a change twice is a no-op. */
  id: string;
  /** The device that made the change. */
  device: string;
  /** Per-device sequence number: 1, 2, 3… with no gaps, in the order the device made its changes. */
  seq: number;
  /** Hybrid logical clock: a fixed-width string, so clocks compare as strings; ties break on `device`. */
  hlc: string;
  /** What kind of record changed, e.g. `memory`, `label`, `memory_label`, `thread`, `message`. */
  entity: string;
  /** The record's stable id within its entity (a composite key is joined by the log, opaque to the transport). */
  key: string;
  op: 'put' | 'delete';
  /** For `put`: the fields this change set (only those that changed, so fields merge independently); `null` for `delete`. */
  fields: Record<string, unknown> | null;
  /**
   * For a memory's content: the clock (`hlc device`) of the text this change replaced, so a device tells an ordinary
   * edit from two edits made apart (a conflict). Optional: a change without it merges the same, by clock.
   */
  base?: string;
}

/**
 * Two devices changed the same field since they last met; both end with the same winner. One shape with the status
 * report's conflicts, which services/ports.ts declares because it imports no service.
 */
export type SyncConflict = SyncConflictReport;

export interface ApplyResult {
  /** Changes that altered this device's records. */
  applied: number;
  /** Changes already applied, or older than what the device holds. */
  skipped: number;
  conflicts: SyncConflict[];
}

/** What the transport needs from this device's store. */
export interface SyncLog {
  /** This device's id: created once, stable across restarts. */
  deviceId(): Promise<string>;
  /** This device's own changes with `seq > afterSeq`, in seq order, at most `limit`. */
  localChanges(afterSeq: number, limit: number): Promise<SyncChange[]>;
  /** The highest seq of this device's own changes (0 when none). */
  lastLocalSeq(): Promise<number>;
  /**
   * Apply changes made on other devices, in one transaction: merged by clock, idempotent, never logged again as this
   * device's own changes. The per-device cursor advances in the same transaction.
   */
  applyRemote(changes: SyncChange[]): Promise<ApplyResult>;
  /** The highest seq applied from `device` with every earlier seq applied too (0 when none). */
  appliedThrough(device: string): Promise<number>;
}
