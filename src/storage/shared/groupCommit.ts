import { CompiledQuery, type ControlledTransaction, type Kysely } from 'kysely';
import type { Repos } from '../ports.ts';
import type { Database } from './schema.ts';
import { buildRepos } from './repos.ts';

const SAVEPOINT = CompiledQuery.raw('SAVEPOINT request');
const RELEASE = CompiledQuery.raw('RELEASE SAVEPOINT request');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO SAVEPOINT request');

interface Pending {
  work: (tx: Repos) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  attempts: number;
}

export interface GroupCommitOptions {
  /** Errors after which a unit runs again, in a later group (a race lost to another process); none by default. */
  retryable?: (error: unknown) => boolean;
  /** How many times a unit runs at most. */
  attempts?: number;
  /** How long to wait before running a unit again after its `attempt`th failure. */
  delayMs?: (attempt: number) => number;
}

/**
 * Group commit: the units of work handed in during one event-loop turn run in one transaction, and all are settled
 * after the one COMMIT. The gain is the commit itself (one write-ahead-log write and sync for many requests); units
 * arriving while a group runs form the next group. Portable Kysely (SQLite and PostgreSQL alike).
 *
 * Optimistic: a group first runs without savepoints, since a savepoint per unit costs about a third of a create's
 * database time (SQLite's full-text index writes its pending terms out at every savepoint, a segment per memory).
 * Should any unit throw, the whole transaction is rolled back and the group runs again with a savepoint per unit, so
 * one that throws is rolled back alone and rejects alone. A unit may therefore run more than once: its effects must
 * stay inside the transaction (as they must already, for the retries below).
 * A unit that fails with a `retryable` error (PostgreSQL: it lost a race to another process) is queued again for a
 * later group, alone.
 */
export function createGroupCommit(db: Kysely<Database>, options: GroupCommitOptions = {}) {
  let queue: Pending[] = [];
  let scheduled = false;
  let running = false;

  function schedule() {
    if (scheduled || running || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const group = queue;
      queue = [];
      // flush settles every unit itself; this catch is for a bug there, which must not take the process down.
      flush(group).catch(error => {
        for (const unit of group) unit.reject(error);
      });
    });
  }

  function fail(unit: Pending, error: unknown) {
    if (!options.retryable?.(error) || unit.attempts >= (options.attempts ?? 1)) return unit.reject(error);
    setTimeout(() => {
      queue.push({ ...unit, attempts: unit.attempts + 1 });
      schedule();
    }, options.delayMs?.(unit.attempts) ?? 0);
  }

  /**
   * Runs the whole group in one transaction without savepoints. True when it committed (every unit resolved); false
   * when a unit threw, after rolling everything back: the caller runs the group again, each unit in a savepoint.
   */
  async function runOptimistic(group: Pending[]): Promise<boolean> {
    let trx: ControlledTransaction<Database> | undefined;
    const values: unknown[] = [];
    try {
      trx = await db.startTransaction().execute();
      const repos = buildRepos(trx);
      for (const unit of group) {
        try {
          values.push(await unit.work(repos));
        } catch {
          await trx.rollback().execute();
          return false;
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // BEGIN, COMMIT or the rollback failed (the connection went away): nothing of the group was committed.
      await trx?.rollback().execute().catch(() => {});
      for (const unit of group) fail(unit, error);
      return true;
    }
    values.forEach((value, i) => group[i]!.resolve(value));
    return true;
  }

  /**
   * Any statement of the group may fail because the connection did (the server went away): at BEGIN, a savepoint, a
   * rollback to one or the COMMIT. Then nothing of the group was committed and every unit rejects with that error
   * (a 503 for a lost connection); nothing escapes unhandled.
   */
  async function runWithSavepoints(group: Pending[]) {
    let trx: ControlledTransaction<Database> | undefined;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      trx = await db.startTransaction().execute();
      // One set of repositories for the group: the units run one after another on the transaction's connection, and a
      // savepoint is a plain statement on it (Kysely's savepoint() would build a new transaction object per unit).
      const repos = buildRepos(trx);
      for (const unit of group) {
        await trx.executeQuery(SAVEPOINT);
        try {
          const value = await unit.work(repos);
          await trx.executeQuery(RELEASE);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await trx.executeQuery(ROLLBACK_TO);
          await trx.executeQuery(RELEASE);
          outcomes.push({ ok: false, value: error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx?.rollback().execute().catch(() => {});
      for (const unit of group) fail(unit, error);
      return;
    }
    outcomes.forEach((outcome, i) => (outcome.ok ? group[i]!.resolve(outcome.value) : fail(group[i]!, outcome.value)));
  }

  async function flush(group: Pending[]) {
    running = true;
    try {
      if (group.length === 1) {
        const [unit] = group;
        await db.transaction().execute(trx => unit!.work(buildRepos(trx))).then(unit!.resolve, error => fail(unit!, error));
      } else {
        if (!(await runOptimistic(group))) await runWithSavepoints(group);
      }
    } finally {
      running = false;
      schedule();
    }
  }

  return function groupTransaction<T>(work: (tx: Repos) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject, attempts: 1 });
      schedule();
    });
  };
}
