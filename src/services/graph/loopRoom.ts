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
