import { type Kysely, type Selectable } from 'kysely';
import type { CrystalRecord, CrystalRepo, CrystalSource, CrystalSynthesis } from '../ports.ts';
import type { Database } from './schema.ts';
import type { CrystalsTable } from './schema.library.ts';
import { chunked } from './chunks.ts';

export const toCrystal = (row: Selectable<CrystalsTable>): CrystalRecord => ({ ...row, synthesis: row.synthesis as CrystalSynthesis });

function groupBy<K, V>(rows: V[], key: (row: V) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export function crystalRepo(db: Kysely<Database>): CrystalRepo {
  return {
    async insert(crystal, sources) {
      await db.insertInto('crystals').values(crystal).execute();
      if (sources.length) await db.insertInto('crystal_sources').values(sources).execute();
    },

    async get(id) {
      const row = await db.selectFrom('crystals').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toCrystal(row);
    },

    async getMany(ids) {
      const rows = await chunked(ids, part => db.selectFrom('crystals').selectAll().where('id', 'in', part).execute());
      return rows.map(toCrystal);
    },

    async sourcesOf(crystalIds) {
      const rows: CrystalSource[] = await chunked(crystalIds, part =>
        db.selectFrom('crystal_sources').selectAll().where('crystal_id', 'in', part).orderBy('contribution_weight', 'desc').orderBy('position').execute(),
      );
      return groupBy(rows, r => r.crystal_id);
    },

    async crystalsFrom(memoryIds) {
      const rows = await chunked(memoryIds, part =>
        db.selectFrom('crystal_sources').select(['memory_id', 'crystal_id']).where('memory_id', 'in', part).orderBy('crystal_id').execute(),
      );
      return new Map([...groupBy(rows, r => r.memory_id)].map(([memoryId, group]) => [memoryId, group.map(r => r.crystal_id)]));
    },

    async ofCommunities(communityIds, limit) {
      if (communityIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('crystals')
        .selectAll()
        .where('community_id', 'in', communityIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const groups = groupBy(rows.map(toCrystal), c => c.community_id!);
      return new Map([...groups].map(([id, group]) => [id, group.slice(0, limit)]));
    },
  } satisfies CrystalRepo;
}
