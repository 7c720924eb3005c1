import { randomUUID } from 'node:crypto';
import type { JobRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import type { RebuildRunner, RebuildState } from '../ports.ts';

const KIND = 'search_rebuild';
/** One rebuild at a time across processes: the lease is held while it runs, and renewed with the job's own. */
const LEASE = 'search-rebuild';
const LEASE_MS = 60_000;

const idle: RebuildState = {
  active: false, run_id: null, stage: null, message: 'No rebuild has run yet', progress: null,
  started_at: null, updated_at: null, finished_at: null, success: null, errors: [], stats: null,
};

/** The state a rebuild job row describes; `stage`, `message`, `updated_at` and `stats` ride in its result. */
function toState(job: JobRecord | undefined): RebuildState {
  if (!job) return idle;
  const detail = (job.result ?? {}) as { stage?: string; message?: string; updated_at?: string; stats?: Record<string, number> };
  return {
    active: job.status === 'queued' || job.status === 'running',
    run_id: job.id,
    stage: detail.stage ?? (job.status === 'failed' ? 'failed' : null),
    message: job.status === 'failed' ? job.error : (detail.message ?? null),
    progress: job.progress,
    started_at: job.started_at ?? job.created_at,
    updated_at: detail.updated_at ?? job.started_at ?? job.created_at,
    finished_at: job.completed_at,
    success: job.status === 'completed' ? true : job.status === 'failed' ? false : null,
    errors: job.error ? [job.error] : [],
    stats: detail.stats ?? null,
  };
}

export function createRebuildRunner(deps: Pick<Deps, 'store' | 'indexer' | 'clock' | 'ids' | 'holder'>): RebuildRunner {
  const holder = deps.holder ?? randomUUID();
  let running: Promise<void> | null = null;
  const later = (ms: number) => new Date(Date.parse(deps.clock.now()) + ms).toISOString();

  async function run(job: JobRecord, memories: number) {
    const stats = { memories };
    const update = async (patch: Partial<JobRecord>, detail: { stage: string; message: string }) => {
      const now = deps.clock.now();
      await deps.store.jobs.update(job.id, { ...patch, lease_until: later(LEASE_MS), result: { ...detail, updated_at: now, stats } });
      await deps.store.leases.tryAcquire(LEASE, holder, now, later(LEASE_MS));
    };
    const heartbeat = setInterval(() => {
      const until = later(LEASE_MS);
      void deps.store.jobs.update(job.id, { lease_until: until }).catch(() => {});
      void deps.store.leases.tryAcquire(LEASE, holder, deps.clock.now(), until).catch(() => {});
    }, LEASE_MS / 3).unref();
    try {
      await update({ status: 'running', progress: 0.1 }, { stage: 'full_text', message: 'Rebuilding the full-text indexes' });
      await deps.store.search.rebuildFullText();
      if (deps.indexer) {
        await update({ progress: 0.3 }, { stage: 'embeddings', message: `Re-embedding ${memories} memories with ${deps.indexer.embedder.model}` });
        await deps.store.search.markForReindex();
        await deps.indexer.settle();
        if (deps.indexer.lastError) throw new Error(deps.indexer.lastError);
      }
      await update({ status: 'completed', progress: 1, completed_at: deps.clock.now() }, { stage: 'completed', message: 'Search index rebuilt' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.store.jobs.update(job.id, { status: 'failed', error: message, completed_at: deps.clock.now() }).catch(() => {});
    } finally {
      clearInterval(heartbeat);
      await deps.store.leases.release(LEASE, holder).catch(() => {});
    }
  }

  return {
    async start() {
      const now = deps.clock.now();
      if (!(await deps.store.leases.tryAcquire(LEASE, holder, now, later(LEASE_MS))) || running) {
        // Running here or in another process (several share a PostgreSQL database): that run answers.
        const current = toState(await deps.store.jobs.latest(KIND));
        if (current.active && current.run_id) return { run_id: current.run_id, memories: current.stats?.memories ?? 0, already_running: true };
      }
      const memories = await deps.store.search.countIndexable();
      const job: JobRecord = {
        id: deps.ids.next(), kind: KIND, status: 'queued', progress: 0, params: {}, error: null, created_at: now, started_at: now, completed_at: null,
        result: { stage: 'queued', message: 'Rebuild queued', updated_at: now, stats: { memories } }, owner: holder, lease_until: later(LEASE_MS),
      };
      await deps.store.jobs.insert(job);
      running = run(job, memories).finally(() => {
        running = null;
      });
      return { run_id: job.id, memories, already_running: false };
    },
    status: async () => toState(await deps.store.jobs.latest(KIND)),
    async settle() {
      while (running) await running;
    },
  };
}
