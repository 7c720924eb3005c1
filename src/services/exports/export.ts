import { lstat, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { conflict } from '../../errors.ts';
import type { Repos, TableRow } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import type { FileDigest, EntryWriter } from './archive.ts';
import { createArchiveWriter } from './archive.ts';
import type { Progress } from '../ports.ts';
import { type ArchiveFormat, resolveExportTarget } from './paths.ts';
import {
  ARCHIVE_FORMAT, ARCHIVE_VERSION, FAVORITES, type IncludeFlags, includeFlagsOf, KINDS, type KindSpec, MANIFEST, toRecord, WORKING_MEMORY_MD,
} from './kinds.ts';

export interface ExportInput extends IncludeFlags {
  export_path?: string;
  /** A zip (default) or a folder; `format`, when given, decides. */
  compress: boolean;
  format?: ArchiveFormat;
  overwrite: boolean;
}

/** A checked export request: where it goes and what it holds. */
export interface ExportPlan {
  export_id: string;
  created_at: string;
  target: string;
  format: ArchiveFormat;
  overwrite: boolean;
  include: IncludeFlags;
}

export interface ManifestFile extends FileDigest {
  kind?: string;
}

type ExportDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'exportDir' | 'version'>;

/** Rows read per query: memory stays flat whatever the store's size. */
const PAGE = 1000;

/** Checks the request and settles the target (422 for a path outside the root, 409 when it exists without overwrite). */
export async function planExport(deps: ExportDeps, input: ExportInput): Promise<ExportPlan> {
  const created_at = deps.clock.now();
  const format = input.format ?? (input.compress || input.export_path?.toLowerCase().endsWith('.zip') ? 'zip' : 'folder');
  const target = await resolveExportTarget(deps.exportDir, { export_path: input.export_path, format, overwrite: input.overwrite, now: created_at });
  const include = includeFlagsOf(input);
  return { export_id: deps.ids.next(), created_at, target, format, overwrite: input.overwrite, include };
}

/**
 * Writes the archive: every included kind read from one snapshot of the store (writes go on meanwhile), page by page,
 * streamed to disk and hashed on the way. It is built beside the target and moved there only once complete, so a
 * failed export leaves nothing behind.
 */
export async function runExport(deps: ExportDeps, plan: ExportPlan, progress: Progress = () => {}) {
  const partial = `${plan.target}.partial-${plan.export_id}`;
  await mkdir(dirname(plan.target), { recursive: true, mode: 0o700 });
  const writer = createArchiveWriter(plan.format, partial);
  try {
    const { counts, files, warnings } = await deps.store.readSnapshot(repos => writeKinds(repos, writer, plan, progress));
    const manifest = {
      format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, export_id: plan.export_id, created_at: plan.created_at,
      cairn_version: deps.version, backend: deps.store.backend, include: plan.include, counts, files, warnings,
    };
    const entry = writer.entry(MANIFEST);
    await entry.write(`${JSON.stringify(manifest, null, 2)}\n`);
    await entry.end();
    if (!plan.overwrite && (await lstat(plan.target).then(() => true, () => false))) {
      throw conflict('export_target_exists', `Export target appeared while exporting: ${plan.target}`, { export_path: plan.target });
    }
    await writer.commit(plan.target);
    return {
      success: true, export_id: plan.export_id, format: plan.format, version: ARCHIVE_VERSION, created_at: plan.created_at,
      counts, warnings, export_path: plan.target, export_dir: plan.format === 'zip' ? dirname(plan.target) : plan.target,
      manifest_path: join(plan.target, MANIFEST),
    };
  } catch (error) {
    await writer.abort().catch(() => {});
    throw error;
  }
}

/** Checks and runs an export, for callers that wait for it (the synchronous endpoint, the CLI without a server). */
export async function exportData(deps: ExportDeps, input: ExportInput, progress?: Progress) {
  return runExport(deps, await planExport(deps, input), progress);
}

async function writeKinds(repos: Repos, writer: ReturnType<typeof createArchiveWriter>, plan: ExportPlan, progress: Progress) {
  const kinds = KINDS.filter(k => k.included(plan.include));
  const counts: Record<string, number> = {};
  const files: Record<string, ManifestFile> = {};
  const warnings: string[] = [];
  const present = async (spec: KindSpec) => spec.table !== null && (await repos.rows.hasTable(spec.table));
  let total = 0;
  for (const spec of kinds) if (await present(spec)) total += await repos.rows.count(spec.table!, spec.filter);
  let done = 0;
  const advance = (n: number) => progress(total === 0 ? 1 : (done += n) / total);

  for (const spec of kinds) {
    if (!(await present(spec))) warnings.push(`${spec.kind}: Cairn holds no ${spec.kind.replace('_', ' ')} in this store; ${spec.file} is empty`);
    const entry = writer.entry(spec.file);
    counts[spec.kind] = (await present(spec)) ? await writeRecords(repos, entry, spec, plan.include, advance) : 0;
    files[spec.file] = { kind: spec.kind, ...(await entry.end()) };
  }
  if (plan.include.include_memories || plan.include.include_threads) {
    const entry = writer.entry(FAVORITES.file);
    counts[FAVORITES.kind] = await writeFavorites(repos, entry, plan.include);
    files[FAVORITES.file] = { kind: FAVORITES.kind, ...(await entry.end()) };
  }
  if (plan.include.include_working_memory) {
    const entry = writer.entry(WORKING_MEMORY_MD);
    await writeWorkingMemoryMarkdown(repos, entry, plan.include.include_working_memory_archive);
    files[WORKING_MEMORY_MD] = await entry.end();
  }
  return { counts, files, warnings };
}

/** Rows of a table, page by page, each with its nested children; returns how many records were written. */
async function writeRecords(repos: Repos, entry: EntryWriter, spec: KindSpec, include: IncludeFlags, advance: (n: number) => void) {
  const table = spec.table!;
  const key = repos.rows.keyOf(table);
  const keep = spec.kind === 'working_memory' && !include.include_working_memory_archive ? latestPerSpace() : null;
  let written = 0;
  for (let after: unknown[] | undefined; ; ) {
    const rows = await repos.rows.page(table, { after, limit: PAGE, filter: spec.filter });
    if (rows.length === 0) break;
    const records = await withChildren(repos, spec, rows.map(row => toRecord(spec, row)));
    if (!include.include_memories) for (const record of records) for (const column of spec.memoryRefs ?? []) record[column] = null;
    const kept = keep ? keep.push(records) : records;
    await entry.write(kept.map(record => `${JSON.stringify(record)}\n`).join(''));
    written += kept.length;
    advance(rows.length);
    if (rows.length < PAGE) break;
    after = key.map(column => rows.at(-1)![column]);
  }
  if (keep) {
    const last = keep.end();
    await entry.write(last.map(record => `${JSON.stringify(record)}\n`).join(''));
    written += last.length;
  }
  return written;
}

async function withChildren(repos: Repos, spec: KindSpec, records: TableRow[]): Promise<TableRow[]> {
  for (const child of spec.children ?? []) {
    const byParent = new Map<unknown, TableRow[]>();
    for (const row of await repos.rows.whereIn(child.table, child.column, records.map(r => r.id))) {
      const { [child.column]: parent, ...rest } = row;
      const list = byParent.get(parent) ?? [];
      list.push(toRecord(child, rest));
      byParent.set(parent, list);
    }
    for (const record of records) record[child.field] = byParent.get(record.id) ?? [];
  }
  return records;
}

/** Without the working-memory archive, only each space's latest day: rows come by space then date, so the last of each space. */
function latestPerSpace() {
  let held: TableRow | null = null;
  return {
    push(records: TableRow[]) {
      const out: TableRow[] = [];
      for (const record of records) {
        if (held && held.space_id !== record.space_id) out.push(held);
        held = record;
      }
      return out;
    },
    end: () => (held ? [held] : []),
  };
}

async function writeFavorites(repos: Repos, entry: EntryWriter, include: IncludeFlags) {
  const sources = [
    ...(include.include_memories ? [{ kind: 'memory', table: 'memories' as const }] : []),
    ...(include.include_threads ? [{ kind: 'thread', table: 'threads' as const }] : []),
  ];
  let written = 0;
  for (const { kind, table } of sources) {
    for (let after: unknown[] | undefined; ; ) {
      const rows = await repos.rows.page(table, { after, limit: PAGE, filter: { column: 'is_favorite', op: '=', value: 1 } });
      await entry.write(rows.map(r => `${JSON.stringify({ kind, id: r.id, title: r.title, favorited_at: r.favorited_at })}\n`).join(''));
      written += rows.length;
      if (rows.length < PAGE) break;
      after = [rows.at(-1)!.id];
    }
  }
  return written;
}

async function writeWorkingMemoryMarkdown(repos: Repos, entry: EntryWriter, archive: boolean) {
  await entry.write('# Working memory\n');
  const keep = archive ? null : latestPerSpace();
  const section = (r: TableRow) => `\n## ${String(r.space_id)} · ${String(r.date)}\n\n${String(r.content).trimEnd()}\n`;
  for (let after: unknown[] | undefined; ; ) {
    const rows = await repos.rows.page('working_memory', { after, limit: PAGE });
    await entry.write((keep ? keep.push(rows) : rows).map(section).join(''));
    if (rows.length < PAGE) break;
    after = [rows.at(-1)!.space_id, rows.at(-1)!.date];
  }
  if (keep) await entry.write(keep.end().map(section).join(''));
}
