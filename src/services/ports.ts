/**
 * What the service layer is given, as interfaces: the stores and providers it talks through, and the background
 * runners (indexer, rebuilds, extraction queue, community detection, jobs) the composition root starts. This file
 * imports no service, so any service may import it; each runner's implementation lives in its area and is typed
 * against the interface here. Settings (plain values from the configuration) are apart, in settings.ts.
 */
import type { Embedder, Extractor, Llm, Thesaurus } from '../providers/ports.ts';
import type { SessionSource } from '../providers/ports.sessions.ts';
import type { SyncRemote } from '../providers/ports.sync.ts';
import type { ConversationFiles } from '../providers/ports.conversations.ts';
import type { JobRecord, Store } from '../storage/ports.ts';

export interface Clock {
  /** The current time as an ISO 8601 UTC string. */
  now(): string;
}

export interface Ids {
  /** A new time-ordered id (UUID v7). */
  next(): string;
}

/** The stores and providers every service may pick from. */
export interface Ports {
  store: Store;
  /** Always present: the configured model, or the hash embedder when none is configured. */
  embedder: Embedder;
  clock: Clock;
  ids: Ids;
  /** Coding-assistant sessions on this machine (under CAIRN_HOME_DIR), for session save. */
  sessions: SessionSource;
  /** Chat exports and session files under CAIRN_HOME_DIR, for conversation discovery, preview, import and the watcher. */
  conversations: ConversationFiles;
  /** A chat model (CAIRN_LLM_URL + CAIRN_LLM_MODEL) for judgements such as relation suggestions; null without one. */
  llm?: Llm | null;
  /** Synonyms and broader words (WordNet) for queries whose own words match weakly; absent: no such bridge. */
  thesaurus?: Thesaurus | null;
  /** CAIRN_SYNC_HUB=1: the segment store this server keeps for other devices' sync; absent or null when it is no hub. */
  syncHub?: SyncRemote | null;
}

/** The background runners of this process (stateful: started by the composition root, stopped at shutdown). */
export interface Runners {
  /** Background embedding for semantic search; null when search is lexical only. */
  indexer: Indexer | null;
  /** Full rebuilds of the search index, run in the background. */
  rebuilds: RebuildRunner;
  /** Entity extraction (CAIRN_EXTRACTOR): the configured extractor, the offline fallback, background jobs. */
  extraction: ExtractionSetup;
  /** Community detection in the background (debounced after graph changes); absent where nothing recomputes them. */
  communities?: CommunityJobs | null;
  /** Background jobs (data export and import), rows of the jobs table. */
  jobs: JobRunner;
  /** The watcher over session folders (`/threads/watcher/*`): auto-imports changed files while started. */
  threadWatcher?: ThreadWatcher | null;
  /** Worker threads serving search, get and list (SQLite, CAIRN_READ_WORKERS); absent or empty: reads run in process. */
  readPool?: ReadPool | null;
  /** Sync with the person's other devices (CAIRN_SYNC_REMOTE); absent or null when no remote is configured. */
  sync?: SyncRunner | null;
}

/** Reads served by other threads (services/reads says what a read request is and runs one in process). */
export interface ReadPool {
  run(request: { kind: 'search' | 'searchResultsJson' | 'get' | 'list' }): Promise<unknown>;
  /** Threads serving reads (0 once closed or when they could not start: reads then run in process). */
  readonly size: number;
  /** Starts the threads now, if not started yet (the first read starts them otherwise). */
  start(): void;
  close(): Promise<void>;
}

/** CAIRN_EXTRACTOR: the rules (offline), a language model, or nothing. */
export type ExtractorMode = 'rules' | 'llm' | 'none';

/** Reports how far a job has come, 0..1; cheap to call often. */
export type Progress = (fraction: number) => void;

/** Embedding, on start, of the memories that had no vector of the current model (written before it was configured). */
export interface Backfill {
  model: string;
  /** Memories waiting for a vector when the service started with this model. */
  queued: number;
  /** Embeddings saved since, up to `queued` (a memory written meanwhile counts too: the pace, not an exact list). */
  embedded: number;
  started_at: string;
  /** Null while it runs. */
  finished_at: string | null;
}

/** Embeds memories in the background so that no write waits for a model. */
export interface Indexer {
  readonly embedder: Embedder;
  /** The backfill started with this process, or null when every memory already had its vector. */
  readonly backfill: Backfill | null;
  /**
   * Once per process: drops vectors of another model and queues every memory lacking one of the current model (the
   * backfill). Later calls return the first one's promise. The vectors themselves are searched through `store.vectors`.
   */
  prepare(): Promise<void>;
  /** Asks for pending memories to be embedded soon; returns at once. */
  kick(): void;
  /** Resolves once nothing is pending (or the last attempt failed); for tests, benchmarks and shutdown. */
  settle(): Promise<void>;
  readonly lastError: string | null;
  stop(): void;
}

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

/** Runs full rebuilds of the search index in the background; the current or last one is a row of the jobs table. */
export interface RebuildRunner {
  start(): Promise<{ run_id: string; memories: number; already_running: boolean }>;
  /** The current or last rebuild, whichever process runs or ran it. */
  status(): Promise<RebuildState>;
  /** Resolves when the rebuild this process runs (if any) has finished. */
  settle(): Promise<void>;
}

