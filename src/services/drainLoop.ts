/** A background worker that empties a queue: one run at a time, and a kick during a run asks for one more after it. */
export interface DrainLoop {
  /** Starts a run soon, or another one after the current; returns at once. */
  kick(): void;
  /** Resolves once no run is going (the queue is empty, or the last run gave up); for tests, benchmarks and shutdown. */
  settle(): Promise<void>;
  stop(): void;
  readonly stopped: boolean;
}

/** `drain` empties the queue; it returns false after a failure it has dealt with, so the loop does not spin on it. */
export function createDrainLoop(drain: () => Promise<boolean | void>): DrainLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function run(): Promise<void> {
    do {
      again = false;
      // A drain that throws (the database gone mid-run) ends this run like one that gave up; the next kick starts
      // another. Nothing may reject here: no one awaits a run but settle().
      if ((await drain().catch(() => false)) === false) return;
    } while (again && !stopped);
  }

  const loop: DrainLoop = {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = null;
      });
    },
    async settle() {
      loop.kick();
      while (running) await running;
    },
    stop() {
      stopped = true;
    },
    get stopped() {
      return stopped;
    },
  };
  return loop;
}
