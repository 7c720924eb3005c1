import type { Kysely } from 'kysely';

/**
 * What each idempotency key last answered: a fingerprint of the request beside its acknowledgement, so only a true
 * replay (the same request again) gets the stored acknowledgement back; a changed request under the same key is
 * appended, its messages deduplicated by the external ids the key derives. Rows from before have no fingerprint and
 * are never replayed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('thread_append_keys').addColumn('request_hash', 'text').execute();
}
