import type { Kysely, Selectable } from 'kysely';
import type { ThreadSnapshot, ThreadTrashRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import type { ThreadTrashTable } from './schema.threads.ts';
import { chunked } from './chunks.ts';

const entryColumns = ['thread_pk', 'thread_id', 'space_id', 'title', 'message_count', 'deleted_at', 'expires_at'] as const;

const withSnapshot = (row: Selectable<ThreadTrashTable>) => ({ ...row, snapshot: JSON.parse(row.snapshot) as ThreadSnapshot });

export function threadTrashRepo(db: Kysely<Database>): ThreadTrashRepo {
  return {
    async insert(items) {
      for (const item of items) {
        const row = { ...item, snapshot: JSON.stringify(item.snapshot) };
        await db
          .insertInto('thread_trash')
          .values(row)
          .onConflict(oc => oc.column('thread_pk').doUpdateSet({ ...row }))
          .execute();
      }
    },

    async list({ space_id, limit, offset }) {
      let query = db.selectFrom('thread_trash');
      if (space_id) query = query.where('space_id', '=', space_id);
      const [items, count] = await Promise.all([
        query.select(entryColumns).orderBy('deleted_at', 'desc').orderBy('thread_pk', 'desc').limit(limit).offset(offset).execute(),
        query.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.n) };
    },

    async byThreadIds(spaceId, threadIds) {
      const rows = await chunked(threadIds, ids =>
        db.selectFrom('thread_trash').selectAll().where('space_id', '=', spaceId).where('thread_id', 'in', ids).execute(),
      );
      return rows.sort((a, b) => (a.deleted_at < b.deleted_at ? 1 : a.deleted_at > b.deleted_at ? -1 : 0)).map(withSnapshot);
    },

    async remove(threadPks) {
      const counts = await chunked(threadPks, async ids => {
        const result = await db.deleteFrom('thread_trash').where('thread_pk', 'in', ids).executeTakeFirst();
        return [Number(result.numDeletedRows)];
      });
      return counts.reduce((sum, n) => sum + n, 0);
    },

    async purgeExpired(now) {
      const result = await db.deleteFrom('thread_trash').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
