import type { SyncRemote } from '../../providers/ports.sync.ts';
import { syncSetup } from '../../errors.ts';
import type { SyncConflict, SyncLog } from './changeLog.ts';
import { decodeSegment, encodeSegment, parseSegmentName, SegmentRejected, type SegmentName } from './segments.ts';
import type { Sealer } from './sealing.ts';

/** Test-only points where a round can be made to crash (CAIRN_SYNC_TEST_CRASH), to prove a killed round resumes. */
export type CrashPoint = 'after-push-segment' | 'after-pull-segment';

const DEFAULT_MAX_SEGMENT_BYTES = 8 * 1024 * 1024;

export interface RoundSetup {
  log: SyncLog;
  remote: SyncRemote;
  sealer: Sealer;
  /** The most changes one segment holds. */
  segmentChanges: number;
  /** The most bytes a segment of several changes may take (a hub takes uploads up to 16 MiB); default 8 MiB. */
  maxSegmentBytes?: number;
  crashPoint?: (point: CrashPoint) => void;
}

export interface RoundOutcome {
  pushed: number;
  pulled: number;
  conflicts: SyncConflict[];
  rejected: SegmentRejected[];
}

/** A device's segments on the remote, by seq, each with its name. */
async function segmentsOf(remote: SyncRemote, device: string): Promise<(SegmentName & { name: string })[]> {
  const names = await remote.listSegments(device);
  return names.flatMap(name => {
    const range = parseSegmentName(name);
    return range ? [{ ...range, name }] : [];
  }).sort((a, b) => a.seqStart - b.seqStart || a.seqEnd - b.seqEnd);
}

/** The highest seq the remote holds of `device` with every earlier one there too (segments may arrive out of order). */
export async function remoteThrough(remote: SyncRemote, device: string): Promise<number> {
  let through = 0;
  for (const segment of await segmentsOf(remote, device)) {
    if (segment.seqStart > through + 1) break;
    through = Math.max(through, segment.seqEnd);
  }
  return through;
}

/**
 * Sends this device's changes the remote lacks, a segment at a time. Where to start is read from the remote's own
 * listing, not from local bookkeeping, so a round killed between a segment's write and anything after resumes at the
 * next segment, and one killed mid-write left only a temp file that no reader lists.
 */
async function push(setup: RoundSetup, device: string): Promise<number> {
  let after = await remoteThrough(setup.remote, device);
  // The remote holds more of this device than its log: a restored backup, or a copied data dir. Its new writes would
  // reuse seqs the remote already has, and be lost; stop before anything moves.
  if (after > (await setup.log.lastLocalSeq())) throw syncSetup(`The remote holds changes ${(await setup.log.lastLocalSeq()) + 1}..${after} of this device (${device}) that its store lacks: was the data dir restored from a backup or copied from another device? See docs/sync.md, "Restoring a device"`);
  let pushed = 0;
  for (;;) {
    let changes = await setup.log.localChanges(after, setup.segmentChanges);
    if (changes.length === 0) return pushed;
    let segment = encodeSegment(device, changes, setup.sealer);
    // Large memories: fewer changes per segment until it fits (a single change goes as it is).
    while (segment.bytes.length > (setup.maxSegmentBytes ?? DEFAULT_MAX_SEGMENT_BYTES) && changes.length > 1) {
      changes = changes.slice(0, Math.ceil(changes.length / 2));
      segment = encodeSegment(device, changes, setup.sealer);
    }
    await setup.remote.writeSegment(device, segment.name, segment.bytes); // false: another process of this device wrote it
    setup.crashPoint?.('after-push-segment');
    after = changes.at(-1)!.seq;
    pushed += changes.length;
  }
}

/**
 * Applies another device's segments past what this device applied, in seq order, each in one transaction with its
 * cursor. Stops at a gap (a segment the file-sync tool has not delivered yet) or at a rejected segment: what follows
 * waits for the next round. Returns what it applied and the rejection, if any.
 */
async function pullDevice(setup: RoundSetup, device: string, outcome: RoundOutcome): Promise<void> {
  let through = await setup.log.appliedThrough(device);
  for (const segment of await segmentsOf(setup.remote, device)) {
    if (segment.seqEnd <= through) continue;
    if (segment.seqStart > through + 1) return;
    let changes;
    try {
      changes = decodeSegment(device, segment.name, await setup.remote.readSegment(device, segment.name), setup.sealer);
    } catch (error) {
      if (!(error instanceof SegmentRejected)) throw error;
      outcome.rejected.push(error);
      return;
    }
    const fresh = changes.filter(change => change.seq > through);
    const result = await setup.log.applyRemote(fresh);
    setup.crashPoint?.('after-pull-segment');
    outcome.pulled += fresh.length;
    outcome.conflicts.push(...result.conflicts);
    through = segment.seqEnd;
  }
}

/** One round: push this device's new changes, then pull every other device's. Idempotent: a repeated round does nothing. */
export async function runRound(setup: RoundSetup): Promise<RoundOutcome> {
  const device = await setup.log.deviceId();
  const outcome: RoundOutcome = { pushed: await push(setup, device), pulled: 0, conflicts: [], rejected: [] };
  for (const other of await setup.remote.listDevices()) {
    if (other !== device) await pullDevice(setup, other, outcome);
  }
  return outcome;
}
