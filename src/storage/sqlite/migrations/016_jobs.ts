import type { Kysely } from 'kysely';

/**
 * Background jobs (data export and import): one row per job with its state (`queued → running → completed | failed`),
 * progress 0..1, parameters, result and error as JSON text. Jobs a crash left unfinished are failed on start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', c => c.primaryKey())
    .addColumn('kind', 'text', c => c.notNull())
    .addColumn('status', 'text', c => c.notNull())
    .addColumn('progress', 'real', c => c.notNull())
    .addColumn('params', 'text', c => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', c => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_by_status').on('jobs').column('status').execute();
}
