import type { Kysely, Selectable } from 'kysely';
import type {
  EntitySnapshot,
  MemoryRecord,
  MemoryRelationRecord,
  MemorySnapshot,
  TrashItem,
  TrashRepo,
} from '../ports.ts';
import type { Database, MemoriesTable, MemoryRelationsTable, TrashTable } from './schema.ts';
import { chunked } from './chunks.ts';
import { toMemoryRecord, toMemoryRow } from './memories.ts';
import { toRelationRecord } from './memoryRelations.ts';
import { toEntityRecord } from './entities.ts';
import { toCrystal } from './crystals.ts';

/** Rows per multi-row insert: well under every backend's bound-parameter limit. */
const INSERT_BATCH = 100;

const memoryRow = (m: MemoryRecord) => toMemoryRow(m) as MemoriesTable;

const relationRow = (r: MemoryRelationRecord): MemoryRelationsTable => ({
  ...r,
  bidirectional: Number(r.bidirectional),
  reviewed: Number(r.reviewed),
  properties: JSON.stringify(r.properties),
});

const toItem = ({ snapshot, ...row }: Selectable<TrashTable>): TrashItem => ({ ...row, snapshot: JSON.parse(snapshot) as MemorySnapshot });

/** Runs `insert` over `rows` in batches. */
async function inBatches<R>(rows: R[], insert: (batch: R[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await insert(rows.slice(i, i + INSERT_BATCH));
}

/** Keeps the first row of each key. */
function uniqueBy<R>(rows: R[], key: (r: R) => string): R[] {
  const seen = new Set<string>();
  return rows.filter(r => !seen.has(key(r)) && seen.add(key(r)));
}

function pushTo<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function trashRepo(db: Kysely<Database>): TrashRepo {
  /** Every row a delete of these memories removes, grouped by memory. */
  async function captureRows(part: string[]) {
    const [memories, labels, relations, mentions, entityRelations, mergeEdges, crystals, crystalSources] = [
      await db.selectFrom('memories').selectAll().where('id', 'in', part).execute(),
      await db
        .selectFrom('memory_labels')
        .innerJoin('labels', 'labels.id', 'memory_labels.label_id')
        .selectAll('labels')
        .select(['memory_labels.memory_id', 'memory_labels.created_at as edge_created_at'])
        .where('memory_labels.memory_id', 'in', part)
        .execute(),
      await db
        .selectFrom('memory_relations')
        .selectAll()
        .where(eb => eb.or([eb('source_memory_id', 'in', part), eb('target_memory_id', 'in', part)]))
        .execute(),
      await db.selectFrom('mentions').selectAll().where('memory_id', 'in', part).execute(),
      await db.selectFrom('entity_relations').selectAll().where('memory_id', 'in', part).execute(),
      await db.selectFrom('label_merge_edges').selectAll().where('memory_id', 'in', part).execute(),
      await db.selectFrom('crystals').selectAll().where('id', 'in', part).execute(),
      await db.selectFrom('crystal_sources').selectAll().where('crystal_id', 'in', part).execute(),
    ];
    return { memories, labels, relations, mentions, entityRelations, mergeEdges, crystals, crystalSources };
  }

  return {
    async capture(ids) {
      const parts = await chunked([...new Set(ids)], async part => [await captureRows(part)]);
      const snapshots = new Map<string, MemorySnapshot>();
      for (const part of parts) {
        for (const row of part.memories) {
          snapshots.set(row.id, { memory: toMemoryRecord(row), labels: [], relations: [], mentions: [], entity_relations: [], merge_edges: [], entities: [] });
        }
      }
      for (const part of parts) {
        for (const { memory_id, edge_created_at, ...label } of part.labels) snapshots.get(memory_id)?.labels.push({ label, created_at: edge_created_at });
        for (const row of part.relations) {
          const relation = toRelationRecord(row);
          snapshots.get(row.source_memory_id)?.relations.push(relation);
          if (row.target_memory_id !== row.source_memory_id) snapshots.get(row.target_memory_id)?.relations.push(relation);
        }
        for (const row of part.mentions) snapshots.get(row.memory_id)?.mentions.push({ ...row, applied: row.applied === 1 });
        for (const row of part.entityRelations) snapshots.get(row.memory_id!)?.entity_relations.push({ ...row, applied: row.applied === 1 });
        for (const row of part.mergeEdges) snapshots.get(row.memory_id)?.merge_edges.push({ ...row, already_present: row.already_present === 1 });
        for (const row of part.crystals) {
          const snapshot = snapshots.get(row.id);
          if (snapshot) snapshot.crystal = { record: toCrystal(row), sources: part.crystalSources.filter(s => s.crystal_id === row.id) };
        }
      }
      // A relation between two memories of different parts was read once per part.
      for (const snapshot of snapshots.values()) snapshot.relations = uniqueBy(snapshot.relations, r => r.id);
      return [...snapshots.values()];
    },

    async captureSoleEntities(memoryId) {
      const entities = await db
        .selectFrom('entities')
        .selectAll()
        .where(eb => eb.exists(eb.selectFrom('mentions as m').select('m.entity_id').whereRef('m.entity_id', '=', 'entities.id').where('m.memory_id', '=', memoryId)))
        .where(eb =>
          eb.not(eb.exists(eb.selectFrom('mentions as o').select('o.entity_id').whereRef('o.entity_id', '=', 'entities.id').where('o.memory_id', '!=', memoryId))),
        )
        .execute();
      if (entities.length === 0) return [];
      const ids = entities.map(e => e.id);
      const keys = await chunked(ids, part => db.selectFrom('entity_keys').selectAll().where('entity_id', 'in', part).execute());
      const relations = await chunked(ids, part =>
        db
          .selectFrom('entity_relations')
          .selectAll()
          .where(eb => eb.or([eb('source_entity_id', 'in', part), eb('target_entity_id', 'in', part)]))
          .execute(),
      );
      const keysOf = new Map<string, string[]>();
      for (const k of keys) pushTo(keysOf, k.entity_id, k.key);
      const relationsOf = new Map<string, EntitySnapshot['relations']>();
      for (const r of uniqueBy(relations, r => r.id).map(row => ({ ...row, applied: row.applied === 1 }))) {
        pushTo(relationsOf, r.source_entity_id, r);
        if (r.target_entity_id !== r.source_entity_id) pushTo(relationsOf, r.target_entity_id, r);
      }
      return entities.map(row => ({ entity: toEntityRecord(row), keys: keysOf.get(row.id) ?? [], relations: relationsOf.get(row.id) ?? [] }));
    },

    async insert(items) {
      await inBatches(items, batch =>
        db
          .insertInto('trash')
          .values(batch.map(({ snapshot, ...entry }) => ({ ...entry, snapshot: JSON.stringify(snapshot) })))
          .onConflict(oc =>
            oc.column('memory_id').doUpdateSet(eb => ({
              space_id: eb.ref('excluded.space_id'),
              title: eb.ref('excluded.title'),
              content_preview: eb.ref('excluded.content_preview'),
              deleted_at: eb.ref('excluded.deleted_at'),
              expires_at: eb.ref('excluded.expires_at'),
              snapshot: eb.ref('excluded.snapshot'),
            })),
          )
          .execute(),
      );
    },

    async list({ space_id, limit, offset }) {
      let query = db.selectFrom('trash');
      if (space_id !== undefined) query = query.where('space_id', '=', space_id);
      const [items, count] = await Promise.all([
        query
          .select(['memory_id', 'space_id', 'title', 'content_preview', 'deleted_at', 'expires_at'])
          .orderBy('deleted_at', 'desc')
          .orderBy('memory_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },

    async getMany(ids) {
      const rows = await chunked([...new Set(ids)], part => db.selectFrom('trash').selectAll().where('memory_id', 'in', part).execute());
      return rows.map(toItem);
    },

    async remove(ids) {
      const counts = await chunked([...new Set(ids)], async part => {
        const result = await db.deleteFrom('trash').where('memory_id', 'in', part).executeTakeFirst();
        return [Number(result.numDeletedRows)];
      });
      await dropForsakenSources(db);
      return counts.reduce((sum, n) => sum + n, 0);
    },

    async removeAll() {
      const result = await db.deleteFrom('trash').executeTakeFirst();
      await dropForsakenSources(db);
      return Number(result.numDeletedRows);
    },

    async purgeExpired(now) {
      const result = await db.deleteFrom('trash').where('expires_at', '<=', now).executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) await dropForsakenSources(db);
      return Number(result.numDeletedRows);
    },

    async existing({ memories = [], labels = [], entities = [], merges = [] }) {
      const ids = async (table: 'memories' | 'labels' | 'entities' | 'label_merges', list: string[]) =>
        new Set((await chunked([...new Set(list)], part => db.selectFrom(table).select('id').where('id', 'in', part).execute())).map(r => r.id));
      return {
        memories: await ids('memories', memories),
        labels: await ids('labels', labels),
        entities: await ids('entities', entities),
        merges: await ids('label_merges', merges),
      };
    },

    async putBack(rows) {
      for (const { entity } of rows.entities) {
        const { aliases, caller_owned, metadata, ...rest } = entity;
        await db
          .insertInto('entities')
          .values({ ...rest, aliases: JSON.stringify(aliases), caller_owned: Number(caller_owned), metadata: JSON.stringify(metadata) })
          .onConflict(oc => oc.doNothing())
          .execute();
      }
      const keys = rows.entities.flatMap(e => e.keys.map(key => ({ key, entity_id: e.entity.id })));
      await inBatches(keys, batch => db.insertInto('entity_keys').values(batch).onConflict(oc => oc.doNothing()).execute());
      await inBatches(rows.labels, batch => db.insertInto('labels').values(batch).onConflict(oc => oc.doNothing()).execute());
      await inBatches(rows.memories, batch => db.insertInto('memories').values(batch.map(memoryRow)).onConflict(oc => oc.doNothing()).execute());
      await inBatches(rows.memory_labels, batch => db.insertInto('memory_labels').values(batch).onConflict(oc => oc.doNothing()).execute());
      await inBatches(rows.relations, batch => db.insertInto('memory_relations').values(batch.map(relationRow)).onConflict(oc => oc.doNothing()).execute());
      // `applied` is absent from snapshots taken before it existed: automatic, as those rows were.
      const applied = <R extends { applied?: boolean }>(row: R) => ({ ...row, applied: row.applied ? 1 : 0 });
      await inBatches(rows.mentions, batch => db.insertInto('mentions').values(batch.map(applied)).onConflict(oc => oc.doNothing()).execute());
      await inBatches(rows.entity_relations, batch => db.insertInto('entity_relations').values(batch.map(applied)).onConflict(oc => oc.doNothing()).execute());
      for (const { record, sources } of rows.crystals) {
        await db.insertInto('crystals').values(record).onConflict(oc => oc.doNothing()).execute();
        await inBatches(sources, batch => db.insertInto('crystal_sources').values(batch).onConflict(oc => oc.doNothing()).execute());
      }
      const mergeEdges = rows.merge_edges.map(e => ({ ...e, already_present: Number(e.already_present) }));
      await inBatches(mergeEdges, batch => db.insertInto('label_merge_edges').values(batch).onConflict(oc => oc.doNothing()).execute());
    },
  };
}


/**
 * A deleted source goes for good once none of its chunks is left anywhere (each trash item of a chunk emptied or
 * expired, none restored): its row, bytes, chunk list and labels.
 */
async function dropForsakenSources(db: Kysely<Database>): Promise<void> {
  const forsaken = await db
    .selectFrom('sources')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where(eb =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('source_chunks')
            .select('source_chunks.memory_id')
            .whereRef('source_chunks.source_id', '=', 'sources.id')
            .where(inner =>
              inner.or([
                inner.exists(inner.selectFrom('trash').select('trash.memory_id').whereRef('trash.memory_id', '=', 'source_chunks.memory_id')),
                inner.exists(inner.selectFrom('memories').select('memories.id').whereRef('memories.id', '=', 'source_chunks.memory_id')),
              ]),
            ),
        ),
      ),
    )
    .execute();
  const ids = forsaken.map(r => r.id);
  if (ids.length === 0) return;
  for (const table of ['source_labels', 'source_chunks', 'source_files'] as const) await db.deleteFrom(table).where('source_id', 'in', ids).execute();
  await db.deleteFrom('sources').where('id', 'in', ids).execute();
}
