import { type Kysely, type Selectable } from 'kysely';
import type { CommunityRecord, CommunityRepo, SummarySource } from '../ports.ts';
import type { Database } from './schema.ts';
import type { CommunitiesTable } from './schema.library.ts';
import { chunked } from './chunks.ts';

const toCommunity = (row: Selectable<CommunitiesTable>): CommunityRecord => ({ ...row, summary_source: row.summary_source as SummarySource });

export function communityRepo(db: Kysely<Database>): CommunityRepo {
  return {
    async replaceAll(communities, members) {
      await db.deleteFrom('community_members').execute();
      await db.deleteFrom('communities').execute();
      for (let i = 0; i < communities.length; i += 200) await db.insertInto('communities').values(communities.slice(i, i + 200)).execute();
      for (let i = 0; i < members.length; i += 200) await db.insertInto('community_members').values(members.slice(i, i + 200)).execute();
    },

    async list(limit, offset) {
      const [rows, count] = await Promise.all([
        db.selectFrom('communities').selectAll().orderBy('entity_count', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
        db.selectFrom('communities').select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toCommunity), total: Number(count.total) };
    },

    async get(id) {
      const row = await db.selectFrom('communities').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toCommunity(row);
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('communities').selectAll().where('id', 'in', ids).orderBy('id').execute();
      return rows.map(toCommunity);
    },

    members(communityId, limit) {
      return db.selectFrom('community_members').selectAll().where('community_id', '=', communityId).orderBy('rank').limit(limit).execute();
    },

    allMembers() {
      return db.selectFrom('community_members').selectAll().orderBy('community_id').orderBy('rank').execute();
    },

    async communityOf(entityIds) {
      const rows = await chunked(entityIds, part =>
        db.selectFrom('community_members').select(['entity_id', 'community_id']).where('entity_id', 'in', part).execute(),
      );
      return new Map(rows.map(r => [r.entity_id, r.community_id]));
    },

    async setSummary(id, summary, source, at) {
      await db.updateTable('communities').set({ summary, summary_source: source, updated_at: at }).where('id', '=', id).execute();
    },
  } satisfies CommunityRepo;
}

