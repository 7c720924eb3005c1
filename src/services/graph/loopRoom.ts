import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long one look at the event loop lasts: long enough to see whether anything else wants it. */
const LOOK_MS = 1;
/** Busier than this over a look, the loop is taken by other work (requests arriving faster than it answers them). */
const SATURATED = 0.9;

export interface LoopRoomOptions {
  /** The longest wait: under a load that never lets up, the background work still moves on this often. */
  maxWaitMs: number;
  /** Ends the wait at once (shutdown). */
  stopped: () => boolean;
}

/**
 * Background work sharing the event loop with requests gives way to them: this resolves once a short look at the loop
 * finds idle time in it (nothing else wanted it), or after `maxWaitMs` of looking. On an idle loop it costs one look
 * (about a millisecond); while requests keep the loop busy, the work waits until they let up.
 * Event-loop utilisation is the measure, not the requests in flight: a request waiting for its group's COMMIT or for
 * the network leaves the loop idle, and that time is the background's.
 */
export async function waitForLoopRoom({ maxWaitMs, stopped }: LoopRoomOptions): Promise<void> {
  const started = performance.now();
  while (!stopped() && performance.now() - started < maxWaitMs) {
    const before = performance.eventLoopUtilization();
    await sleep(LOOK_MS);
    if (performance.eventLoopUtilization(before).utilization < SATURATED) return;
  }
}

/** Writes that make a burst: BURST_WRITES of them within BURST_WINDOW_MS. */
export const BURST_WRITES = 32;
export const BURST_WINDOW_MS = 1_000;
/** Writes are quiet once the last one is this old and no burst is on. */
export const QUIET_AFTER_MS = 250;

export interface WriteWatch {
  /** A write arrived now: it counts toward a burst. */
  arrived(): void;
  /** Something of the writes happened now (one committed, say): the pause starts again, no burst is counted. */
  touched(): void;
  /** How long until the writes are quiet at the earliest (0: they are). */
  quietInMs(): number;
}

/**
 * Watches the pace of writes. They are quiet once the last arrival or commit is QUIET_AFTER_MS old and no burst is
 * on, a burst being BURST_WRITES arrivals within BURST_WINDOW_MS. The pause alone would not do: under a loaded machine
 * a burst's writes come in clumps, one group commit's worth at a time, hundreds of milliseconds apart; the burst alone
 * would not either: its writes may commit more than BURST_WINDOW_MS after they arrived. A person's or an agent's
 * trickle of writes is quiet between two writes; a bulk import or a benchmark is not, on a quiet machine (thousands a
 * second) as on a loaded one.
 */
export function createWriteWatch(): WriteWatch {
  const arrivals = new Float64Array(BURST_WRITES).fill(-Infinity);
  let oldest = 0; // the arrival longest ago, overwritten next
  let last = -Infinity;
  return {
    arrived() {
      last = arrivals[oldest] = performance.now();
      oldest = (oldest + 1) % BURST_WRITES;
    },
    touched() {
      last = performance.now();
    },
    quietInMs() {
      const now = performance.now();
      return Math.max(0, last + QUIET_AFTER_MS - now, arrivals[oldest]! + BURST_WINDOW_MS - now);
    },
  };
}

/** Resolves once the writes are quiet, or after `maxWaitMs`, or soon after `stopped`. */
export async function waitForQuietWrites(writes: WriteWatch, { maxWaitMs, stopped }: LoopRoomOptions): Promise<void> {
  const started = performance.now();
  for (;;) {
    const left = maxWaitMs - (performance.now() - started);
    const quietIn = writes.quietInMs();
    if (stopped() || quietIn <= 0 || left <= 0) return;
    await sleep(Math.min(quietIn, left, 100)); // wakes now and then to see whether it was stopped
  }
}
