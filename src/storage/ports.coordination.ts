/**
 * Coordination of several processes sharing one store (re-exported by ports.ts). On SQLite one process owns the data
 * directory and writes one transaction at a time, so these are cheap and rarely contended; on PostgreSQL they are
 * what keeps two Cairn processes from racing each other.
 */

/** Named locks held until the end of the current transaction: read-change-write on one key runs one at a time. */
export interface LockRepo {
  /**
   * Takes these locks (in a fixed order, so two transactions never wait on each other) and holds them until the
   * transaction ends; another transaction asking for one waits. Reads made after it see every write of the
   * transactions that held the lock before. A no-op outside a transaction and where writers are serial (SQLite).
   */
  hold(names: string[]): Promise<void>;
}

/** Leases on singleton work (community detection, trash purge, a search rebuild): one holder at a time, with expiry. */
export interface LeaseRepo {
  /**
   * Takes the lease or extends it (when `holder` holds it already) until `until`; true when `holder` now holds it.
   * A lease whose time ran out (before `now`) goes to whoever asks next.
   */
  tryAcquire(name: string, holder: string, now: string, until: string): Promise<boolean>;
  /** Gives the lease up, if `holder` holds it. */
  release(name: string, holder: string): Promise<void>;
  /** Who holds the lease now, if anyone. */
  holderOf(name: string, now: string): Promise<string | null>;
}

/** A claim on queued work: whose it is, and until when (then anyone may claim it again). */
export interface WorkClaim {
  holder: string;
  now: string;
  lease_until: string;
}
