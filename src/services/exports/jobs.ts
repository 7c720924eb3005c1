import { notFound } from '../../errors.ts';
import type { JobRecord, Store } from '../../storage/ports.ts';
import type { Clock, Ids, JobRunner, Progress } from '../ports.ts';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How long a job's owner vouches for it without renewing; it renews every third of that while the job runs. */
export const JOB_LEASE_MS = 60_000;

const later = (now: string, ms: number) => new Date(Date.parse(now) + ms).toISOString();

/**
 * The job runner; jobs a previous process left queued or running are failed first (`failInterruptedJobs`). Each job
 * carries this process as owner and a lease it renews while the job runs (with the progress), so another process
 * sharing the store neither fails it nor loses sight of how far it came.
 */
export function createJobRunner(deps: { store: Store; clock: Clock; ids: Ids; holder?: string; leaseMs?: number }): JobRunner {
  const live = new Map<string, JobRecord>();
  const running = new Set<Promise<void>>();
  const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
  let heartbeat: NodeJS.Timeout | null = null;

  async function renewLeases() {
    const until = later(deps.clock.now(), leaseMs);
    for (const job of live.values()) {
      job.lease_until = until;
      await deps.store.jobs.update(job.id, { progress: job.progress, lease_until: until }).catch(() => {}); // the next beat tries again
    }
  }

  function beatWhileRunning() {
    if (live.size > 0 && !heartbeat) heartbeat = setInterval(() => void renewLeases(), Math.max(10, leaseMs / 3)).unref();
    if (live.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  async function run(job: JobRecord, work: (progress: Progress) => Promise<Record<string, unknown>>) {
    const started = { status: 'running' as const, started_at: deps.clock.now() };
    Object.assign(job, started);
    await deps.store.jobs.update(job.id, started);
    let finished: Partial<JobRecord>;
    try {
      const result = await work(fraction => (job.progress = Math.max(job.progress, Math.min(1, fraction))));
      finished = { status: 'completed', progress: 1, result, completed_at: deps.clock.now() };
    } catch (error) {
      finished = { status: 'failed', error: message(error), completed_at: deps.clock.now(), progress: job.progress };
    }
    Object.assign(job, finished);
    await deps.store.jobs.update(job.id, finished).finally(() => {
      live.delete(job.id);
      beatWhileRunning();
    });
  }

  return {
    async start(kind, params, work) {
      const job: JobRecord = {
        id: deps.ids.next(), kind, status: 'queued', progress: 0, params, result: null, error: null,
        created_at: deps.clock.now(), started_at: null, completed_at: null,
        owner: deps.holder ?? null, lease_until: later(deps.clock.now(), leaseMs),
      };
      await deps.store.jobs.insert(job);
      live.set(job.id, job);
      beatWhileRunning();
      const snapshot = { ...job };
      const done: Promise<void> = new Promise<void>(resolve => setImmediate(resolve))
        .then(() => run(job, work))
        .catch(() => {}) // the row says what failed; nothing else waits on it
        .finally(() => running.delete(done));
      running.add(done);
      return snapshot;
    },
    async get(id) {
      const current = live.get(id);
      return current ? { ...current } : deps.store.jobs.getById(id);
    },
    async settle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/**
 * Marks jobs a crash or restart interrupted as failed: nothing runs them any more. A job whose owner still renews its
 * lease (another process on the same PostgreSQL database) is left running.
 */
export async function failInterruptedJobs(deps: { store: Store; clock: Clock }): Promise<number> {
  return deps.store.jobs.failUnfinished('Interrupted: the service stopped before the job finished', deps.clock.now());
}

/** A job of this kind as the status endpoints present it; another kind's job id is unknown here. */
export async function getJobStatus(deps: { jobs: JobRunner }, kind: string, id: string) {
  const job = await deps.jobs.get(id);
  if (!job || job.kind !== kind) throw notFound('job', id);
  const { id: job_id, status, progress, result, error, started_at, completed_at, created_at } = job;
  return { job_id, kind: job.kind, status, progress, result, error, created_at, started_at, completed_at };
}
