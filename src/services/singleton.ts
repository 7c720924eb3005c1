import type { Store } from '../storage/ports.ts';
import type { Clock } from './ports.ts';

/** Work that one process at a time may do on a shared store (community detection, the trash purge): its lease. */
export interface SingletonWork {
  /** The lease's name, the same in every process. */
  name: string;
  /** This process. */
  holder: string;
  /** How long the lease lasts if this process dies holding it; longer than the work should take. */
  leaseMs: number;
}

const later = (now: string, ms: number) => new Date(Date.parse(now) + ms).toISOString();

/**
 * Runs `work` when this process takes the lease, and gives the lease back after; when another process holds it,
 * does nothing and says so (`ran: false`). With `waitMs`, first waits up to that long for the lease to come free.
 */
export async function runAlone<T>(
  deps: { store: Store; clock: Clock },
  singleton: SingletonWork,
  work: () => Promise<T>,
  waitMs = 0,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const { name, holder, leaseMs } = singleton;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = deps.clock.now();
    if (await deps.store.leases.tryAcquire(name, holder, now, later(now, leaseMs))) break;
    if (Date.now() >= deadline) return { ran: false };
    await new Promise(resolve => setTimeout(resolve, 100 + Math.random() * 150));
  }
  try {
    return { ran: true, value: await work() };
  } finally {
    await deps.store.leases.release(name, holder).catch(() => {}); // it expires anyway
  }
}
