import type { Store } from '../storage/ports.ts';
import type { Embedder, Llm, Thesaurus } from '../providers/ports.ts';
import type { SessionSource } from '../providers/ports.sessions.ts';
import type { Indexer } from './search/indexer.ts';
import type { RebuildRunner } from './search/rebuild.ts';
import type { ExtractionSetup } from './graph/setup.ts';
import type { CommunityJobs } from './communities/jobs.ts';
import type { JobRunner } from './exports/jobs.ts';
import type { ReadPool } from './reads/reads.ts';

export interface Clock {
  /** The current time as an ISO 8601 UTC string. */
  now(): string;
}

export interface Ids {
  /** A new time-ordered id (UUID v7). */
  next(): string;
}

/** What the service layer may be given; each service picks only what it uses. */
export interface Deps {
  store: Store;
  /** Always present: the configured model, or the hash embedder when none is configured. */
  embedder: Embedder;
  /** Background embedding for semantic search; null when search is lexical only. */
  indexer: Indexer | null;
  /** Full rebuilds of the search index, run in the background. */
  rebuilds: RebuildRunner;
  clock: Clock;
  ids: Ids;
  version: string;
  /** Configured API key (plain), when the operator set one by environment. */
  apiKey: string | null;
  /** CAIRN_AUTO_LABEL: suggest existing labels for memories created without any (off by default). */
  autoLabel: boolean;
  /** CAIRN_TRASH_DAYS: how long deleted memories stay restorable; 0 means deletes are final. */
  trashDays: number;
  /** Coding-assistant sessions on this machine (under CAIRN_HOME_DIR), for session save. */
  sessions: SessionSource;
  /** Entity extraction (CAIRN_EXTRACTOR): the configured extractor, the offline fallback, background jobs. */
  extraction: ExtractionSetup;
  /** A chat model (CAIRN_LLM_URL + CAIRN_LLM_MODEL) for judgements such as relation suggestions; null without one. */
  llm?: Llm | null;
  /** Community detection in the background (debounced after graph changes); absent where nothing recomputes them. */
  communities?: CommunityJobs | null;
  /** CAIRN_EXPORT_DIR: where data exports are written and imports read from; archive paths resolve inside it. */
  exportDir: string;
  /** Background jobs (data export and import), rows of the jobs table. */
  jobs: JobRunner;
  /** Synonyms and broader words (WordNet) for queries whose own words match weakly; absent: no such bridge. */
  thesaurus?: Thesaurus | null;
  /** This process, as leases and work claims on a shared store name it (a UUID made at start). */
  holder?: string;
  /** Worker threads serving search, get and list (SQLite, CAIRN_READ_WORKERS); absent or empty: reads run in process. */
  readPool?: ReadPool | null;
  /** The cores this process may use and the background queue's worker threads (0: on the event loop), for /health. */
  workers?: { cores: number; background: number };
}
