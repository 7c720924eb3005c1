import { notFound } from '../../errors.ts';
import type { JobRecord, JobStatus } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { loadEntityGraph, pageRank } from './analysis.ts';

/**
 * Graph augmentation jobs, rows of the jobs table: `graph_extraction` queues memories whose graph is missing (or, with
 * `all`, every memory) for extraction again; the queue replaces only the automatic part of a memory's graph, so an
 * applied MENTIONS or RELATES_TO row is never overwritten. `pagerank_calculation` scores the entities;
 * `community_detection` recomputes the communities.
 */
export const AUGMENTATION_JOB_TYPES = ['graph_extraction', 'pagerank_calculation', 'community_detection'] as const;
export type AugmentationJobType = (typeof AUGMENTATION_JOB_TYPES)[number];

/** The statuses as the reference names them: a queued job is `pending`. */
export const AUGMENTATION_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type AugmentationStatus = (typeof AUGMENTATION_STATUSES)[number];

/** The most memories one graph_extraction job queues (its `limit` parameter, default 1000). */
export const MAX_EXTRACTION_BATCH = 10_000;
/** How many top entities a pagerank_calculation job's result lists. */
const PAGERANK_TOP = 20;

export interface ExtractionParameters {
  all: boolean;
  limit: number;
}

type AugmentationDeps = Pick<Deps, 'store' | 'clock' | 'jobs' | 'extraction' | 'communities'>;

const statusOut = (status: JobStatus): AugmentationStatus => (status === 'queued' ? 'pending' : status);
const statusIn = (status: AugmentationStatus): JobStatus => (status === 'pending' ? 'queued' : status);

function messageOf(job: JobRecord): string {
  if (job.status === 'failed') return job.error ?? 'failed';
  if (job.status === 'completed') return typeof job.result?.message === 'string' ? job.result.message : 'completed';
  return job.status === 'running' ? 'running' : 'waiting to start';
}

function present(job: JobRecord) {
  return {
    job_id: job.id,
    job_type: job.kind,
    status: statusOut(job.status),
    progress: job.progress,
    message: messageOf(job),
    created_at: job.created_at,
    started_at: job.started_at,
    completed_at: job.completed_at,
    parameters: job.params,
    result: job.result,
    error: job.error,
  };
}

async function queueExtraction(deps: AugmentationDeps, parameters: ExtractionParameters) {
  const jobs = deps.extraction.jobs;
  if (!jobs) return { queued: 0, memory_ids: [], message: 'No extractor is configured (CAIRN_EXTRACTOR): nothing was queued' };
  const memories = await deps.store.mentions.memoriesToExtract(parameters.limit, parameters.all);
  const at = deps.clock.now();
  for (const memory of memories) await deps.store.extractionQueue.enqueue({ memory_id: memory.id, content_version: memory.version, level: '', queued_at: at });
  if (memories.length > 0) jobs.kick();
  return { queued: memories.length, memory_ids: memories.slice(0, 100).map(m => m.id), message: `Queued ${memories.length} memor${memories.length === 1 ? 'y' : 'ies'} for extraction` };
}

async function calculatePageRank(deps: AugmentationDeps) {
  const graph = await loadEntityGraph(deps);
  const nodes = [...graph.adjacency.keys()].sort();
  const ranks = [...pageRank(nodes, graph.adjacency)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, PAGERANK_TOP);
  const names = new Map((await deps.store.entities.getMany(ranks.map(([id]) => id))).map(e => [e.id, e.name]));
  return {
    nodes: nodes.length,
    edges: graph.edges,
    top: ranks.map(([id, score]) => ({ entity_id: id, name: names.get(id) ?? null, score: Math.round(score * 1e6) / 1e6 })),
    message: `Scored ${nodes.length} entities`,
  };
}

/** Starts an augmentation job; it runs in the background and its row says how it went. */
export async function startAugmentation(deps: AugmentationDeps, input: { job_type: AugmentationJobType; parameters: ExtractionParameters }) {
  const work = async (): Promise<Record<string, unknown>> => {
    if (input.job_type === 'graph_extraction') return queueExtraction(deps, input.parameters);
    if (input.job_type === 'pagerank_calculation') return calculatePageRank(deps);
    // The runner, not the communities area: graph is listed before communities (docs/service-layers.md).
    if (!deps.communities) throw new Error('Community detection does not run in this process');
    const result = await deps.communities.detectNow();
    return { ...result, message: `Detected ${result.communities} communities` };
  };
  const params = input.job_type === 'graph_extraction' ? { ...input.parameters } : {};
  const job = await deps.jobs.start(input.job_type, params, work);
  return { success: true, job_id: job.id, job_type: input.job_type, message: `Started ${input.job_type}` };
}

/** One augmentation job; an id of no augmentation job → 404 `job_not_found`. */
export async function augmentationJob(deps: Pick<Deps, 'jobs'>, jobId: string) {
  const job = await deps.jobs.get(jobId);
  if (!job || !(AUGMENTATION_JOB_TYPES as readonly string[]).includes(job.kind)) throw notFound('job', jobId);
  return { success: true, job_status: present(job) };
}

export async function listAugmentationJobs(deps: Pick<Deps, 'store'>, input: { limit: number; status_filter?: AugmentationStatus }) {
  const status = input.status_filter === undefined ? undefined : statusIn(input.status_filter);
  const { items, total } = await deps.store.jobs.list([...AUGMENTATION_JOB_TYPES], input.limit, status);
  return { success: true, jobs: items.map(present), total };
}

/** Which augmentations ran last, when, and what waits in the extraction queue. */
export async function augmentationState(deps: Pick<Deps, 'store' | 'extraction'>) {
  const latest = await Promise.all(AUGMENTATION_JOB_TYPES.map(async kind => [kind, await deps.store.jobs.latest(kind)] as const));
  const augmentations = Object.fromEntries(
    latest.map(([kind, job]) => [kind, job ? { last_job_id: job.id, status: statusOut(job.status), created_at: job.created_at, completed_at: job.completed_at } : null]),
  );
  const finished = latest.flatMap(([, job]) => (job?.completed_at ? [job.completed_at] : [])).sort();
  const detection = await deps.store.communityGraph.lastRun();
  return {
    success: true,
    state: {
      augmentations,
      last_augmentation_at: finished.at(-1) ?? null,
      last_community_detection: detection ?? null,
      extraction_queue_pending: deps.extraction.jobs ? await deps.extraction.jobs.pending() : 0,
      job_types: [...AUGMENTATION_JOB_TYPES],
    },
  };
}
