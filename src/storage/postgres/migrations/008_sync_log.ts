import { type Kysely, sql } from 'kysely';

/**
 * The sync change log's tables, as SQLite 028 makes them (docs/sync.md). PostgreSQL records no changes yet (SQLite
 * records them with triggers); the tables are here so both backends hold the schema of shared/schema.sync.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE sync_state (
    id integer PRIMARY KEY CHECK (id = 1), device_id text NOT NULL, hlc_ms bigint NOT NULL, hlc_counter integer NOT NULL,
    seq integer NOT NULL, applying integer NOT NULL, enabled integer NOT NULL)`.execute(db);
  await sql`INSERT INTO sync_state VALUES (1, md5(random()::text || clock_timestamp()::text), 0, 0, 0, 0, 0)`.execute(db);
  await sql`CREATE TABLE sync_log (
    device text NOT NULL, seq integer NOT NULL, hlc text NOT NULL, entity text NOT NULL, key text NOT NULL, op text NOT NULL,
    fields text, base text, PRIMARY KEY (device, seq))`.execute(db);
  await sql`CREATE INDEX sync_log_record ON sync_log (entity, key)`.execute(db);
  await sql`CREATE TABLE sync_applied (device text PRIMARY KEY, through integer NOT NULL)`.execute(db);
  await sql`CREATE TABLE sync_received (device text NOT NULL, seq integer NOT NULL, PRIMARY KEY (device, seq))`.execute(db);
  await sql`CREATE TABLE sync_clock (entity text NOT NULL, key text NOT NULL, fields text NOT NULL, PRIMARY KEY (entity, key))`.execute(db);
  await sql`CREATE TABLE sync_label_alias (from_id text PRIMARY KEY, to_id text NOT NULL)`.execute(db);
}
