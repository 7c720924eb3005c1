import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ClaimedVersion, ExtractionQueueRepo, QueuedExtraction } from '../ports.ts';
import type { Database, ExtractionQueueTable } from './schema.ts';
import { compiledOnce, insertValues } from './compiled.ts';
import { onPostgres } from './coordination.ts';
import type { Selectable } from 'kysely';

const toQueued = (row: Selectable<ExtractionQueueTable>): QueuedExtraction => ({
  memory_id: row.memory_id,
  content_version: row.content_version,
  level: row.level,
  attempts: row.attempts,
  last_error: row.last_error,
  queued_at: row.queued_at,
  graph_done: row.graph_done === 1,
  evolves: row.evolves === 1,
  auto_label: row.auto_label === 1,
});

/** The columns a created memory's queue row is written with (the others keep their defaults). */
const NEW_ITEM_COLUMNS = ['memory_id', 'content_version', 'level', 'queued_at', 'evolves', 'auto_label'] as const;

/** The background queue of memory writes, portable Kysely: claims are one UPDATE … WHERE over the rows nobody holds. */
/** Requests per statement of markGraphDone and completeClaimed (each count is a compiled variant of its own). */
const REQUESTS_PER_STATEMENT = 64;
/** The rows of `requests` (memory id, then content version, in pairs from p(1)) still claimed by p(0); `olderToo`: or for an older version. */
function claimedRows(eb: ExpressionBuilder<Database, 'extraction_queue'>, p: (i: number) => never, requests: number, olderToo: boolean) {
  const rows = Array.from({ length: requests }, (_, i) => eb.and([eb('memory_id', '=', p(1 + 2 * i)), eb('content_version', olderToo ? '<=' : '=', p(2 + 2 * i))]));
  return eb.and([eb('claimed_by', '=', p(0)), eb.or(rows)]);
}
// The statements the background queue runs for each batch and memory, compiled once (compiled.ts).
/** Variant: the number of requests. */
const markGraphDoneQuery = compiledOnce((db, p, requests) =>
  db.updateTable('extraction_queue').set({ graph_done: 1 }).where(eb => claimedRows(eb, p, requests, false)).returning('memory_id'),
);
/** Variant: the number of requests. */
const completeClaimedQuery = compiledOnce((db, p, requests) => db.deleteFrom('extraction_queue').where(eb => claimedRows(eb, p, requests, true)).returning('memory_id'));

/** Runs a statement over the requests claimed by `worker`, at most REQUESTS_PER_STATEMENT a statement; the memory ids it returned. */
async function forClaimed(db: Kysely<Database>, requests: ClaimedVersion[], worker: string, query: typeof markGraphDoneQuery): Promise<Set<string>> {
  const done = new Set<string>();
  for (let i = 0; i < requests.length; i += REQUESTS_PER_STATEMENT) {
    const part = requests.slice(i, i + REQUESTS_PER_STATEMENT);
    const { rows } = await query<{ memory_id: string }>(db, [worker, ...part.flatMap(r => [r.memory_id, r.content_version])], part.length);
    for (const row of rows) done.add(row.memory_id);
  }
  return done;
}
/** Variant 1: only while `worker` holds the claim. */
const completeQuery = compiledOnce((db, p, byWorker) => {
  const query = db.deleteFrom('extraction_queue').where('memory_id', '=', p(0)).where('content_version', '<=', p(1));
  return byWorker ? query.where('claimed_by', '=', p(2)) : query;
});

