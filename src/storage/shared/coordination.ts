import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { LeaseRepo, LockRepo } from '../ports.ts';
import type { Database } from './schema.ts';

/**
 * Whether this connection speaks PostgreSQL: the one dialect hook of the shared repositories, for the few statements
 * SQLite has no form of (row locks, advisory locks) and does not need (it has one writer at a time).
 */
export const onPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** PostgreSQL text holds no NUL character (a thread id may): the lock name only needs to be stable. */
const withoutNul = (name: string) => name.replaceAll('\u0000', '\uFFFD');

/** Named locks: PostgreSQL transaction-scoped advisory locks on a hash of each name; nothing on SQLite. */
export function lockRepo(db: Kysely<Database>): LockRepo {
  return {
    async hold(names) {
      if (names.length === 0 || !onPostgres(db)) return;
      // One round trip, taken in the order of their hashes (the same order in every transaction: no lock cycles).
      await sql`select pg_advisory_xact_lock(h) from (
        select distinct hashtextextended(name, 0) as h from unnest(${[...new Set(names.map(withoutNul))]}::text[]) as name order by h offset 0
      ) as ordered`.execute(db);
    },
  };
}

/** Leases over the leases table: one upsert that takes a free or expired lease, or extends the holder's own. */
export function leaseRepo(db: Kysely<Database>): LeaseRepo {
  return {
    async tryAcquire(name, holder, now, until) {
      const row = await db
        .insertInto('leases')
        .values({ name, holder, lease_until: until })
        .onConflict(oc =>
          oc
            .column('name')
            .doUpdateSet({ holder, lease_until: until })
            .where(eb => eb.or([eb('leases.lease_until', '<', now), eb('leases.holder', '=', holder)])),
        )
        .returning('holder')
        .executeTakeFirst();
      return row !== undefined;
    },

    async release(name, holder) {
      await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
    },

    async holderOf(name, now) {
      const row = await db.selectFrom('leases').select('holder').where('name', '=', name).where('lease_until', '>=', now).executeTakeFirst();
      return row?.holder ?? null;
    },
  };
}
