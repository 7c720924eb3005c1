import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { SyncChange } from './changeLog.ts';
import { SealError, type Sealer } from './sealing.ts';

/**
 * A segment: one device's changes seqStart..seqEnd, in one file named `<seqStart>-<seqEnd>.seg` (12 digits each, so
 * names sort in seq order). Its bytes are a plaintext header — a magic line and a JSON line naming the device and
 * the range — then the sealed body (see sealing.ts): the changes as JSON, deflated (a quarter of the size or less) before
 * they are sealed. The header is the seal's associated data: it cannot be changed,
 * nor a segment renamed or moved to another device, without the segment being rejected.
 */
const MAGIC = 'CAIRN-SYNC-SEGMENT 1\n';
const DIGITS = 12;
/** The most a segment may inflate to: a segment that claims more is refused, not unpacked into memory. */
const MAX_PAYLOAD_BYTES = 512 * 1024 * 1024;

export interface SegmentName {
  seqStart: number;
  seqEnd: number;
}

export const segmentName = ({ seqStart, seqEnd }: SegmentName) => `${String(seqStart).padStart(DIGITS, '0')}-${String(seqEnd).padStart(DIGITS, '0')}.seg`;

/** The range a segment's name claims; null for a name that is not a segment's. */
export function parseSegmentName(name: string): SegmentName | null {
  const match = /^(\d+)-(\d+)\.seg$/.exec(name);
  if (!match) return null;
  const seqStart = Number(match[1]);
  const seqEnd = Number(match[2]);
  return seqStart >= 1 && seqEnd >= seqStart ? { seqStart, seqEnd } : null;
}

/** A segment refused whole: nothing from it is applied, and the round reports why. */
export class SegmentRejected extends Error {
  constructor(
    readonly device: string,
    readonly segment: string,
    reason: string,
  ) {
    super(`Segment ${device}/${segment} rejected: ${reason}; nothing from it was applied`);
  }
}

function headerOf(device: string, range: SegmentName, sealing: string): Buffer {
  return Buffer.from(`${MAGIC}${JSON.stringify({ device, seq_start: range.seqStart, seq_end: range.seqEnd, sealing })}\n`);
}

const sealingName = (sealer: Sealer) => (sealer.encrypted ? 'aes-256-gcm' : 'sha256');

/** The bytes of a segment holding `changes` (one device's, consecutive seqs). */
export function encodeSegment(device: string, changes: SyncChange[], sealer: Sealer): { name: string; bytes: Buffer } {
  const range = { seqStart: changes[0]!.seq, seqEnd: changes.at(-1)!.seq };
  const header = headerOf(device, range, sealingName(sealer));
  return { name: segmentName(range), bytes: Buffer.concat([header, sealer.seal(header, deflateRawSync(JSON.stringify(changes)))]) };
}

/** Where the header ends: after its second line; -1 when the bytes stop before. */
function headerEnd(bytes: Buffer): number {
  const first = bytes.indexOf(0x0a);
  const second = first < 0 ? -1 : bytes.indexOf(0x0a, first + 1);
  return second < 0 ? -1 : second + 1;
}

function isChange(value: unknown): value is SyncChange {
  const change = value as SyncChange;
  return (
    typeof change === 'object' && change !== null && typeof change.id === 'string' && typeof change.device === 'string' &&
    Number.isInteger(change.seq) && typeof change.hlc === 'string' && typeof change.entity === 'string' &&
    typeof change.key === 'string' && (change.op === 'put' || change.op === 'delete')
  );
}

/**
 * The changes of the segment `device/name`, after checking all of it: its header matches its place and name, its
 * seal holds, and it carries exactly the seqs its name claims, all the device's. Throws SegmentRejected otherwise.
 */
export function decodeSegment(device: string, name: string, bytes: Buffer, sealer: Sealer): SyncChange[] {
  const reject = (reason: string) => new SegmentRejected(device, name, reason);
  const range = parseSegmentName(name);
  if (!range) throw reject('not a segment name');
  const end = headerEnd(bytes);
  const expected = headerOf(device, range, sealingName(sealer));
  if (end < 0 || !bytes.subarray(0, end).equals(expected)) {
    throw reject(bytes.subarray(0, MAGIC.length).toString() === MAGIC && end > 0 ? 'its header does not match its name, device or encryption' : 'not a Cairn sync segment, or truncated');
  }
  let payload: Buffer;
  try {
    payload = sealer.open(expected, bytes.subarray(end));
  } catch (error) {
    if (error instanceof SealError) throw reject(error.message);
    throw error;
  }
  let changes: unknown;
  try {
    changes = JSON.parse(inflateRawSync(payload, { maxOutputLength: MAX_PAYLOAD_BYTES }).toString('utf8'));
  } catch {
    throw reject('its content is not deflated JSON');
  }
  const count = range.seqEnd - range.seqStart + 1;
  if (!Array.isArray(changes) || changes.length !== count) throw reject(`it should hold ${count} changes`);
  changes.forEach((change, i) => {
    if (!isChange(change) || change.device !== device || change.seq !== range.seqStart + i) throw reject(`change ${i + 1} is not change ${range.seqStart + i} of this device`);
  });
  return changes as SyncChange[];
}
