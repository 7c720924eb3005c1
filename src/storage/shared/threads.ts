import { type Kysely, type Selectable, sql } from 'kysely';
import type { AppendAck, ThreadMessageRecord, ThreadPatch, ThreadRecord, ThreadRepo } from '../ports.ts';
import type { Database } from './schema.ts';
import type { ThreadMessagesTable, ThreadsTable } from './schema.threads.ts';
import { chunked } from './chunks.ts';

/** Rows per multi-row insert: 11 parameters each, well under SQLite's limit. */
const INSERT_ROWS = 200;
const IMPORT_CONFIG_KEY = 'import_config';

function toThreadRecord({ seq: _seq, ...row }: Selectable<ThreadsTable>): ThreadRecord {
  return {
    ...row,
    participants: JSON.parse(row.participants) as string[],
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    is_favorite: row.is_favorite === 1,
  };
}

type ThreadRow = Omit<ThreadsTable, 'seq'>;

function toThreadRow(patch: ThreadPatch): Partial<ThreadRow> {
  const { participants, metadata, is_favorite, ...rest } = patch;
  const row: Partial<ThreadRow> = { ...rest };
  if (participants !== undefined) row.participants = JSON.stringify(participants);
  if (metadata !== undefined) row.metadata = JSON.stringify(metadata);
  if (is_favorite !== undefined) row.is_favorite = Number(is_favorite);
  return row;
}

function toMessageRecord({ seq: _seq, ...row }: Selectable<ThreadMessagesTable>): ThreadMessageRecord {
  return { ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> };
}

