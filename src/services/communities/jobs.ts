import type { Store } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { type DetectionResult, detectCommunities } from './detect.ts';

/** Default wait after the last graph change before communities are recomputed (CAIRN_COMMUNITY_DEBOUNCE_MS). */
export const COMMUNITY_DEBOUNCE_MS = 5_000;

/** Community detection in the background: debounced after graph changes, on demand, and at start when due. */
export interface CommunityJobs {
  /** Says the entity graph changed: detection runs once no other change came for the debounce time. Returns at once. */
  graphChanged(): void;
  /** Runs detection now (after any run in progress) and resolves with its result. */
  detectNow(): Promise<DetectionResult>;
  /** At start: schedules a detection when the graph changed since the last one (or there is a graph and no detection yet). */
  start(): void;
  /** Resolves once no detection (nor start check) is running; a pending debounce is not waited for. */
  settle(): Promise<void>;
  /** Cancels a pending debounce and refuses new ones; a run in progress finishes (settle waits for it). */
  stop(): void;
}

export interface CommunityJobDeps extends Pick<Deps, 'store' | 'clock' | 'llm'> {
  debounceMs?: number;
  log?: (message: string) => void;
}

/** Whether the stored communities are out of date: the graph's digest moved on since the last run. */
async function isDue(store: Store): Promise<boolean> {
  const last = await store.communityGraph.lastRun();
  if (!last) return (await store.entities.count()) > 0;
  return last.fingerprint !== (await store.communityGraph.fingerprint());
}

/** Runs are serialised (one at a time, in order), so ids are assigned against the partition the last run stored. */
export function createCommunityJobs({ debounceMs = COMMUNITY_DEBOUNCE_MS, log = () => {}, ...deps }: CommunityJobDeps): CommunityJobs {
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
          if (!stopped && (await isDue(deps.store))) await detectCommunities(deps, options);
        }).catch(report('detection'));
      }, debounceMs);
      timer.unref();
    },
    detectNow: () => enqueue(() => detectCommunities(deps, options)),
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
