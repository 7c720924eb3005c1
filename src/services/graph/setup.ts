import type { Embedder, Extractor } from '../../providers/ports.ts';
import type { Store } from '../../storage/ports.ts';
import type { Clock, ExtractionSetup, ExtractorMode, Ids, LlmHealth } from '../ports.ts';
import { createExtractionJobs } from './jobs.ts';

/** After a failure the model is not asked again for this long: meanwhile the rules extract, inline. */
export const LLM_RETRY_MS = 30_000;

export function createLlmHealth(): LlmHealth {
  let available: boolean | null = null;
  let lastError: string | null = null;
  let failedAt = 0;
  return {
    get available() {
      return available;
    },
    get lastError() {
      return lastError;
    },
    usable(nowMs = Date.now()) {
      return available !== false || nowMs - failedAt >= LLM_RETRY_MS;
    },
    markSuccess() {
      available = true;
      lastError = null;
    },
    markFailure(error, nowMs = Date.now()) {
      available = false;
      lastError = error instanceof Error ? error.message : String(error);
      failedAt = nowMs;
    },
  };
}

/** Extraction state for /capabilities and /health. */
export function describeExtraction(setup: ExtractionSetup) {
  const usesModel = setup.primary !== null && !setup.primary.inline;
  return {
    extractor: setup.mode,
    model: setup.primary?.model ?? null,
    inline: setup.primary?.inline ?? false,
    available: setup.mode === 'none' ? false : usesModel ? setup.llm.available !== false : true,
    degraded: usesModel && setup.llm.available === false,
    fallback: usesModel ? 'rules' : null,
    last_error: usesModel ? setup.llm.lastError : null,
    background_jobs: setup.jobs !== null,
  };
}

/** Assembles the extraction setup: background jobs when the configured extractor is too slow to run inline. */
export function createExtractionSetup(options: {
  mode: ExtractorMode;
  primary: Extractor | null;
  rules: Extractor;
  store: Store;
  clock: Clock;
  ids: Ids;
  log?: (message: string) => void;
  /** Called after background extraction changed the entity graph. */
  onGraphChanged?: () => void;
  /** This process is the only one working the queue (see ExtractionJobDeps.exclusive). */
  exclusive?: boolean;
  /** Suggests labels for memories queued with `auto_label` (CAIRN_AUTO_LABEL). */
  embedder?: Embedder;
}): ExtractionSetup {
  const llm = createLlmHealth();
  const { primary, rules } = options;
  // Every memory write goes through the background queue (entities, graph, EVOLVES detection), whichever the extractor.
  const jobs = createExtractionJobs({ ...options, extractor: primary, fallback: rules, health: llm });
  return { mode: options.mode, primary, rules, jobs, llm };
}
