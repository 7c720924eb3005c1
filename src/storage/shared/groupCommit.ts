import type { Kysely } from 'kysely';
import type { Repos } from '../ports.ts';
import type { Database } from './schema.ts';
import { buildRepos } from './repos.ts';

interface Pending {
  work: (tx: Repos) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the units of work handed in during one event-loop turn run in one transaction, each in its own
 * savepoint (one that throws is rolled back alone and rejects alone), and all are settled after the one COMMIT. The
 * gain is the commit itself (one write-ahead-log write and sync for many requests); units arriving while a group runs
 * form the next group. Portable Kysely (savepoints exist in SQLite and PostgreSQL alike).
 */
export interface GroupCommitOptions {
  /** PostgreSQL runs its transactions SERIALIZABLE (SQLite's single writer is serializable already). */
  isolation?: 'serializable';
  /** Runs a transaction again when the backend aborted it to keep its isolation; a unit's own error fails it alone. */
  retry?: <T>(run: () => Promise<T>) => Promise<T>;
  isRetryable?: (error: unknown) => boolean;
}

export function createGroupCommit(db: Kysely<Database>, { isolation, retry = run => run(), isRetryable = () => false }: GroupCommitOptions = {}) {
  let queue: Pending[] = [];
  let scheduled = false;
  let running = false;

  function schedule() {
    if (scheduled || running || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  /** One attempt at the group: every unit's outcome, or a throw when the transaction as a whole failed. */
  async function attemptGroup(group: Pending[]) {
    const begin = db.startTransaction();
    const trx = await (isolation ? begin.setIsolationLevel(isolation) : begin).execute();
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      for (const unit of group) {
        const savepoint = await trx.savepoint('request').execute();
        try {
          const value = await unit.work(buildRepos(savepoint));
          await savepoint.releaseSavepoint('request').execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          // The backend gave up on the whole transaction's isolation, not on this unit: the group runs again.
          if (isRetryable(error)) throw error;
          await savepoint.rollbackToSavepoint('request').execute();
          await savepoint.releaseSavepoint('request').execute();
          outcomes.push({ ok: false, value: error });
        }
      }
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      await trx.rollback().execute().catch(() => {});
      throw error;
    }
  }

  async function runGroup(group: Pending[]) {
    let outcomes: { ok: boolean; value: unknown }[];
    try {
      outcomes = await retry(() => attemptGroup(group));
    } catch (error) {
      for (const unit of group) unit.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => (outcome.ok ? group[i]!.resolve(outcome.value) : group[i]!.reject(outcome.value)));
  }

  async function flush() {
    running = true;
    const group = queue;
    queue = [];
    try {
      if (group.length === 1) {
        const [unit] = group;
        const begin = db.transaction();
        await retry(() => (isolation ? begin.setIsolationLevel(isolation) : begin).execute(trx => unit!.work(buildRepos(trx)))).then(unit!.resolve, unit!.reject);
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
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };
}
