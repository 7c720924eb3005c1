import { type Kysely, type Selectable, sql } from 'kysely';
import type { EntityPatch, EntityRecord, EntityRepo, EntityWithStats } from '../ports.ts';
import type { Database, EntitiesTable } from './schema.ts';
import { chunked } from './chunks.ts';
import { compiledOnce, insertValues } from './compiled.ts';
import { selectByIds } from './selectByIds.ts';

/** The entities under each of the keys (variant: how many keys), with the key each was found by. */
const byKeysQuery = compiledOnce((db, p, keys) =>
  db
    .selectFrom('entity_keys')
    .innerJoin('entities', 'entities.id', 'entity_keys.entity_id')
    .selectAll('entities')
    .select('entity_keys.key as matched_key')
    .where('entity_keys.key', 'in', Array.from({ length: keys }, (_, i) => p(i)))
    .orderBy('entities.id'),
);

export function toEntityRecord({ mention_total: _total, ...row }: Omit<Selectable<EntitiesTable>, 'mention_total'> & { mention_total?: number }): EntityRecord {
  return {
    ...row,
    aliases: JSON.parse(row.aliases) as string[],
    caller_owned: row.caller_owned === 1,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  };
}

/**
 * How many memories that are not forgotten mention the entity: the trigger-kept total less the mentions by forgotten
 * memories, found from the (few) forgotten memories, so the cost does not grow with the entity's mentions.
 */
const mentionCount = sql<number>`entities.mention_total - (
  select count(*) from memories as forgotten cross join mentions as fm
  where forgotten.lifecycle_state = 'forgotten' and fm.memory_id = forgotten.id and fm.entity_id = entities.id
)`.as('mention_count');

const withStats = ({ mention_total: _total, ...row }: Selectable<EntitiesTable> & { mention_count: number | null }): EntityWithStats => ({
  ...toEntityRecord(row),
  mention_count: Number(row.mention_count ?? 0),
});

/** LIKE with the search text taken literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, c => `\\${c}`)}%`;

/** Variant: how many keys; p(0) is the entity's id, the keys follow. */
const addKeysQuery = compiledOnce((db, p, keys) =>
  db
    .insertInto('entity_keys')
    .values(Array.from({ length: keys }, (_, i) => ({ key: p(i + 1), entity_id: p(0) })))
    .onConflict(oc => oc.doNothing()),
);

async function addKeys(db: Kysely<Database>, entityId: string, keys: string[]) {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length > 0) await addKeysQuery(db, [entityId, ...unique], unique.length);
}

/** The columns a patch may set; an update's variant is the set it sets (a bit each, in this order). */
const PATCH_COLUMNS = ['entity_type', 'description', 'aliases', 'confidence', 'metadata', 'updated_at'] as const satisfies readonly (keyof EntityPatch)[];

/**
 * Sets the variant's columns of one entity; p(0) is its id, the columns' values follow in PATCH_COLUMNS order. The
 * background queue updates several entities per batch (aliases learned, type votes) while holding the write lock.
 */
const updateQuery = compiledOnce((db, p, columns) => {
  const set: Record<string, never> = {};
  let next = 1;
  PATCH_COLUMNS.forEach((column, bit) => {
    if (columns & (1 << bit)) set[column] = p(next++);
  });
  return db.updateTable('entities').set(set).where('id', '=', p(0));
});

/** Every column of an entity row, in the order `insert` gives them (the queue creates entities inside its write lock). */
const ENTITY_COLUMNS = ['id', 'name', 'canonical_name', 'entity_type', 'description', 'aliases', 'confidence', 'caller_owned', 'metadata', 'created_at', 'updated_at'] as const;

export function entityRepo(db: Kysely<Database>): EntityRepo {
  const entitiesByIds = selectByIds(db, ids => db.selectFrom('entities').selectAll().select(mentionCount).where('id', 'in', ids));
  return {
    async insert(entity, keys) {
      const e = entity;
      await insertValues(db, 'entities', ENTITY_COLUMNS, [
        e.id, e.name, e.canonical_name, e.entity_type, e.description, JSON.stringify(e.aliases), e.confidence, Number(e.caller_owned), JSON.stringify(e.metadata), e.created_at, e.updated_at,
      ]);
      await addKeys(db, entity.id, keys);
    },

    async update(id, patch: EntityPatch, keys) {
      const values: unknown[] = [id];
      let columns = 0;
      PATCH_COLUMNS.forEach((column, bit) => {
        const value = patch[column];
        if (value === undefined) return;
        columns |= 1 << bit;
        values.push(column === 'aliases' || column === 'metadata' ? JSON.stringify(value) : value);
      });
      if (columns) await updateQuery(db, values, columns);
      if (keys) await addKeys(db, id, keys);
    },

    async getById(id) {
      const row = await db.selectFrom('entities').selectAll().select(mentionCount).where('id', '=', id).executeTakeFirst();
      return row && withStats(row);
    },

    async getMany(ids) {
      return (await entitiesByIds(ids)).map(withStats);
    },

    async findByKeys(keys) {
      type Row = Selectable<EntitiesTable> & { matched_key: string };
      const rows = await chunked([...new Set(keys)], async part => (await byKeysQuery<Row>(db, part, part.length)).rows);
      return rows.map(({ matched_key, ...row }) => ({ key: matched_key, entity: toEntityRecord(row) }));
    },

    async findByNames(names) {
      const rows = await chunked([...new Set(names)], part =>
        db.selectFrom('entities').selectAll().where('name', 'in', part).orderBy('id').execute(),
      );
      return rows.map(toEntityRecord);
    },

    async list({ entity_type, search, limit, offset, order_by }) {
      let query = db.selectFrom('entities');
      if (entity_type !== undefined) query = query.where('entities.entity_type', '=', entity_type);
      if (search !== undefined && search !== '') {
        const pattern = likePattern(search);
        query = query.where(eb =>
          eb.or([
            eb(sql`lower(entities.name)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(entities.aliases)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .select(mentionCount)
          .orderBy(order_by === 'mention_count' ? sql`mention_count` : sql`entities.created_at`, 'desc')
          .orderBy('entities.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(withStats), total: Number(count.total) };
    },

    async deleteUnmentioned(ids) {
      const unmentioned = await chunked([...new Set(ids)], part =>
        db
          .selectFrom('entities')
          .select('id')
          .where('id', 'in', part)
          .where(eb => eb.not(eb.exists(eb.selectFrom('mentions').select('mentions.entity_id').whereRef('mentions.entity_id', '=', 'entities.id'))))
          .execute(),
      );
      const gone = unmentioned.map(r => r.id);
      await chunked(gone, async part => {
        await db.deleteFrom('entities').where('id', 'in', part).execute();
        return [];
      });
      return gone;
    },

    async count() {
      const row = await db.selectFrom('entities').select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async listUnmentioned(limit) {
      const query = db
        .selectFrom('entities')
        .where(eb => eb.not(eb.exists(eb.selectFrom('mentions').select('mentions.entity_id').whereRef('mentions.entity_id', '=', 'entities.id'))));
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('created_at').orderBy('id').limit(limit).execute(),
        query.select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEntityRecord), total: Number(count.n) };
    },
  };
}
