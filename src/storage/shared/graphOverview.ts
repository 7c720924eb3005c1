import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { VALUE_ENTITY_TYPES } from '../../domain/entity.ts';
import type { GraphOverviewRepo, OverviewEdge } from '../ports.ts';
import type { Database } from './schema.ts';
import { chunked } from './chunks.ts';

/**
 * The overview's reads: every query is one statement over indexed lookups (entity_relations by source and by target,
 * mentions by entity and by memory); nothing is read per node from the service.
 */
export function graphOverviewRepo(db: Kysely<Database>): GraphOverviewRepo {
  // Forgotten memories are few: their ids are listed once rather than joined to every row.
  const forgottenIds = db.selectFrom('memories').select('id').where('lifecycle_state', '=', 'forgotten');
  const liveEvidence = (alias: string) => sql<SqlBool>`(${sql.ref(`${alias}.memory_id`)} is null or ${sql.ref(`${alias}.memory_id`)} not in (${forgottenIds}))`;

  /** Memories (not forgotten; of the space when given) mentioning the entity. */
  const mentionCount = (spaceId?: string) =>
    spaceId === undefined
      ? sql<number>`(entities.mention_total - (
          select count(*) from memories as forgotten cross join mentions as fm
          where forgotten.lifecycle_state = 'forgotten' and fm.memory_id = forgotten.id and fm.entity_id = entities.id))`
      : sql<number>`(select count(*) from mentions as sm inner join memories as smm on smm.id = sm.memory_id
          where sm.entity_id = entities.id and smm.space_id = ${spaceId} and smm.lifecycle_state != 'forgotten')`;
  const degree = sql<number>`((select count(*) from entity_relations as rs where rs.source_entity_id = entities.id and ${liveEvidence('rs')})
    + (select count(*) from entity_relations as rt where rt.target_entity_id = entities.id and ${liveEvidence('rt')}))`;
  const inLens = (spaceId: string): Expression<SqlBool> =>
    sql<SqlBool>`exists (select 1 from mentions as lm inner join memories as lmm on lmm.id = lm.memory_id
      where lm.entity_id = entities.id and lmm.space_id = ${spaceId} and lmm.lifecycle_state != 'forgotten')`;

  /** The entities the overview draws: things, not values (dates, amounts, links stay with their memories). */
  const drawn = () => db.selectFrom('entities').where('entities.entity_type', 'not in', [...VALUE_ENTITY_TYPES]);

  /** Entities of the lens, in overview order (most mentioned, most related, id). */
  const ranked = (spaceId?: string) => {
    let query = drawn();
    if (spaceId !== undefined) query = query.where(inLens(spaceId));
    return query.orderBy(mentionCount(spaceId), 'desc').orderBy(degree, 'desc').orderBy('entities.id', 'asc');
  };

  const liveMemories = (spaceId?: string) => {
    let query = db
      .selectFrom('memories')
      .where('memories.lifecycle_state', '!=', 'forgotten')
      .where(eb =>
        eb.exists(
          eb
            .selectFrom('mentions')
            .innerJoin('entities', 'entities.id', 'mentions.entity_id')
            .select('mentions.entity_id')
            .whereRef('mentions.memory_id', '=', 'memories.id')
            .where('entities.entity_type', 'not in', [...VALUE_ENTITY_TYPES]),
        ),
      );
    if (spaceId !== undefined) query = query.where('memories.space_id', '=', spaceId);
    return query;
  };
  const toEdge = (r: { source: string; target: string; weight: number | string | null; relation_type: string }): OverviewEdge => ({
    ...r,
    weight: Number(r.weight ?? 0),
  });

  return {
    async entityPage(offset, limit, spaceId) {
      const rows = await ranked(spaceId)
        .leftJoin('community_members', 'community_members.entity_id', 'entities.id')
        .select(['entities.id', 'entities.name', 'entities.entity_type', 'community_members.community_id'])
        .select([mentionCount(spaceId).as('mention_count'), degree.as('degree')])
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(r => ({ ...r, mention_count: Number(r.mention_count), degree: Number(r.degree), community_id: r.community_id ?? null }));
    },

    async entityCount(spaceId) {
      let query = drawn().select(eb => eb.fn.countAll<number>().as('n'));
      if (spaceId !== undefined) query = query.where(inLens(spaceId));
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    async entityEdges(offset, limit, spaceId) {
      // The order is computed once (a numbered list of the lens), then both ends of each relation are looked up in it.
      let lens = drawn();
      if (spaceId !== undefined) lens = lens.where(inLens(spaceId));
      const numbered = lens.select(eb => [
        'entities.id',
        eb.fn
          .agg<number>('row_number')
          .over(ob => ob.orderBy(mentionCount(spaceId), 'desc').orderBy(degree, 'desc').orderBy('entities.id', 'asc'))
          .as('position'),
      ]);
      const end = offset + limit;
      const rows = await db
        .with('ranked', () => numbered)
        .selectFrom('entity_relations as r')
        .innerJoin('ranked as s', 's.id', 'r.source_entity_id')
        .innerJoin('ranked as t', 't.id', 'r.target_entity_id')
        .select(eb => ['r.source_entity_id as source', 'r.target_entity_id as target', eb.fn.sum<number>('r.weight').as('weight'), eb.fn.max('r.relation_type').as('relation_type')])
        .where('s.position', '<=', end)
        .where('t.position', '<=', end)
        .where(eb => eb.or([eb('s.position', '>', offset), eb('t.position', '>', offset)]))
        .where(liveEvidence('r'))
        .groupBy(['r.source_entity_id', 'r.target_entity_id'])
        .orderBy('r.source_entity_id')
        .orderBy('r.target_entity_id')
        .execute();
      return rows.map(toEdge);
    },

    async memoryPage(offset, limit, spaceId) {
      return liveMemories(spaceId)
        .select(['memories.id', 'memories.title', 'memories.unit_type', 'memories.importance'])
        .orderBy('memories.importance', 'desc')
        .orderBy('memories.created_at', 'desc')
        .orderBy('memories.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async memoryCount(spaceId) {
      return Number((await liveMemories(spaceId).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    },

    async mentionEdges(memoryIds) {
      const rows = await chunked(memoryIds, part =>
        db
          .selectFrom('mentions')
          .innerJoin('entities', 'entities.id', 'mentions.entity_id')
          .select(['mentions.memory_id as source', 'mentions.entity_id as target', 'mentions.occurrences as weight'])
          .where('mentions.memory_id', 'in', part)
          .where('entities.entity_type', 'not in', [...VALUE_ENTITY_TYPES])
          .orderBy('mentions.memory_id')
          .orderBy('mentions.entity_id')
          .execute(),
      );
      return rows.map(r => toEdge({ ...r, relation_type: 'MENTIONS' }));
    },
  } satisfies GraphOverviewRepo;
}
