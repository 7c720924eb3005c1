import type { Kysely } from 'kysely';
import type { CommunityGraphRepo, DetectionRun } from '../ports.ts';
import type { Database } from './schema.ts';

const RUN_ID = 1;

export function communityGraphRepo(db: Kysely<Database>): CommunityGraphRepo {
  return {
    async relationWeights() {
      const rows = await db
        .selectFrom('entity_relations')
        .leftJoin('memories', 'memories.id', 'entity_relations.memory_id')
        .select(eb => ['entity_relations.source_entity_id', 'entity_relations.target_entity_id', eb.fn.sum<number>('entity_relations.weight').as('weight')])
        .where(eb => eb.or([eb('entity_relations.memory_id', 'is', null), eb('memories.lifecycle_state', '!=', 'forgotten')]))
        .groupBy(['entity_relations.source_entity_id', 'entity_relations.target_entity_id'])
        .orderBy('entity_relations.source_entity_id')
        .orderBy('entity_relations.target_entity_id')
        .execute();
      return rows.map(r => ({ ...r, weight: Number(r.weight) }));
    },

    liveMentions() {
      return db
        .selectFrom('mentions')
        .innerJoin('memories', 'memories.id', 'mentions.memory_id')
        .select(['mentions.entity_id', 'mentions.memory_id', 'mentions.occurrences'])
        .where('memories.lifecycle_state', '!=', 'forgotten')
        .execute();
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

    async topMemories(communityId, limit) {
      const rows = await db
        .selectFrom('community_members')
        .innerJoin('mentions', 'mentions.entity_id', 'community_members.entity_id')
        .innerJoin('memories', 'memories.id', 'mentions.memory_id')
        .select(eb => ['memories.id as memory_id', eb.fn.countAll<number>().as('entities'), eb.fn.sum<number>('mentions.occurrences').as('occurrences')])
        .where('community_members.community_id', '=', communityId)
        .where('memories.lifecycle_state', '!=', 'forgotten')
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
