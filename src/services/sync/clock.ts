import type { SyncStamp } from '../../storage/ports.ts';

/**
 * Hybrid logical clocks as the log writes them: `<13-digit ms>-<6-digit counter>`, fixed width, so they compare as
 * strings. Two changes of one clock value are ordered by device id: every device decides the same winner.
 */
export function isNewer(a: SyncStamp, b: SyncStamp | undefined): boolean {
  if (!b) return true;
  return a.hlc !== b.hlc ? a.hlc > b.hlc : a.device > b.device;
}

/** A clock as `sync_clock.base` and SyncChange `base` name it: `hlc device`. */
export const stampText = (s: SyncStamp) => `${s.hlc} ${s.device}`;

/** The wall time of a clock, ISO 8601: when a version kept from a conflict was written. */
export const hlcTime = (hlc: string) => new Date(Number(hlc.split('-')[0])).toISOString();

export const HLC_PATTERN = /^\d{13}-\d{6}$/;
