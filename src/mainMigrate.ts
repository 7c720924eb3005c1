import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { type Config, redactUrl } from './config.ts';
import { VERSION } from './version.ts';
import { embedderModel, openStore } from './main.ts';
import type { PortableTable, Repos, RowFilter, Store } from './storage/ports.ts';
import { lockDataDir } from './storage/sqlite/dataDirLock.ts';
import { backupSqliteDatabase } from './storage/sqlite/backup.ts';
import { markMoved } from './storage/sqlite/movedMarker.ts';
import { exportData } from './services/exports/export.ts';
import { importData, type ImportMode, type KindCounts } from './services/exports/import.ts';
import { INCLUDE_FLAGS, type IncludeFlags, KINDS } from './services/exports/kinds.ts';

/**
 * The composition root of `cairn migrate --to postgres`: it moves the SQLite store of a data dir into a PostgreSQL
 * database through the export/import format. The data dir is locked for the whole move (a server running on it
 * refuses the migration, and none can start meanwhile); the export reads a consistent copy of the database taken with
 * SQLite's backup API, so the source file is never written to (not even by a schema upgrade). Embeddings of the
 * configured embedder's model (CAIRN_EMBEDDER, as the server had it) come along when they are current; the rest (another
 * model, or content edited since) stay queued, and the first server started on the target embeds them.
 */

export interface MigrateOptions {
  to: string;
  databaseUrl: string;
  /** Replace whatever the target already holds. */
  force?: boolean;
  /** Merge into a target that already holds data (records are matched by id, labels by name, threads by id). */
  merge?: boolean;
  progress?: (stage: 'export' | 'import', fraction: number) => void;
}

/** Records of one kind in the source and in the target after the move. */
export interface KindTally {
  kind: string;
  source: number;
  target: number;
  import?: KindCounts;
}

export interface MigrateSummary {
  mode: ImportMode;
  /** Whether the target held memories, labels, entities or threads before. */
  targetHeldData: boolean;
  kinds: KindTally[];
  /** Kinds whose counts disagree (empty when the move verified). */
  mismatches: string[];
  warnings: string[];
  /** Memories queued on the target for the indexer to embed. */
  toEmbed: number;
  /** API keys (`cairn keys`) copied: their digests, so every client's key works on the target too. */
  apiKeys: number;
  /** Embeddings carried over, and their model (null: no embedder configured, none carried). */
  embeddings: { model: string | null; carried: number };
  seconds: number;
}

const everything = Object.fromEntries(INCLUDE_FLAGS.map(flag => [flag, true])) as IncludeFlags;

/** What is counted on both sides: every kind the archive carries, and the rows nested in its records. */
function countedTables(): { name: string; table: PortableTable; filter?: RowFilter }[] {
  const out: { name: string; table: PortableTable; filter?: RowFilter }[] = [];
  for (const spec of KINDS) {
    if (spec.table === null) continue;
    out.push({ name: spec.kind, table: spec.table, filter: spec.filter });
    for (const child of spec.children ?? []) out.push({ name: `${spec.kind}.${child.field}`, table: child.table });
  }
  return out;
}

async function countAll(repos: Repos): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name, table, filter } of countedTables()) counts.set(name, (await repos.rows.hasTable(table)) ? await repos.rows.count(table, filter) : 0);
  return counts;
}

export { redactUrl };

