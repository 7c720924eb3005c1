import { type Kysely, sql } from 'kysely';

/** Space profiles and server settings (SQLite 024 is the same). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE spaces (
    id text PRIMARY KEY, key text, name text NOT NULL, aliases text NOT NULL DEFAULT '[]', description text, icon text,
    instructions text, shared_space_ids text NOT NULL DEFAULT '[]', default_retrieval_mode text NOT NULL DEFAULT 'strict',
    created_at text NOT NULL, updated_at text NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX spaces_by_key ON spaces (key) WHERE key IS NOT NULL`.execute(db);
  await sql`CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL, updated_at text NOT NULL)`.execute(db);
}
