import { type Kysely, sql } from 'kysely';

/**
 * Bringing chat histories in (SQLite 027 is the same):
 * - `thread_trash`: threads deleted in bulk, each a JSON snapshot of the thread and its messages, restorable until
 *   `expires_at` (CAIRN_TRASH_DAYS);
 * - `thread_import_runs`: one row per completed history sync (`POST /threads/history-sync/completed`), the timeline's card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE thread_trash (
    thread_pk text PRIMARY KEY, thread_id text NOT NULL, space_id text NOT NULL, title text NOT NULL,
    message_count integer NOT NULL, deleted_at text NOT NULL, expires_at text NOT NULL, snapshot text NOT NULL)`.execute(db);
  await sql`CREATE INDEX thread_trash_by_space_time ON thread_trash (space_id, deleted_at, thread_pk)`.execute(db);
  await sql`CREATE TABLE thread_import_runs (
    id text PRIMARY KEY, space_id text NOT NULL, client text NOT NULL, counts text NOT NULL, created_at text NOT NULL)`.execute(db);
  await sql`CREATE INDEX thread_import_runs_by_time ON thread_import_runs (created_at, id)`.execute(db);
}