export function threadRepo(db: Kysely<Database>): ThreadRepo {
  return {
    async insert(thread) {
      await db.insertInto('threads').values(toThreadRow(thread) as ThreadRow).execute();
    },

    async update(id, patch) {
      await db.updateTable('threads').set(toThreadRow(patch)).where('id', '=', id).execute();
    },

    async get(spaceId, threadId) {
      const row = await db.selectFrom('threads').selectAll().where('space_id', '=', spaceId).where('thread_id', '=', threadId).executeTakeFirst();
      return row && toThreadRecord(row);
    },

    async getMany(ids) {
      const rows = await chunked(ids, part => db.selectFrom('threads').selectAll().where('id', 'in', part).execute());
      return rows.map(toThreadRecord);
    },

    async list(filter) {
      let query = db.selectFrom('threads').where('space_id', '=', filter.space_id);
      if (filter.source !== undefined) query = query.where('source', '=', filter.source);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('updated_at', 'desc').orderBy('thread_id').limit(filter.limit).offset(filter.offset).execute(),
        query.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toThreadRecord), total: Number(count.total) };
    },

    async listAll(spaceId) {
      const rows = await db.selectFrom('threads').selectAll().where('space_id', '=', spaceId).orderBy('updated_at', 'desc').orderBy('thread_id').execute();
      return rows.map(toThreadRecord);
    },

    async sources(spaceId) {
      const rows = await db
        .selectFrom('threads')
        .select(eb => [
          'source',
          eb.fn.countAll<number>().as('thread_count'),
          eb.fn.sum<number>('message_count').as('message_count'),
          eb.fn.max('updated_at').as('last_activity'),
        ])
        .where('space_id', '=', spaceId)
        .groupBy('source')
        .orderBy('thread_count', 'desc')
        .orderBy('source')
        .execute();
      return rows.map(r => ({ source: r.source, thread_count: Number(r.thread_count), message_count: Number(r.message_count ?? 0), last_activity: r.last_activity }));
    },

    async listFavorites(limit) {
      const rows = await db
        .selectFrom('threads')
        .selectAll()
        .where('is_favorite', '=', sql.lit(1)) // a literal, so SQLite can use the partial index
        .orderBy('favorited_at', 'desc')
        .orderBy('thread_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toThreadRecord);
    },

    async delete(id) {
      await db.deleteFrom('thread_append_keys').where('thread_pk', '=', id).execute();
      // Deleted explicitly (not by cascade) so the full-text triggers see every row go.
      const messages = await db.deleteFrom('thread_messages').where('thread_pk', '=', id).executeTakeFirst();
      await db.deleteFrom('threads').where('id', '=', id).execute();
      return Number(messages.numDeletedRows);
    },

    async insertMessages(messages) {
      // Plain SQL: the builder spends about four times as long compiling a multi-row insert, on the hottest write path.
      for (let i = 0; i < messages.length; i += INSERT_ROWS) {
        const rows = messages.slice(i, i + INSERT_ROWS).map(
          m => sql`(${m.id}, ${m.thread_pk}, ${m.position}, ${m.role}, ${m.content}, ${m.timestamp}, ${JSON.stringify(m.metadata)}, ${m.external_id}, ${m.content_hash}, ${m.token_count}, ${m.created_at})`,
        );
        await sql`insert into thread_messages (id, thread_pk, position, role, content, timestamp, metadata, external_id, content_hash, token_count, created_at)
          values ${sql.join(rows)}`.execute(db);
      }
    },

    async messages(threadPk, offset, limit) {
      let query = db.selectFrom('thread_messages').selectAll().where('thread_pk', '=', threadPk).where('position', '>=', offset).orderBy('position');
      if (limit !== null) query = query.limit(limit);
      return (await query.execute()).map(toMessageRecord);
    },

    async messagesByHash(threadPk, hashes) {
      return chunked(hashes, part =>
        db.selectFrom('thread_messages').select(['role', 'content', 'external_id']).where('thread_pk', '=', threadPk).where('content_hash', 'in', part).execute(),
      );
    },

    async externalIds(threadPk) {
      const rows = await db.selectFrom('thread_messages').select('external_id').where('thread_pk', '=', threadPk).where('external_id', 'is not', null).execute();
      return rows.map(r => r.external_id!);
    },

    async totalTokens(threadPk) {
      const row = await db
        .selectFrom('thread_messages')
        .select(eb => eb.fn.sum<number>('token_count').as('tokens'))
        .where('thread_pk', '=', threadPk)
        .executeTakeFirst();
      return Number(row?.tokens ?? 0);
    },

    async findMessage(messageId) {
      return db
        .selectFrom('thread_messages as m')
        .innerJoin('threads as t', 't.id', 'm.thread_pk')
        .select(['m.id', 'm.thread_pk', 't.thread_id', 't.space_id'])
        .where('m.id', '=', messageId)
        .executeTakeFirst();
    },

    async appendKey(threadPk, key) {
      const row = await db
        .selectFrom('thread_append_keys')
        .select(['ack', 'request_hash'])
        .where('thread_pk', '=', threadPk)
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { ack: JSON.parse(row.ack) as AppendAck, request_hash: row.request_hash };
    },

    async saveAppendKey(threadPk, key, { ack, request_hash }, at) {
      const json = JSON.stringify(ack);
      await db
        .insertInto('thread_append_keys')
        .values({ thread_pk: threadPk, key, ack: json, request_hash, created_at: at })
        .onConflict(oc => oc.columns(['thread_pk', 'key']).doUpdateSet({ ack: json, request_hash, created_at: at }))
        .execute();
    },

    async memoryIds(spaceId, threadId) {
      const rows = await db
        .selectFrom('memories')
        .select('id')
        .where('source_thread_id', '=', threadId)
        .where('space_id', '=', spaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(r => r.id);
    },

    async clearProvenance(spaceId, threadId) {
      const result = await db
        .updateTable('memories')
        .set({ source_thread_id: null, source_message_id: null })
        .where('source_thread_id', '=', threadId)
        .where('space_id', '=', spaceId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async importConfig() {
      const row = await db.selectFrom('thread_settings').select('value').where('key', '=', IMPORT_CONFIG_KEY).executeTakeFirst();
      return row && (JSON.parse(row.value) as Record<string, unknown>);
    },

    async saveImportConfig(config, at) {
      const value = JSON.stringify(config);
      await db
        .insertInto('thread_settings')
        .values({ key: IMPORT_CONFIG_KEY, value, updated_at: at })
        .onConflict(oc => oc.column('key').doUpdateSet({ value, updated_at: at }))
        .execute();
    },

    async recordImportRun(run) {
      await db.insertInto('thread_import_runs').values({ ...run, counts: JSON.stringify(run.counts) }).execute();
    },

    async importRuns(limit) {
      const rows = await db.selectFrom('thread_import_runs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(row => ({ ...row, counts: JSON.parse(row.counts) as Record<string, number> }));
    },
  };
}
