/**
 * The server's answers as the web app reads them, inferred from the zod schemas the server checks its own replies
 * against (src/http/responses.ts and each route's docs in src/http/routes/*.schema.ts): a field the server renames or
 * drops fails the web app's type check. Type imports only: nothing of the server is bundled into the app.
 */
import type { z } from 'zod';
import type * as Responses from '../../src/http/responses.ts';
import type { activityDocs } from '../../src/http/routes/activity/activity.schema.ts';
import type { agentDocs } from '../../src/http/routes/agent/agent.schema.ts';
import type { communityDocs } from '../../src/http/routes/communities/communities.schema.ts';
import type { crystalDocs } from '../../src/http/routes/crystals/crystals.schema.ts';
import type { favoriteDocs } from '../../src/http/routes/favorites/favorites.schema.ts';
import type { graphDocs } from '../../src/http/routes/graph/graph.schema.ts';
import type { healthDocs } from '../../src/http/routes/health/health.schema.ts';
import type { labelDocs } from '../../src/http/routes/labels/labels.schema.ts';
import type { libraryDocs } from '../../src/http/routes/library/library.schema.ts';
import type { relationDocs } from '../../src/http/routes/relations/relations.schema.ts';
import type { spaceDocs } from '../../src/http/routes/spaces/spaces.schema.ts';
import type { threadDocs } from '../../src/http/routes/threads/threads.docs.ts';
import type { syncDocs } from '../../src/http/routes/sync/sync.schema.ts';

/** The 200 answer a route documents. */
type Answer<Doc extends { response: { 200: z.ZodType } }> = z.infer<Doc['response'][200]>;

export type Memory = z.infer<typeof Responses.Memory>;
export type SearchMemory = z.infer<typeof Responses.SearchMemory>;
export type Label = z.infer<typeof Responses.Label>;
export type LabelRef = z.infer<typeof Responses.LabelRef>;
export type ThreadListItem = z.infer<typeof Responses.ThreadListItem>;
type Job = z.infer<typeof Responses.Job>;

/** POST /memories and GET /memories (their schemas' module reaches into services, which the app must not compile). */
export type CreatedMemory = { id: string; memory: z.infer<typeof Responses.MemoryNode> };
export type MemoryList = { memories: Memory[]; pagination: z.infer<typeof Responses.Pagination> };
export type FavoriteMemories = Answer<typeof favoriteDocs.memories>;
export type FavoriteThreads = Answer<typeof favoriteDocs.threads>;
export type ThreadList = Answer<typeof threadDocs.list>;
export type ThreadSearch = Answer<typeof threadDocs.search>;
export type ThreadDetail = Answer<typeof threadDocs.get>;
export type Capabilities = Answer<typeof healthDocs.capabilities>;
export type SpaceList = Answer<typeof spaceDocs.list>;
export type Space = SpaceList['spaces'][number];
export type Health = Answer<typeof healthDocs.health>;
export type LabelHealth = Answer<typeof labelDocs.health>;
export type MergeCandidates = Answer<typeof labelDocs.mergeCandidates>;
export type LabelMerge = Answer<typeof labelDocs.merge>;
export type WikiIndex = Answer<typeof libraryDocs.wikiIndex>;
export type WikiExportSummary = Answer<typeof libraryDocs.exportSummary>;
export type CrystalSources = Answer<typeof libraryDocs.crystalSources>;
export type EntityDetail = Answer<typeof graphDocs.get>;
export type GraphExpansion = Answer<typeof graphDocs.expand>;
export type Relations = Answer<typeof relationDocs.list>;
export type EvolvesList = Answer<typeof activityDocs.evolves>;
export type CommunityDetection = Answer<typeof communityDocs.detect>;
export type Crystallized = Answer<typeof crystalDocs.crystallize>;
export type WorkingMemory = Answer<typeof agentDocs.getWorkingMemory>;

/*
 * Answers whose schemas sit in modules that import services (search.schema.ts, data.schema.ts), which the web app's
 * type check must not pull in: declared here with the fields the app reads. test/webTypes.ts checks, in the server's
 * type check, that the server's answers still fit them.
 */
export type RebuildStatus = {
  active: boolean;
  stage: string | null;
  message: string | null;
  progress: number | null;
  finished_at: string | null;
  success: boolean | null;
  errors: string[];
};
export type IndexStatus = {
  message: string;
  embedding_mode: string;
  model_name: string;
  remote_model: string | null;
  indexed_vectors: number;
  pending_memories: number;
  last_error: string | null;
  backfill: { in_progress: boolean; queued: number; embedded: number } | null;
};
export type StorageInfo = { search_index_bytes: number; total_bytes: number; backend: 'sqlite' | 'postgres' };
/** POST /data/export with async: a job to poll; GET /data/export/status/:id: the job. */
export type ExportJob = Pick<Job, 'job_id'> & Partial<Pick<Job, 'status' | 'error' | 'progress'>> & { result?: { export_path?: string } | null };
/** GET /sync/status and POST /sync: sync with the person's other devices. */
export type SyncStatus = Answer<typeof syncDocs.status>;
export type SyncRound = Answer<typeof syncDocs.round>;
