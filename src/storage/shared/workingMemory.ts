import type { Kysely } from 'kysely';
import type { WorkingMemoryRepo } from '../ports.ts';
import type { Database } from './schema.ts';

export function workingMemoryRepo(db: Kysely<Database>): WorkingMemoryRepo {
  return {
    async get(spaceId, date) {
      return db.selectFrom('working_memory').selectAll().where('space_id', '=', spaceId).where('date', '=', date).executeTakeFirst();
    },

    async latest(spaceId, date) {
      return db
        .selectFrom('working_memory')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('date', '<=', date)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async upsert(record) {
      await db
        .insertInto('working_memory')
        .values(record)
        .onConflict(oc => oc.columns(['space_id', 'date']).doUpdateSet({ content: record.content, updated_at: record.updated_at }))
        .execute();
    },

    async history(spaceId, limit) {
      const query = db.selectFrom('working_memory').where('space_id', '=', spaceId);
      const [rows, count] = await Promise.all([
        query.select(eb => ['date', 'updated_at', eb.fn<number>('length', ['content']).as('chars')]).orderBy('date', 'desc').limit(limit).execute(),
        query.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(r => ({ date: r.date, updated_at: r.updated_at, chars: Number(r.chars) })), total: Number(count.total) };
    },
  };
}
