import type { Deps } from '../deps.ts';

export interface RebuildState {
  active: boolean;
  run_id: string | null;
  stage: string | null;
  message: string | null;
  progress: number | null;
  started_at: string | null;
  updated_at: string | null;
  finished_at: string | null;
  success: boolean | null;
  errors: string[];
  stats: Record<string, number> | null;
}

/** Runs full rebuilds of the search index in the background and remembers the current or last one. */
export interface RebuildRunner {
  start(): Promise<{ run_id: string; memories: number; already_running: boolean }>;
  status(): RebuildState;
  /** Resolves when the current rebuild (if any) has finished. */
  settle(): Promise<void>;
}

const idle: RebuildState = {
  active: false, run_id: null, stage: null, message: 'No rebuild has run since the service started', progress: null,
  started_at: null, updated_at: null, finished_at: null, success: null, errors: [], stats: null,
};

export function createRebuildRunner(deps: Pick<Deps, 'store' | 'indexer' | 'clock' | 'ids'>): RebuildRunner {
  let state: RebuildState = { ...idle };
  let running: Promise<void> | null = null;

  const update = (changes: Partial<RebuildState>) => {
    state = { ...state, ...changes, updated_at: deps.clock.now() };
  };

  async function run(memories: number) {
    try {
      update({ stage: 'full_text', message: 'Rebuilding the full-text indexes', progress: 0.1 });
      await deps.store.search.rebuildFullText();
      if (deps.indexer) {
        update({ stage: 'embeddings', message: `Re-embedding ${memories} memories with ${deps.indexer.embedder.model}`, progress: 0.3 });
        await deps.store.search.markForReindex();
        await deps.indexer.settle();
        if (deps.indexer.lastError) throw new Error(deps.indexer.lastError);
      }
      update({ active: false, stage: 'completed', message: 'Search index rebuilt', progress: 1, finished_at: deps.clock.now(), success: true, stats: { memories } });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      update({ active: false, stage: 'failed', message, finished_at: deps.clock.now(), success: false, errors: [message] });
    }
  }

  return {
    async start() {
      if (running && state.run_id) return { run_id: state.run_id, memories: state.stats?.memories ?? 0, already_running: true };
      const total = await deps.store.search.countIndexable();
      const run_id = deps.ids.next();
      const at = deps.clock.now();
      state = { ...idle, active: true, run_id, stage: 'queued', message: 'Rebuild queued', progress: 0, started_at: at, updated_at: at, stats: { memories: total } };
      running = run(total).finally(() => {
        running = null;
      });
      return { run_id, memories: total, already_running: false };
    },
    status: () => state,
    async settle() {
      while (running) await running;
    },
  };
}