/** Moves the data dir's SQLite store into the PostgreSQL database at `options.databaseUrl`; throws a clear Error on refusal. */
export async function migrateData(config: Config, options: MigrateOptions): Promise<MigrateSummary> {
  const started = performance.now();
  if (options.to !== 'postgres') throw new Error(`cairn migrate moves a SQLite store into PostgreSQL: --to must be postgres, not "${options.to}"`);
  if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) throw new Error('--database-url must be a postgres:// URL (postgres://user:password@host:port/database)');
  if (options.force && options.merge) throw new Error('--force (replace the target) and --merge (keep it and add to it) exclude each other');
  if (!existsSync(config.databasePath)) throw new Error(`No SQLite store at ${config.databasePath}: nothing to migrate (give the data dir with --data-dir)`);

  const lock = lockDataDir(config.dataDir); // refuses while a server runs on the data dir; keeps one from starting meanwhile
  const work = mkdtempSync(join(tmpdir(), 'cairn-migrate-'));
  let source: Store | null = null;
  let target: Store | null = null;
  try {
    // A consistent copy: the source file is only read, and an older schema is upgraded in the copy alone.
    const copyPath = join(work, 'source.db');
    await backupSqliteDatabase({ databasePath: config.databasePath, target: copyPath });
    source = await openStore({ storage: 'sqlite', databasePath: copyPath, sqliteSync: 'normal' });
    target = await openStore({ storage: 'postgres', databasePath: '', sqliteSync: 'normal', databaseUrl: options.databaseUrl, pgPoolSize: Math.min(config.pgPoolSize, 4) });

    const before = await countAll(target);
    const held = ['memories', 'labels', 'entities', 'threads'].filter(kind => (before.get(kind) ?? 0) > 0);
    if (held.length > 0 && !options.force && !options.merge) {
      throw new Error(
        `The target database ${redactUrl(options.databaseUrl)} already holds ${held.map(k => `${before.get(k)} ${k}`).join(', ')}: ` +
          'pass --merge to add this store to it, or --force to replace what it holds',
      );
    }
    const mode: ImportMode = options.force ? 'overwrite' : 'merge';

    const clock = { now: () => new Date().toISOString() };
    const ids = { next: () => uuidv7() };
    const exportDir = join(work, 'exports');
    await exportData({ store: source, clock, ids, exportDir, version: VERSION }, { ...everything, export_path: 'migrate', format: 'folder', compress: false, overwrite: false }, f =>
      options.progress?.('export', f),
    );
    const sourceCounts = await countAll(source);
    const imported = await importData({ store: target, exportDir, indexer: null }, { ...everything, import_path: 'migrate', mode }, f => options.progress?.('import', f));
    const after = await countAll(target);

    const kinds: KindTally[] = [...sourceCounts].map(([kind, n]) => ({ kind, source: n, target: after.get(kind) ?? 0, import: imported.counts[kind] }));
    // Into an empty (or replaced) database the counts must be equal; a merge may only add to what was there.
    const merged = mode === 'merge' && held.length > 0;
    const short = kinds.filter(k => (merged ? k.target < k.source : k.target !== k.source)).map(k => `${k.kind}: ${k.source} in SQLite, ${k.target} in PostgreSQL`);
    const warnings = [...imported.warnings, ...(merged ? short.map(s => `fewer after the merge than in the source (records held under another id were matched): ${s}`) : [])];
    const embeddings = await carryEmbeddings(source, target, config);
    const apiKeys = await carryApiKeys(source, target);
    const toEmbed = await target.rows.count('memories', { column: 'reindex_needed', op: '=', value: 1 });
    const mismatches = merged ? [] : short;
    // The old store stays on disk, stale from now on: serve, backup, export and import refuse it, naming the database.
    if (mismatches.length === 0) markMoved(config.dataDir, { moved_to: 'postgres', database: redactUrl(options.databaseUrl), moved_at: new Date().toISOString() });
    return { mode, targetHeldData: held.length > 0, kinds, mismatches, warnings, toEmbed, embeddings, apiKeys, seconds: (performance.now() - started) / 1000 };
  } finally {
    await source?.close().catch(() => {});
    await target?.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
    lock.release();
  }
}

/** Embeddings per save: one transaction each on the target. */
const EMBEDDING_BATCH = 500;

/**
 * Copies the source's current embeddings of the configured embedder's model: those of memories not waiting for a new
 * one. Saving them clears the target's `reindex_needed` where the content is the embedded version, so the target's
 * indexer has only the others left to embed.
 */
async function carryEmbeddings(source: Store, target: Store, config: Config): Promise<{ model: string | null; carried: number }> {
  const model = await embedderModel(config);
  if (model === null) return { model, carried: 0 };
  const vectors = new Map((await source.search.storedVectors(model)).map(v => [v.memory_id, v.vector]));
  if (vectors.size === 0) return { model, carried: 0 };
  const at = new Date().toISOString();
  let carried = 0;
  for (let after: unknown[] | undefined; ; ) {
    const rows = await source.rows.page('memories', { after, limit: EMBEDDING_BATCH, filter: { column: 'reindex_needed', op: '=', value: 0 } });
    const items = rows.flatMap(row => {
      const vector = vectors.get(String(row.id));
      return vector ? [{ memory_id: String(row.id), version: Number(row.version), vector }] : [];
    });
    if (items.length > 0) carried += await target.search.saveEmbeddings(items, model, at);
    if (rows.length < EMBEDDING_BATCH) break;
    after = [rows.at(-1)!.id];
  }
  return { model, carried };
}

/** Stored API keys (digests only) the target does not hold yet; returns how many were copied. */
async function carryApiKeys(source: Store, target: Store): Promise<number> {
  const held = new Set(await target.apiKeys.listHashes());
  const heldIds = new Set((await target.apiKeys.list()).map(k => k.id));
  let copied = 0;
  for (const key of await source.apiKeys.entries()) {
    if (held.has(key.key_hash) || heldIds.has(key.id)) continue;
    await target.apiKeys.insert(key);
    copied++;
  }
  return copied;
}