export function extractionQueueRepo(db: Kysely<Database>): ExtractionQueueRepo {
  return {
    async enqueue(item) {
      const evolves = item.evolves ? 1 : 0;
      await db
        .insertInto('extraction_queue')
        .values({ ...item, evolves, attempts: 0, last_error: null, graph_done: 0, claimed_by: null, lease_until: null })
        .onConflict(oc =>
          oc.column('memory_id').doUpdateSet(eb => ({
            content_version: item.content_version,
            level: item.level,
            attempts: 0,
            last_error: null,
            queued_at: item.queued_at,
            graph_done: 0,
            // A memory created and changed before it was processed still wants its EVOLVES detection.
            evolves: eb.case().when('excluded.evolves', '=', 1).then(1).else(eb.ref('extraction_queue.evolves')).end(),
            claimed_by: null,
            lease_until: null,
          })),
        )
        .execute();
    },

    async enqueueNew(item) {
      const values = [item.memory_id, item.content_version, item.level, item.queued_at, item.evolves ? 1 : 0, item.auto_label ? 1 : 0];
      await insertValues(db, 'extraction_queue', NEW_ITEM_COLUMNS, values);
    },

    async claim({ worker, limit, max_attempts, now, lease_until }) {
      // PostgreSQL selects the ids `FOR UPDATE SKIP LOCKED`: under READ COMMITTED two claimers' subqueries would
      // otherwise pick the same rows, and the second UPDATE, once the first commits, would take them over. SQLite has
      // one writer, so the UPDATE is atomic as is.
      const locking = onPostgres(db);
      const rows = await db
        .updateTable('extraction_queue')
        .set({ claimed_by: worker, lease_until })
        .where('memory_id', 'in', eb => {
          const free = eb
            .selectFrom('extraction_queue')
            .select('memory_id')
            .where('attempts', '<', max_attempts)
            .where(w => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
            .orderBy('attempts')
            .orderBy('queued_at')
            .orderBy('memory_id')
            .limit(limit);
          return locking ? free.forUpdate().skipLocked() : free;
        })
        .returningAll()
        .execute();
      return rows.map(toQueued).sort((a, b) => a.attempts - b.attempts || a.queued_at.localeCompare(b.queued_at) || a.memory_id.localeCompare(b.memory_id));
    },

    markGraphDone(requests, worker) {
      return forClaimed(db, requests, worker, markGraphDoneQuery);
    },

    completeClaimed(requests, worker) {
      return forClaimed(db, requests, worker, completeClaimedQuery);
    },

    async complete(memoryId, contentVersion, worker) {
      const result = await completeQuery(db, [memoryId, contentVersion, worker], worker === undefined ? 0 : 1);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async get(memoryId) {
      const row = await db.selectFrom('extraction_queue').selectAll().where('memory_id', '=', memoryId).executeTakeFirst();
      return row && toQueued(row);
    },

    async forgoAutoLabel(memoryId) {
      const result = await db.updateTable('extraction_queue').set({ auto_label: 0 }).where('memory_id', '=', memoryId).where('auto_label', '=', 1).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async releaseClaims(worker) {
      const release = db.updateTable('extraction_queue').set({ claimed_by: null, lease_until: null });
      const result = await (worker === undefined ? release.where('claimed_by', 'is not', null) : release.where('claimed_by', '=', worker)).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async fail(memoryId, error) {
      await db
        .updateTable('extraction_queue')
        .set(eb => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500), claimed_by: null, lease_until: null }))
        .where('memory_id', '=', memoryId)
        .execute();
    },

    async count(maxAttempts) {
      return (await stats(maxAttempts)).pending;
    },

    stats,
  };

  async function stats(maxAttempts: number) {
    {
      const row = await db
        .selectFrom('extraction_queue')
        .select(eb => [
          eb.fn.sum<number>(eb.case().when('attempts', '<', maxAttempts).then(1).else(0).end()).as('pending'),
          eb.fn.sum<number>(eb.case().when('attempts', '>=', maxAttempts).then(1).else(0).end()).as('failed'),
          eb.fn.min<string>(eb.case().when('attempts', '<', maxAttempts).then(eb.ref('queued_at')).else(null).end()).as('oldest'),
        ])
        .executeTakeFirstOrThrow();
      return { pending: Number(row.pending ?? 0), failed: Number(row.failed ?? 0), oldest_queued_at: row.oldest ?? null };
    }
  }
}
