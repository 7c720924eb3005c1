import { type Kysely, sql } from 'kysely';
import { byteOrdered } from './001_initial.ts';

/**
 * Several processes, one database (SQLite 022 is the same): named leases for singleton work, claims on the embedding
 * queue, and an owner with a lease on each background job, so a starting process fails only jobs nobody runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(byteOrdered(`CREATE TABLE leases (name text PRIMARY KEY, holder text NOT NULL, lease_until text NOT NULL)`)).execute(db);
  await sql
    .raw(
      byteOrdered(
        `CREATE TABLE embedding_claims (memory_id text PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE, claimed_by text NOT NULL, lease_until text NOT NULL)`,
      ),
    )
    .execute(db);
  await sql.raw(byteOrdered(`ALTER TABLE jobs ADD COLUMN owner text, ADD COLUMN lease_until text`)).execute(db);
}
