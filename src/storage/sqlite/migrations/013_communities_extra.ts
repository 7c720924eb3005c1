import type { Kysely } from 'kysely';

/**
 * The record of the last community detection: the graph digest it read (so a restart knows whether the graph
 * changed since) and the highest id ever given (so a vanished community's id is never given to another topic).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('community_runs')
    .addColumn('id', 'integer', c => c.primaryKey())
    .addColumn('detected_at', 'text', c => c.notNull())
    .addColumn('fingerprint', 'text', c => c.notNull())
    .addColumn('took_ms', 'integer', c => c.notNull())
    .addColumn('communities', 'integer', c => c.notNull())
    .addColumn('entities', 'integer', c => c.notNull())
    .addColumn('max_id', 'integer', c => c.notNull())
    .execute();
}
