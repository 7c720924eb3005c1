import type { Kysely, Selectable } from 'kysely';
import type { JobRecord, JobRepo, JobStatus } from '../ports.ts';
import type { Database } from './schema.ts';
import type { JobsTable } from './schema.portability.ts';

const toRecord = (row: Selectable<JobsTable>): JobRecord => ({
  ...row,
  status: row.status as JobStatus,
  params: JSON.parse(row.params) as Record<string, unknown>,
  result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
});

export function jobRepo(db: Kysely<Database>): JobRepo {
  return {
    async insert(job) {
      await db
        .insertInto('jobs')
        .values({ ...job, params: JSON.stringify(job.params), result: job.result === null ? null : JSON.stringify(job.result) })
        .execute();
    },

    async update(id, { params, result, ...rest }) {
      const set = {
        ...rest,
        ...(params === undefined ? {} : { params: JSON.stringify(params) }),
        ...(result === undefined ? {} : { result: result === null ? null : JSON.stringify(result) }),
      };
      await db.updateTable('jobs').set(set).where('id', '=', id).execute();
    },

    async getById(id) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async failUnfinished(error, at) {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'failed', error, completed_at: at })
        .where('status', 'in', ['queued', 'running'])
        .where(eb => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async latest(kind) {
      const row = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row && toRecord(row);
    },

    async list(kinds, limit, status) {
      let query = db.selectFrom('jobs').where('kind', 'in', kinds);
      if (status !== undefined) query = query.where('status', '=', status);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
        query.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRecord), total: Number(count.n) };
    },
  };
}
