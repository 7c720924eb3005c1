/**
 * The ceiling for `npm run bench -- crud`: the least a server of Cairn's stack does to acknowledge a create.
 * Fastify + zod (Cairn's own create body schema, so the same validation field for field) and one prepared INSERT into
 * Cairn's exact `memories` table with its FTS5 triggers (the database is created by Cairn's migrations), WAL,
 * synchronous=NORMAL, group commit: the creates that arrive in one event-loop turn share one transaction (a savepoint
 * each), and each is answered after that COMMIT. Titles are derived in ASCII ("first words...").
 *
 *   node --import tsx bench/minimal/crud.ts <data dir>   → logs "listening on http://127.0.0.1:<port>"
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { createMemoryBody } from '../../src/http/routes/memories/memories.schema.ts';
import { openSqliteStore } from '../../src/storage/sqlite/store.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node --import tsx bench/minimal/crud.ts <data dir>');
const path = join(dataDir, 'minimal.db');
await (await openSqliteStore({ path })).close(); // Cairn's migrations: the same table, indexes and triggers

const db = new Database(path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
const insert = db.prepare(
  `INSERT INTO memories (id, space_id, title, content, source, importance, confidence, unit_type, lifecycle_state, is_latest, is_crystal,
     is_favorite, reindex_needed, metadata, event_start, event_end, temporal_context, source_thread_id, source_message_id, version, created_at, updated_at, title_derived)
   VALUES (@id, @space_id, @title, @content, @source, @importance, @confidence, @unit_type, 'active', 1, 0, 0, 0, @metadata, @event_start, @event_end,
     @temporal_context, @source_thread_id, @source_message_id, 1, @created_at, @created_at, @title_derived)`,
);
const begin = db.prepare('BEGIN');
const commit = db.prepare('COMMIT');
const savepoint = db.prepare('SAVEPOINT one');
const release = db.prepare('RELEASE one');
const rollbackTo = db.prepare('ROLLBACK TO one');

type Row = Record<string, unknown>;
let batch: { row: Row; done: (error: Error | null) => void }[] = [];

/** One transaction for every insert of this event-loop turn; each answers after the COMMIT. */
function flush() {
  const current = batch;
  batch = [];
  const failed = new Map<number, Error>();
  begin.run();
  current.forEach(({ row }, i) => {
    savepoint.run();
    try {
      insert.run(row);
      release.run();
    } catch (error) {
      rollbackTo.run();
      release.run();
      failed.set(i, error as Error);
    }
  });
  commit.run();
  current.forEach(({ done }, i) => done(failed.get(i) ?? null));
}

function write(row: Row): Promise<void> {
  if (batch.length === 0) setImmediate(flush);
  return new Promise((resolve, reject) => batch.push({ row, done: error => (error ? reject(error) : resolve()) }));
}

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.post('/memories', { schema: { body: createMemoryBody } }, async request => {
  const body = request.body;
  const now = new Date().toISOString();
  const words = body.content.trim().split(/\s+/);
  const title = body.title ?? (words.length > 8 ? `${words.slice(0, 8).join(' ')}...` : words.join(' '));
  const row = {
    id: body.id ?? uuidv7(),
    space_id: body.space_id ?? 'default',
    title,
    content: body.content,
    source: body.source ?? 'api',
    importance: body.importance ?? 0.5,
    confidence: body.confidence ?? 1,
    unit_type: body.unit_type ?? 'fact',
    metadata: JSON.stringify(body.metadata ?? {}),
    event_start: body.event_start ?? null,
    event_end: body.event_end ?? null,
    temporal_context: body.temporal_context ?? null,
    source_thread_id: body.source_thread_id ?? null,
    source_message_id: body.source_message_id ?? null,
    created_at: now,
    title_derived: body.title ? 0 : 1,
  };
  await write(row);
  return { ...row, metadata: body.metadata ?? {}, labels: body.labels ?? [] };
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`minimal server listening on ${address}`);
process.once('SIGTERM', () => void app.close().then(() => (db.close(), process.exit(0))));
