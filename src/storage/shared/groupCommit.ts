import type { ControlledTransaction, Kysely } from 'kysely';
import type { Repos } from '../ports.ts';
import type { Database } from './schema.ts';
import { buildRepos } from './repos.ts';

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
 * Group commit: the units of work handed in during one event-loop turn run in one transaction, each in its own
 * savepoint (one that throws is rolled back alone and rejects alone), and all are settled after the one COMMIT. The
 * gain is the commit itself (one write-ahead-log write and sync for many requests); units arriving while a group runs
 * form the next group. Portable Kysely (savepoints exist in SQLite and PostgreSQL alike). A unit that fails with a
 * `retryable` error (PostgreSQL: it lost a race to another process) is queued again for a later group, alone.
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
   * Any statement of the group may fail because the connection did (the server went away): at BEGIN, a savepoint, a
   * rollback to one or the COMMIT. Then nothing of the group was committed and every unit rejects with that error
   * (a 503 for a lost connection); nothing escapes unhandled.
   */
  async function runGroup(group: Pending[]) {
    let trx: ControlledTransaction<Database> | undefined;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      trx = await db.startTransaction().execute();
      for (const unit of group) {
        const savepoint = await trx.savepoint('request').execute();
        try {
          const value = await unit.work(buildRepos(savepoint));
          await savepoint.releaseSavepoint('request').execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          await savepoint.rollbackToSavepoint('request').execute();
          await savepoint.releaseSavepoint('request').execute();
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
        await runGroup(group);
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
