import type { Kysely } from 'kysely';
import { VALUE_ENTITY_TYPES } from '../../domain/entity.ts';
import type { CommunityGraphRepo, DetectionRun } from '../ports.ts';
import type { Database } from './schema.ts';

const RUN_ID = 1;
/** Entities per page when the graph is read whole: within every backend's limit of bound parameters. */
const ENTITY_PAGE = 500;

export function communityGraphRepo(db: Kysely<Database>): CommunityGraphRepo {
  // Forgotten memories are few: their ids are listed once rather than joined to every row.
  const forgottenIds = db.selectFrom('memories').select('id').where('lifecycle_state', '=', 'forgotten');
  // Values (dates, amounts, links) are not clustered into topics: relations touching one are left out.
  const valueIds = db.selectFrom('entities').select('id').where('entity_type', 'in', [...VALUE_ENTITY_TYPES]);

  /** Runs `work` over every entity id, in id order, a page at a time. */
  async function eachEntityPage(work: (part: string[]) => Promise<void>) {
    for (let after: string | null = null; ; ) {
      let query = db.selectFrom('entities').select('id').orderBy('id').limit(ENTITY_PAGE);
      if (after !== null) query = query.where('id', '>', after);
      const part = (await query.execute()).map(r => r.id);
      if (part.length === 0) return;
      await work(part);
      after = part[part.length - 1];
    }
  }
  return {
    async eachRelationWeight(visit) {
      await eachEntityPage(async part => {
        const rows = await db
          .selectFrom('entity_relations')
          .select(eb => ['source_entity_id', 'target_entity_id', eb.fn.sum<number>('weight').as('weight')])
          .where('source_entity_id', 'in', part)
          .where('source_entity_id', 'not in', valueIds)
          .where('target_entity_id', 'not in', valueIds)
          .where(eb => eb.or([eb('memory_id', 'is', null), eb('memory_id', 'not in', forgottenIds)]))
          .groupBy(['source_entity_id', 'target_entity_id'])
          .orderBy('source_entity_id')
          .orderBy('target_entity_id')
          .execute();
        visit(rows.map(r => ({ ...r, weight: Number(r.weight) })));
      });
    },

    async eachLiveMention(visit) {
      await eachEntityPage(async part => {
        visit(
          await db
            .selectFrom('mentions')
            .select(['entity_id', 'memory_id', 'occurrences'])
            .where('entity_id', 'in', part)
            .where('memory_id', 'not in', forgottenIds)
            .orderBy('entity_id')
            .orderBy('memory_id')
            .execute(),
        );
      });
    },

    async fingerprint() {
      const [entities, relations, mentions, memories] = await Promise.all([
        db.selectFrom('entities').select(eb => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')]).executeTakeFirstOrThrow(),
        db.selectFrom('entity_relations').select(eb => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('at')]).executeTakeFirstOrThrow(),
        db.selectFrom('mentions').select(eb => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('at')]).executeTakeFirstOrThrow(),
        db
          .selectFrom('memories')
          .select(eb => [eb.fn.countAll<number>().as('n'), eb.fn.max('state_changed_at').as('at')])
          .where('lifecycle_state', '=', 'forgotten')
          .executeTakeFirstOrThrow(),
      ]);
      return [entities, relations, mentions, memories].map(r => `${Number(r.n)}@${r.at ?? ''}`).join('|');
    },

    async lastRun() {
      const row = await db.selectFrom('community_runs').selectAll().where('id', '=', RUN_ID).executeTakeFirst();
      if (!row) return undefined;
      const { id: _id, ...run } = row;
      return run satisfies DetectionRun;
    },

    async recordRun(run) {
      await db.deleteFrom('community_runs').where('id', '=', RUN_ID).execute();
      await db.insertInto('community_runs').values({ id: RUN_ID, ...run }).execute();
    },

    async memoryCounts(communityIds) {
      if (communityIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('community_members')
        .innerJoin('mentions', 'mentions.entity_id', 'community_members.entity_id')
        .innerJoin('memories', 'memories.id', 'mentions.memory_id')
        .select(eb => ['community_members.community_id', eb.fn.count<number>('mentions.memory_id').distinct().as('n')])
        .where('community_members.community_id', 'in', communityIds)
        .where('memories.lifecycle_state', '!=', 'forgotten')
        .groupBy('community_members.community_id')
        .execute();
      return new Map(rows.map(r => [r.community_id, Number(r.n)]));
    },

    async topMemories(communityId, limit, options = {}) {
      let query = db
        .selectFrom('community_members')
        .innerJoin('mentions', 'mentions.entity_id', 'community_members.entity_id')
        .innerJoin('memories', 'memories.id', 'mentions.memory_id')
        .select(eb => ['memories.id as memory_id', eb.fn.countAll<number>().as('entities'), eb.fn.sum<number>('mentions.occurrences').as('occurrences')])
        .where('community_members.community_id', '=', communityId)
        .where('memories.lifecycle_state', '!=', 'forgotten');
      if (options.excludeCrystals) query = query.where('memories.is_crystal', '=', 0);
      const rows = await query
        .groupBy(['memories.id', 'memories.created_at'])
        .orderBy('entities', 'desc')
        .orderBy('occurrences', 'desc')
        .orderBy('memories.created_at', 'desc')
        .orderBy('memories.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(r => ({ memory_id: r.memory_id, entities: Number(r.entities), occurrences: Number(r.occurrences) }));
    },
  } satisfies CommunityGraphRepo;
}