/** What the service last saw of the language model. */
export interface LlmHealth {
  /** null until the model has been asked once. */
  readonly available: boolean | null;
  readonly lastError: string | null;
  /** Whether to ask the model now (false for a while after a failure). */
  usable(nowMs?: number): boolean;
  markSuccess(): void;
  markFailure(error: unknown, nowMs?: number): void;
}

/** Entity extraction as configured (CAIRN_EXTRACTOR), with its offline fallback and background jobs. */
export interface ExtractionSetup {
  readonly mode: ExtractorMode;
  /** The configured extractor: the rules, a language model, or null (none: nothing is extracted on create). */
  readonly primary: Extractor | null;
  /** The offline extractor: the fallback when the model is unreachable, and what previews use when none is configured. */
  readonly rules: Extractor;
  /** The background queue of memory writes: entities, graph and EVOLVES detection after the acknowledgement. */
  readonly jobs: ExtractionJobs | null;
  readonly llm: LlmHealth;
}

/**
 * The background queue of memory writes: each created or re-written memory gets its entities and graph, then (created
 * ones) EVOLVES detection. Durable (a table), claimed with a lease, processed in batches that yield between them.
 */
export interface ExtractionJobs {
  /** Asks for queued memories to be processed soon; returns at once. */
  kick(): void;
  /**
   * A write that will queue a memory has arrived (a create, before its transaction): while writes keep arriving, the
   * queue's first batch, which loads the extraction's language models, waits (graph/jobs.ts).
   */
  writeArriving(): void;
  /** Resolves once the queue is empty (or processing stopped); for tests, benchmarks and shutdown. */
  settle(): Promise<void>;
  stop(): void;
  /** How many memories wait. */
  pending(): Promise<number>;
  /** What waits, how long the oldest has waited, and what was given up: `background_queue` in /health. */
  status(): Promise<{ pending: number; lag_ms: number | null; failed: number; claimed_here: number }>;
}

export interface DetectionResult {
  communities: number;
  entities: number;
  took_ms: number;
}

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

/** Background jobs of this process: each is a row of the jobs table, run in-process. */
export interface JobRunner {
  /** Records a queued job and runs `work` in the background; returns the queued record at once. */
  start(kind: string, params: Record<string, unknown>, work: (progress: Progress) => Promise<Record<string, unknown>>): Promise<JobRecord>;
  /** The job as it stands: a running job of this process from memory (its row may sit behind an import's transaction). */
  get(id: string): Promise<JobRecord | undefined>;
  /** Resolves once no job runs; for shutdown and tests. */
  settle(): Promise<void>;
}

/** Two devices changed one field since they last met; services/sync/changeLog.ts's SyncConflict is this type. */
export interface SyncConflictReport {
  entity: string;
  key: string;
  field: string;
  winner: { device: string; hlc: string };
  loser: { device: string; hlc: string };
  /** Where the losing value is kept (e.g. the id of the older memory version holding the losing text), if it is. */
  keptAs: string | null;
}

/** A segment refused, or a round that failed: when, what and why. */
export interface SyncErrorReport {
  at: string;
  message: string;
  device: string | null;
  segment: string | null;
}

/** One sync round: what it sent and took, and the segments it refused (the round goes on without them). */
export interface SyncRoundReport {
  pushed: number;
  pulled: number;
  conflicts: number;
  errors: SyncErrorReport[];
}

/** What GET /sync/status shows. */
export interface SyncStatusReport {
  enabled: boolean;
  remote: string | null;
  encrypted: boolean | null;
  device_id: string | null;
  interval_s: number;
  running: boolean;
  last_round: (SyncRoundReport & { started_at: string; finished_at: string; error: string | null }) | null;
  devices: { device_id: string; this_device: boolean; remote_through: number; applied_through: number }[];
  pending: { push: number; pull: number } | null;
  errors: SyncErrorReport[];
  last_conflicts: (SyncConflictReport & { at: string })[];
}

/** Runs sync rounds, one at a time: on demand and every CAIRN_SYNC_INTERVAL_S in the background. */
export interface SyncRunner {
  /** Runs one round after any round in progress; throws when the round could not run (remote unreachable, wrong passphrase). */
  round(): Promise<SyncRoundReport>;
  status(): Promise<SyncStatusReport>;
  /** Starts the background rounds (none when the interval is 0). */
  start(): void;
  stop(): void;
  /** Resolves once no round runs. */
  settle(): Promise<void>;
}

/** Watches session folders and imports the files written there (services/threads/watcher.ts). */
export interface ThreadWatcher {
  start(): Promise<WatcherStatus>;
  stop(): Promise<WatcherStatus>;
  status(): WatcherStatus;
}

/** The reference's WatcherStatusModel. */
export interface WatcherStatus {
  running: boolean;
  watched_paths: string[];
  /** Epoch seconds of the last scan of a changed file; null before the first. */
  last_check: number | null;
  auto_import_count: number;
  /** The most recent errors, newest last. */
  errors: string[];
}
