import { randomUUID } from 'node:crypto';
import type { Store } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { detectCommunities } from './detect.ts';
import type { CommunityJobs } from '../ports.ts';
import { runAlone } from '../singleton.ts';

/** Default wait after the last graph change before communities are recomputed (CAIRN_COMMUNITY_DEBOUNCE_MS). */
export const COMMUNITY_DEBOUNCE_MS = 5_000;

export interface CommunityJobDeps extends Pick<Deps, 'store' | 'clock' | 'llm'> {
  debounceMs?: number;
  log?: (message: string) => void;
  /** This process, as the detection lease names it (several processes may share a PostgreSQL store). */
  holder?: string;
}

/** A detection holds this lease: one process detects at a time (ids are assigned against the last stored partition). */
const DETECTION_LEASE = 'community-detection';
const DETECTION_LEASE_MS = 15 * 60_000;
/** How long an asked-for detection waits for another process's to finish. */
const DETECTION_WAIT_MS = 5 * 60_000;

/** Whether the stored communities are out of date: the graph's digest moved on since the last run. */
async function isDue(store: Store): Promise<boolean> {
  const last = await store.communityGraph.lastRun();
  if (!last) return (await store.entities.count()) > 0;
  return last.fingerprint !== (await store.communityGraph.fingerprint());
}

/** Runs are serialised (one at a time, in order), so ids are assigned against the partition the last run stored. */
export function createCommunityJobs({ debounceMs = COMMUNITY_DEBOUNCE_MS, log = () => {}, holder = randomUUID(), ...deps }: CommunityJobDeps): CommunityJobs {
  const lease = { name: DETECTION_LEASE, holder, leaseMs: DETECTION_LEASE_MS };
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const aborts = new AbortController();
  const options = { stopped: () => stopped, log, signal: aborts.signal };

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work);
    chain = run.catch(() => {});
    return run;
  }

  const report = (what: string) => (error: unknown) => log(`community ${what} failed: ${error instanceof Error ? error.message : String(error)}`);

  return {
    graphChanged() {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        // A change that left the graph as it was (a memory naming nothing) costs one digest, not a detection.
        enqueue(async () => {
          if (stopped || !(await isDue(deps.store))) return;
          // Another process detecting: try again later (its run may have started before this change).
          const outcome = await runAlone(deps, lease, () => detectCommunities(deps, options));
          if (!outcome.ran) this.graphChanged();
        }).catch(report('detection'));
      }, debounceMs);
      timer.unref();
    },
    detectNow: () =>
      enqueue(async () => {
        const outcome = await runAlone(deps, lease, () => detectCommunities(deps, options), DETECTION_WAIT_MS);
        if (!outcome.ran) throw new Error('Another process has held the community detection lease for too long');
        return outcome.value;
      }),
    start() {
      enqueue(async () => {
        if (await isDue(deps.store)) this.graphChanged();
      }).catch(report('start check'));
    },
    async settle() {
      let current: Promise<unknown>;
      do {
        current = chain;
        await current;
      } while (current !== chain);
    },
    stop() {
      stopped = true;
      aborts.abort(); // a model summary in flight ends now: shutdown never waits for the model
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
