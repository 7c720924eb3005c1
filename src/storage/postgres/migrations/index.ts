import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_initial.ts';

/** PostgreSQL's own numbered, append-only migrations: add a file and a line, never edit a released one. */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
};

export const postgresMigrations: MigrationProvider = { getMigrations: async () => migrations };
