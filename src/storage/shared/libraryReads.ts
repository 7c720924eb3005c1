import { type Kysely, sql } from 'kysely';
import type { CommunityMember, CrystalSynthesis, LibraryReadRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import { chunked } from './chunks.ts';
import { relationRecord } from './mentions.ts';

const byTime = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1;

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n);

/** The Library's reads over the whole graph: communities, their members and memories, crystals; one query each. */
export function libraryReadRepo(db: Kysely<Database>): LibraryReadRepo {
  /** Ids of memories mentioning any member of the community (any state; callers filter). */
  const communityMentions = (communityId: number) =>
    db
      .selectFrom('community_members as cm')
      .innerJoin('mentions', 'mentions.entity_id', 'cm.entity_id')
      .select('mentions.memory_id')
      .where('cm.community_id', '=', communityId);

  /** RELATES_TO rows evidenced by a memory that is not forgotten (or by no memory: an apply without one). */
  const liveRelations = () =>
    db
      .selectFrom('entity_relations')
      .leftJoin('memories', 'memories.id', 'entity_relations.memory_id')
      .selectAll('entity_relations')
      .where(eb => eb.or([eb('entity_relations.memory_id', 'is', null), eb('memories.lifecycle_state', '!=', 'forgotten')]));

  return {
    async counts() {
      const [communities, entities, crystals, memories] = await Promise.all([
        countOf(db.selectFrom('communities').select(eb => eb.fn.countAll<number>().as('n'))),
        countOf(db.selectFrom('entities').select(eb => eb.fn.countAll<number>().as('n'))),
        countOf(
          db
            .selectFrom('crystals')
            .innerJoin('memories', 'memories.id', 'crystals.id')
            .select(eb => eb.fn.countAll<number>().as('n'))
            .where('memories.lifecycle_state', '!=', 'forgotten'),
        ),
        countOf(db.selectFrom('memories').select(eb => eb.fn.countAll<number>().as('n')).where('lifecycle_state', '!=', 'forgotten')),
      ]);
      return { communities, entities, crystals, memories };
    },

    async membersOf(communityIds, perCommunity) {
      const groups = new Map<number, CommunityMember[]>();
      if (communityIds.length === 0 || perCommunity <= 0) return groups;
      const rows = await db
        .selectFrom(eb =>
          eb
            .selectFrom('community_members')
            .selectAll()
            .select(sql<number>`row_number() over (partition by community_id order by rank, entity_id)`.as('position'))
            .where('community_id', 'in', communityIds)
            .as('ranked'),
        )
        .select(['community_id', 'entity_id', 'rank', 'weight'])
        .where('position', '<=', perCommunity)
        .orderBy('community_id')
        .orderBy('position')
        .execute();
      for (const row of rows) {
        const group = groups.get(row.community_id);
        if (group) group.push(row);
        else groups.set(row.community_id, [row]);
      }
      return groups;
    },

    async recentMemoryIds(communityId, limit) {
      const rows = await db
        .selectFrom('memories')
        .select('id')
        .where('id', 'in', communityMentions(communityId))
        .where('lifecycle_state', '!=', 'forgotten')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(r => r.id);
    },

    async mentioningMemoryIds(entityId, limit) {
      const rows = await db
        .selectFrom('mentions')
        .innerJoin('memories', 'memories.id', 'mentions.memory_id')
        .select('memories.id')
        .where('mentions.entity_id', '=', entityId)
        .where('memories.lifecycle_state', '!=', 'forgotten')
        .orderBy('memories.created_at', 'desc')
        .orderBy('memories.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(r => r.id);
    },

    async relationsAmong(entityIds) {
      const ids = [...new Set(entityIds)];
      if (ids.length === 0) return [];
      const rows = await chunked(ids, part =>
        liveRelations().where('entity_relations.source_entity_id', 'in', part).where('entity_relations.target_entity_id', 'in', ids).execute(),
      );
      return rows.map(relationRecord).sort(byTime);
    },

    async liveRelationsTouching(entityId, limit) {
      const side = (column: 'source_entity_id' | 'target_entity_id') =>
        liveRelations().where(`entity_relations.${column}`, '=', entityId).orderBy('entity_relations.created_at').orderBy('entity_relations.id').limit(limit).execute();
      const [out, incoming] = await Promise.all([side('source_entity_id'), side('target_entity_id')]);
      const seen = new Set<string>();
      return [...out, ...incoming].filter(r => !seen.has(r.id) && seen.add(r.id)).map(relationRecord).sort(byTime).slice(0, limit);
    },

    async mentionsBetween(memoryIds, entityIds) {
      if (memoryIds.length === 0 || entityIds.length === 0) return [];
      return chunked([...new Set(memoryIds)], part =>
        db
          .selectFrom('mentions')
          .select(['memory_id', 'entity_id', 'occurrences'])
          .where('memory_id', 'in', part)
          .where('entity_id', 'in', [...new Set(entityIds)])
          .orderBy('memory_id')
          .orderBy('entity_id')
          .execute(),
      );
    },

    async relatedCommunities(communityId, limit) {
      const edges = (from: 'source_entity_id' | 'target_entity_id', to: 'source_entity_id' | 'target_entity_id') =>
        db
          .selectFrom('community_members as a')
          .innerJoin('entity_relations as r', `r.${from}`, 'a.entity_id')
          .innerJoin('community_members as b', 'b.entity_id', `r.${to}`)
          .leftJoin('memories as evidence', 'evidence.id', 'r.memory_id')
          .select(['r.source_entity_id', 'r.target_entity_id', 'r.relation_type', 'b.community_id as other'])
          .where(eb => eb.or([eb('r.memory_id', 'is', null), eb('evidence.lifecycle_state', '!=', 'forgotten')]))
          .where('a.community_id', '=', communityId)
          .where('b.community_id', '!=', communityId);
      const rows = await db
        .selectFrom(edges('source_entity_id', 'target_entity_id').union(edges('target_entity_id', 'source_entity_id')).as('shared'))
        .select(['shared.other', eb => eb.fn.countAll<number>().as('shared_edges')])
        .groupBy('shared.other')
        .orderBy('shared_edges', 'desc')
        .orderBy('shared.other')
        .limit(limit)
        .execute();
      return rows.map(r => ({ community_id: Number(r.other), shared_edges: Number(r.shared_edges) }));
    },

    async entityIdsByCanonical(canonical) {
      const rows = await db.selectFrom('entities').select('id').where('canonical_name', '=', canonical).orderBy('id').execute();
      return rows.map(r => r.id);
    },

    async listCrystals(limit, offset) {
      const rows = await db
        .selectFrom('crystals')
        .innerJoin('memories', 'memories.id', 'crystals.id')
        .select(['crystals.id', 'crystals.synthesis', 'crystals.community_id', 'crystals.created_at'])
        .where('memories.lifecycle_state', '!=', 'forgotten')
        .orderBy('crystals.created_at')
        .orderBy('crystals.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(r => ({ ...r, synthesis: r.synthesis as CrystalSynthesis }));
    },
  } satisfies LibraryReadRepo;
}
