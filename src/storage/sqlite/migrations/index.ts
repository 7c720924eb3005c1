import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_initial.ts';
import * as m002 from './002_label_merges.ts';
import * as m003 from './003_search.ts';
import * as m004graph from './004_graph.ts';
import * as m005 from './005_memory_relations.ts';
import * as m006threads from './006_threads.ts';
import * as m007trash from './007_trash.ts';
import * as m008 from './008_title_derived.ts';
import * as m009appendKeys from './009_append_key_requests.ts';
import * as m010activity from './010_activity.ts';
import * as m012library from './012_library.ts';
import * as m013communities from './013_communities_extra.ts';
import * as m016jobs from './016_jobs.ts';
import * as m017agentProfiles from './017_agent_profiles.ts';
import * as m018backgroundQueue from './018_background_queue.ts';
import * as m019queueClaimOrder from './019_queue_claim_order.ts';
import * as m020searchVocabulary from './020_search_vocabulary.ts';
import * as m021vectorChanges from './021_vector_changes.ts';
import * as m022processCoordination from './022_process_coordination.ts';
import * as m023appliedGraph from './023_applied_graph.ts';
import * as m024spaces from './024_spaces.ts';
import * as m025postingOrder from './025_posting_order.ts';
import * as m026sources from './026_sources.ts';
import * as m028syncLog from './028_sync_log.ts';
import * as m027threadImports from './027_thread_imports.ts';
import * as m029searchFlags from './029_search_flags.ts';

/**
 * Numbered, append-only: add a file and a line, never edit a released one. 011, 014 and 015 were never used and stay
 * unused (Kysely refuses a migration that sorts before one already applied): new migrations take 021 and up.
 */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_label_merges': m002,
  '003_search': m003,
  '004_graph': m004graph,
  '005_memory_relations': m005,
  '006_threads': m006threads,
  '007_trash': m007trash,
  '008_title_derived': m008,
  '009_append_key_requests': m009appendKeys,
  '010_activity': m010activity,
  '012_library': m012library,
  '013_communities_extra': m013communities,
  '016_jobs': m016jobs,
  '017_agent_profiles': m017agentProfiles,
  '018_background_queue': m018backgroundQueue,
  '019_queue_claim_order': m019queueClaimOrder,
  '020_search_vocabulary': m020searchVocabulary,
  '021_vector_changes': m021vectorChanges,
  '022_process_coordination': m022processCoordination,
  '023_applied_graph': m023appliedGraph,
  '024_spaces': m024spaces,
  '025_posting_order': m025postingOrder,
  '026_sources': m026sources,
  '028_sync_log': m028syncLog,
  '027_thread_imports': m027threadImports,
  '029_search_flags': m029searchFlags,
};

export const sqliteMigrations: MigrationProvider = {
  getMigrations: async () => migrations,
};
