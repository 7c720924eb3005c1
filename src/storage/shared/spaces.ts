import type { Kysely, Selectable } from 'kysely';
import type { SettingsRepo, SpaceRecord, SpaceRepo, SpaceUsage } from '../ports.ts';
import type { Database } from './schema.ts';
import type { SpacesTable } from './schema.spaces.ts';

const toRecord = (row: Selectable<SpacesTable>): SpaceRecord => ({
  ...row,
  aliases: JSON.parse(row.aliases) as string[],
  shared_space_ids: JSON.parse(row.shared_space_ids) as string[],
});

const toRow = (record: SpaceRecord): SpacesTable => ({
  ...record,
  aliases: JSON.stringify(record.aliases),
  shared_space_ids: JSON.stringify(record.shared_space_ids),
});

export function spaceRepo(db: Kysely<Database>): SpaceRepo {
  return {
    async insert(record) {
      const result = await db.insertInto('spaces').values(toRow(record)).onConflict(oc => oc.doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async update(record) {
      const { id, created_at: _created, ...fields } = toRow(record);
      const result = await db.updateTable('spaces').set(fields).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async getById(id) {
      const row = await db.selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async list() {
      return (await db.selectFrom('spaces').selectAll().orderBy('id').execute()).map(toRecord);
    },
    async delete(id) {
      const result = await db.deleteFrom('spaces').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async usage() {
      // Each count walks an index that leads with space_id.
      const [memories, threads, sources, days] = await Promise.all([
        db.selectFrom('memories').select(eb => ['space_id', eb.fn.countAll<number | string>().as('n')]).groupBy('space_id').execute(),
        db.selectFrom('threads').select(eb => ['space_id', eb.fn.countAll<number | string>().as('n')]).groupBy('space_id').execute(),
        db.selectFrom('sources').select(eb => ['space_id', eb.fn.countAll<number | string>().as('n')]).where('deleted_at', 'is', null).groupBy('space_id').execute(),
        db.selectFrom('working_memory').select('space_id').distinct().execute(),
      ]);
      const usage = new Map<string, SpaceUsage>();
      const entry = (space: string) => usage.get(space) ?? usage.set(space, { memories: 0, threads: 0, sources: 0, hasWorkingMemory: false }).get(space)!;
      for (const row of memories) entry(row.space_id).memories = Number(row.n);
      for (const row of threads) entry(row.space_id).threads = Number(row.n);
      for (const row of sources) entry(row.space_id).sources = Number(row.n);
      for (const row of days) entry(row.space_id).hasWorkingMemory = true;
      return usage;
    },
    async purgeWorkingMemory(spaceId) {
      const result = await db.deleteFrom('working_memory').where('space_id', '=', spaceId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export function settingsRepo(db: Kysely<Database>): SettingsRepo {
  return {
    async get(key) {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as unknown) : undefined;
    },
    async set(key, value, now) {
      const text = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ key, value: text, updated_at: now })
        .onConflict(oc => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
        .execute();
    },
  };
}
