import { statSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { LexicalHit, MetadataTurn, SearchFilter, SearchRepo, ThreadTurn } from '../ports.ts';
import { ftsMatch } from './ftsQuery.ts';
import type { Database } from '../shared/schema.ts';
import { chunked } from '../shared/chunks.ts';
import { HAS_CJK } from './migrations/018_background_queue.ts';

/**
 * bm25 with the title weighted double, except where the title is the content's own first line (derived when none was
 * given): it repeats the content, and weighting it again would favour short memories, which are all title.
 */
const DERIVED_TITLE_BM25 = sql`case when instr(m.content, rtrim(m.title, '…')) = 1
  then bm25(memories_fts, 0.0, 1.0) else bm25(memories_fts, 2.0, 1.0) end`;

/** SQL conditions on `m` (memories) for a search filter. */
function filterSql(filter: SearchFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [
    sql`m.space_id = ${filter.space_id}`,
    sql`m.lifecycle_state in (${sql.join(filter.states)})`,
  ];
  if (filter.unit_type) conditions.push(sql`m.unit_type = ${filter.unit_type}`);
  if (filter.event_from) conditions.push(sql`coalesce(m.event_end, m.event_start) >= ${filter.event_from}`);
  if (filter.event_to) conditions.push(sql`m.event_start <= ${filter.event_to}`);
  if (filter.recorded_from) conditions.push(sql`m.created_at >= ${filter.recorded_from}`);
  if (filter.recorded_to) conditions.push(sql`m.created_at <= ${filter.recorded_to}`);
  if (filter.label_names?.length) {
    conditions.push(sql`exists (select 1 from memory_labels ml join labels l on l.id = ml.label_id
      where ml.memory_id = m.id and l.name in (${sql.join(filter.label_names)}))`);
  }
  for (const { key, value } of filter.metadata ?? []) {
    const path = `$."${key.replace(/"/g, '')}"`;
    conditions.push(value === undefined ? sql`json_type(m.metadata, ${path}) is not null` : sql`cast(json_extract(m.metadata, ${path}) as text) = ${value}`);
  }
  return sql.join(conditions, sql` and `);
}

const fileBytes = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export function sqliteSearchRepo(db: Kysely<Database>, sqlite: BetterSqlite3.Database, path: string): SearchRepo {
  const databaseBytes = () => (path === ':memory:' ? 0 : fileBytes(path) + fileBytes(`${path}-wal`));

  /** Bytes of the FTS shadow tables and embeddings, where SQLite was built with the dbstat table. */
  function searchIndexBytes(): number {
    try {
      const row = sqlite
        .prepare(
          `select coalesce(sum(pgsize), 0) as bytes from dbstat
           where name like 'memories_fts%' or name like 'memories_trigram%' or name = 'memory_embeddings'`,
        )
        .get() as { bytes: number };
      return row.bytes;
    } catch {
      return 0;
    }
  }

  const STATS_TTL_MS = 60_000;
  const frequencies = new Map<string, { count: number; at: number }>();
  let documents = { count: 0, at: -Infinity };
  const countMatching = sqlite.prepare('select count(*) as n from memories_fts where memories_fts match ?').pluck();
  const countAll = sqlite.prepare('select count(*) as n from memories').pluck();

  return {
    async termStats(words) {
      const now = Date.now();
      if (now - documents.at > STATS_TTL_MS) documents = { count: Number(countAll.get()), at: now };
      if (frequencies.size > 50_000) frequencies.clear();
      const frequency = new Map<string, number>();
      for (const word of words) {
        let known = frequencies.get(word);
        if (!known || now - known.at > STATS_TTL_MS) {
          known = { count: Number(countMatching.get(`"${word.replace(/"/g, '""')}"`)), at: now };
          frequencies.set(word, known);
        }
        frequency.set(word, known.count);
      }
      return { documents: documents.count, frequency };
    },

    async lexical(query, filter, limit) {
      const match = ftsMatch(query);
      if (match === null) return [];
      const { rows } = await sql<LexicalHit>`
        select m.id as id, ${DERIVED_TITLE_BM25} as rank
        from memories_fts join memories m on m.rowid = memories_fts.rowid
        where memories_fts match ${match} and ${filterSql(filter)}
        order by rank limit ${limit}`.execute(db);
      return rows;
    },

    async newestMatching(query, filter, limit) {
      const match = ftsMatch(query);
      if (match === null) return [];
      // FTS5 walks its doclists in rowid order, so this stops after `limit` hits instead of ranking them all.
      const { rows } = await sql<{ id: string }>`
        select m.id as id from memories_fts join memories m on m.rowid = memories_fts.rowid
        where memories_fts match ${match} and ${filterSql(filter)}
        order by memories_fts.rowid desc limit ${limit}`.execute(db);
      return rows.map(r => r.id);
    },

    async substring(needle, filter, limit) {
      const phrase = `"${needle.replace(/"/g, '""')}"`;
      const { rows } = await sql<LexicalHit>`
        select m.id as id, bm25(memories_trigram) as rank
        from memories_trigram join memories m on m.rowid = memories_trigram.rowid
        where memories_trigram match ${phrase} and ${filterSql(filter)}
        order by rank limit ${limit}`.execute(db);
      return rows;
    },

    async vocabulary(prefix, limit) {
      const from = prefix.toLowerCase();
      if (!from) return [];
      // The vocabulary table walks its terms in order from the bound: cost follows the terms with this prefix.
      const { rows } = await sql<{ term: string; documents: number }>`
        select term, doc as documents from memories_fts_vocab
        where term >= ${from} and term < ${`${from}\uffff`}
        order by doc desc limit ${limit}`.execute(db);
      return rows;
    },

    async turnsByMetadata(key, values, filter, limit) {
      if (values.length === 0) return [];
      // Expression indexes of migration 020 serve exactly these two paths.
      const path = key === 'dia_id' ? sql`json_extract(m.metadata, '$.dia_id')` : sql`json_extract(m.metadata, '$.session_id')`;
      const rows = await chunked([...new Set(values)], async part => {
        const { rows } = await sql<{ id: string; metadata: string }>`
          select m.id, m.metadata from memories m
          where ${path} in (${sql.join(part)}) and ${filterSql(filter)} limit ${limit}`.execute(db);
        return rows;
      });
      return rows.slice(0, limit).map((r): MetadataTurn => ({ id: r.id, metadata: JSON.parse(r.metadata) as Record<string, unknown> }));
    },

    async threadTurns(threadIds, filter, limit) {
      if (threadIds.length === 0) return [];
      const rows = await chunked([...new Set(threadIds)], async part => {
        const { rows } = await sql<ThreadTurn>`
          select m.id, m.source_thread_id, tm.position from memories m
            join threads t on t.thread_id = m.source_thread_id and t.space_id = m.space_id
            join thread_messages tm on tm.thread_pk = t.id and (tm.id = m.source_message_id or tm.external_id = m.source_message_id)
          where m.source_thread_id in (${sql.join(part)}) and ${filterSql(filter)} limit ${limit}`.execute(db);
        return rows;
      });
      return rows.slice(0, limit);
    },

    async documentFrequencies(words, filter, cap) {
      const counts = new Map<string, number>();
      for (const word of words) {
        // Counting stops at the cap: the caller only asks whether a word is that common, and common words are costly to count.
        const { rows } = await sql<{ n: number }>`
          select count(*) as n from (
            select 1 from memories_fts join memories m on m.rowid = memories_fts.rowid
            where memories_fts match ${`"${word.replace(/"/g, '""')}"`} and ${filterSql(filter)} limit ${cap})`.execute(db);
        counts.set(word, Number(rows[0]?.n ?? 0));
      }
      return counts;
    },

    async countFiltered(filter) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from memories m where ${filterSql(filter)}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async inTimeSpans(spans, filter, limit) {
      if (spans.length === 0) return [];
      // Spans start at UTC midnight, so comparing by date prefix also holds date-only event_start values.
      const when = sql`coalesce(m.event_start, m.created_at)`;
      const within = spans.map(s => sql`(${when} >= ${s.from.slice(0, 10)} and ${when} < ${s.to.slice(0, 10)})`);
      const { rows } = await sql<{ id: string }>`
        select m.id from memories m where ${filterSql(filter)} and (${sql.join(within, sql` or `)})
        order by m.importance desc, ${when} desc limit ${limit}`.execute(db);
      return rows.map(r => r.id);
    },

    async filterIds(ids, filter) {
      const rows = await chunked(ids, async part => {
        const { rows } = await sql<{ id: string }>`select m.id as id from memories m where m.id in (${sql.join(part)}) and ${filterSql(filter)}`.execute(db);
        return rows;
      });
      return rows.map(r => r.id);
    },

    async pendingEmbeddings(limit) {
      return db
        .selectFrom('memories')
        .select(['id', 'title', 'content', 'version'])
        .where('reindex_needed', '=', sql.lit(1))
        .where('lifecycle_state', '!=', 'forgotten')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async saveEmbeddings(items, model, at) {
      return db.transaction().execute(async trx => {
        let saved = 0;
        for (const item of items) {
          const bytes = Buffer.from(item.vector.buffer, item.vector.byteOffset, item.vector.byteLength);
          // Only where the content is still the embedded version: an edit meanwhile leaves the memory pending.
          const cleared = await trx
            .updateTable('memories')
            .set({ reindex_needed: 0 })
            .where('id', '=', item.memory_id)
            .where('version', '=', item.version)
            .executeTakeFirst();
          if (Number(cleared.numUpdatedRows) === 0) continue;
          const row = { model, dimensions: item.vector.length, vector: bytes, content_version: item.version, created_at: at };
          await trx
            .insertInto('memory_embeddings')
            .values({ memory_id: item.memory_id, ...row })
            .onConflict(oc => oc.column('memory_id').doUpdateSet(row))
            .execute();
          saved++;
        }
        return saved;
      });
    },

    async countIndexable() {
      const row = await db
        .selectFrom('memories')
        .select(eb => eb.fn.countAll<number>().as('n'))
        .where('lifecycle_state', '!=', 'forgotten')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countNeedingReindex() {
      const row = await db
        .selectFrom('memories')
        .select(eb => eb.fn.countAll<number>().as('n'))
        .where('reindex_needed', '=', sql.lit(1))
        .where('lifecycle_state', '!=', 'forgotten')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async oldestNeedingReindex() {
      const row = await db
        .selectFrom('memories')
        .select(eb => eb.fn.min<string>('updated_at').as('oldest'))
        .where('reindex_needed', '=', sql.lit(1))
        .where('lifecycle_state', '!=', 'forgotten')
        .executeTakeFirstOrThrow();
      return row.oldest ?? null;
    },

    async idsNeedingReindex(limit) {
      let query = db.selectFrom('memories').select('id').where('reindex_needed', '=', sql.lit(1)).where('lifecycle_state', '!=', 'forgotten').orderBy('created_at').orderBy('id');
      if (limit !== undefined) query = query.limit(limit);
      return (await query.execute()).map(r => r.id);
    },

    async markForReindex(ids) {
      if (ids === undefined) {
        const result = await db.updateTable('memories').set({ reindex_needed: 1 }).executeTakeFirst();
        return Number(result.numUpdatedRows);
      }
      const counts = await chunked(ids, async part => {
        const result = await db.updateTable('memories').set({ reindex_needed: 1 }).where('id', 'in', part).executeTakeFirst();
        return [Number(result.numUpdatedRows)];
      });
      return counts.reduce((a, b) => a + b, 0);
    },

    async markMissingVectors(model) {
      const result = await db
        .updateTable('memories')
        .set({ reindex_needed: 1 })
        .where('reindex_needed', '=', sql.lit(0))
        .where('lifecycle_state', '!=', 'forgotten')
        .where(eb =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('memory_embeddings as e')
                .select(sql.lit(1).as('one'))
                .whereRef('e.memory_id', '=', 'memories.id')
                .whereRef('e.content_version', '=', 'memories.version')
                .where('e.model', '=', model),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async dropVectorsNotOf(model) {
      const result = await db.deleteFrom('memory_embeddings').where('model', '!=', model).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async rebuildFullText() {
      await db.transaction().execute(async trx => {
        await sql`insert into memories_fts(memories_fts) values ('rebuild')`.execute(trx);
        // The trigram index holds only text with CJK; 'rebuild' would index every row.
        await sql`insert into memories_trigram(memories_trigram) values ('delete-all')`.execute(trx);
        await sql
          .raw(`insert into memories_trigram(rowid, title, content) select rowid, title, content from memories where ${HAS_CJK('memories.title || memories.content')}`)
          .execute(trx);
      });
    },

    async sizeBytes() {
      return { search_index_bytes: searchIndexBytes(), database_bytes: databaseBytes() };
    },

    async optimize() {
      const before = databaseBytes();
      await sql`insert into memories_fts(memories_fts) values ('optimize')`.execute(db);
      await sql`insert into memories_trigram(memories_trigram) values ('optimize')`.execute(db);
      await sql`vacuum`.execute(db); // through Kysely, so it waits for any open transaction
      // VACUUM may renumber the rowids the full-text indexes point at.
      await this.rebuildFullText();
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      return { before_bytes: before, after_bytes: databaseBytes() };
    },
  };
}
