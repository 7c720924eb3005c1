import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_initial.ts';
import * as m002 from './002_process_coordination.ts';
import * as m003 from './003_applied_graph.ts';
import * as m004 from './004_spaces.ts';
import * as m005 from './005_posting_order.ts';
import * as m006 from './006_sources.ts';
import * as m008 from './008_sync_log.ts';
import * as m007 from './007_thread_imports.ts';
import * as m009 from './009_document_length.ts';
import * as m010 from './010_document_scope.ts';

/** PostgreSQL's own numbered, append-only migrations: add a file and a line, never edit a released one. */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_process_coordination': m002,
  '003_applied_graph': m003,
  '004_spaces': m004,
  '005_posting_order': m005,
  '006_sources': m006,
  '008_sync_log': m008,
  '007_thread_imports': m007,
  '009_document_length': m009,
  '010_document_scope': m010,
};

export const postgresMigrations: MigrationProvider = { getMigrations: async () => migrations };
