import { type Kysely, sql } from 'kysely';

/**
 * Several processes, one store (PostgreSQL 002 is the same): named leases for singleton work, claims on the embedding
 * queue, and an owner with a lease on each background job, so a starting process fails only jobs nobody runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE TABLE leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, lease_until TEXT NOT NULL)`).execute(db);
  await sql
    .raw(
      `CREATE TABLE embedding_claims (memory_id TEXT PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE, claimed_by TEXT NOT NULL, lease_until TEXT NOT NULL)`,
    )
    .execute(db);
  await sql.raw(`ALTER TABLE jobs ADD COLUMN owner TEXT`).execute(db);
  await sql.raw(`ALTER TABLE jobs ADD COLUMN lease_until TEXT`).execute(db);
}
