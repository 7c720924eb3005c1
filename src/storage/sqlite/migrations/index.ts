import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_initial.ts';
import * as m002 from './002_label_merges.ts';
import * as m003 from './003_search.ts';

/** Numbered, append-only: add a file and a line, never edit a released one. */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_label_merges': m002,
  '003_search': m003,
};

export const sqliteMigrations: MigrationProvider = {
  getMigrations: async () => migrations,
};
