import { AppError, InputError } from '../../errors.ts';
import type { Repos, TableRow } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { readArchive } from './archive.ts';
import type { Progress } from '../ports.ts';
import { type IncludeFlags, includeFlagsOf, KINDS, type KindSpec, toRow } from './kinds.ts';
import { type ArchiveFormat, resolveImportSource } from './paths.ts';
import { verifyArchive } from './verify.ts';

export type ImportMode = 'merge' | 'skip' | 'overwrite';

export interface ImportInput extends IncludeFlags {
  import_path: string;
  mode: ImportMode;
}

export interface ImportPlan {
  source: { path: string; format: ArchiveFormat };
  mode: ImportMode;
  include: IncludeFlags;
}

export interface KindCounts {
  inserted: number;
  updated: number;
  skipped: number;
}

type ImportDeps = Pick<Deps, 'store' | 'exportDir' | 'indexer'>;

/** Records per insert batch. */
const BATCH = 500;

const refuse = (message: string) => new InputError(['body', 'import_path'], message);

/** Checks the request: the archive must exist inside the export root (422 otherwise). */
export async function planImport(deps: Pick<Deps, 'exportDir'>, input: ImportInput): Promise<ImportPlan> {
  const source = await resolveImportSource(deps.exportDir, input.import_path);
  const include = includeFlagsOf(input);
  return { source, mode: input.mode, include };
}

/**
 * Restores an archive. The whole archive is verified against its manifest first (a damaged, truncated or unsafe one is
 * refused before anything is written); then every included kind goes in within one transaction, so a failure leaves
 * the store as it was. `merge` inserts missing records and updates existing ones by id unless the stored copy is newer
 * (records held here under another id, by a label's name or a thread's id, are mapped onto them), `skip` only inserts missing
 * ones, `overwrite` clears the store's data first. Full text follows by trigger; imported memories are queued for
 * embedding.
 */
export async function runImport(deps: ImportDeps, plan: ImportPlan, progress: Progress = () => {}) {
  const manifest = await verifyArchive(plan.source, fraction => progress(0.3 * fraction));
  const kinds = KINDS.filter(k => k.table !== null && k.included(plan.include) && k.file in manifest.files);
  const counts: Record<string, KindCounts> = Object.fromEntries(kinds.map(k => [k.kind, { inserted: 0, updated: 0, skipped: 0 }]));
  const warnings: string[] = [];
  const totalLines = kinds.reduce((sum, k) => sum + manifest.files[k.file]!.lines, 0);
  let doneLines = 0;
  const merge: MergeState = { remapped: new Map(), warn: message => warnings.includes(message) || warnings.push(message) };

  await deps.store.transaction(async tx => {
    if (plan.mode === 'overwrite') await tx.rows.clearData();
    const byFile = new Map(kinds.map(k => [k.file, k]));
    const present = new Map<string, boolean>();
    for (const spec of kinds) present.set(spec.kind, await tx.rows.hasTable(spec.table!));
    type Current = { spec: KindSpec; lines: LineReader; batch: TableRow[]; line: number };
    let current = null as Current | null;
    const flush = async () => {
      if (!current || current.batch.length === 0) return;
      const { spec, batch, line } = current;
      current.batch = [];
      if (present.get(spec.kind)) await importBatch(tx, spec, batch, plan.mode, counts[spec.kind]!, line - batch.length + 1, merge);
      doneLines += batch.length;
      progress(0.3 + 0.7 * (totalLines === 0 ? 1 : doneLines / totalLines));
    };
    for await (const { name, chunk, final } of readArchive(plan.source, kinds.map(k => k.file))) {
      const spec = byFile.get(name);
      if (!spec) continue;
      if (current?.spec !== spec) current = { spec, lines: lineReader(), batch: [], line: 0 };
      for (const text of current.lines.push(chunk, final)) {
        current.line++;
        current.batch.push(parseRecord(text, spec.file, current.line));
        if (current.batch.length >= BATCH) await flush();
      }
      if (final) await flush();
    }
    if (kinds.some(k => k.table === 'threads' || k.table === 'thread_messages')) await tx.rows.recountThreadMessages();
    for (const spec of kinds) {
      if (!present.get(spec.kind) && manifest.files[spec.file]!.lines > 0) {
        warnings.push(`${spec.kind}: this store has no ${spec.kind.replace('_', ' ')}; ${manifest.files[spec.file]!.lines} records were not imported`);
      }
    }
  });
  refreshSearch(deps);
  return { success: true, import_path: plan.source.path, format: plan.source.format, mode: plan.mode, archive_created_at: manifest.created_at, counts, warnings };
}

/** Checks and runs an import, for callers that wait for it. */
export async function importData(deps: ImportDeps, input: ImportInput, progress?: Progress) {
  return runImport(deps, await planImport(deps, input), progress);
}

/** Imported memories get embedded (the store's vector search already follows what the import wrote and removed). */
function refreshSearch(deps: ImportDeps) {
  deps.indexer?.kick();
}

interface LineReader {
  push(chunk: Uint8Array, final: boolean): string[];
}

/** Splits a file's chunks into lines, decoding UTF-8 across chunk boundaries. */
function lineReader(): LineReader {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let carry = '';
  return {
    push(chunk, final) {
      const text = carry + decoder.decode(chunk, { stream: !final });
      const lines = text.split('\n');
      carry = lines.pop() ?? '';
      if (final && carry !== '') lines.push(carry);
      return lines.filter(line => line !== '');
    },
  };
}

function parseRecord(text: string, file: string, line: number): TableRow {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    throw refuse(`${file} line ${line} is not valid JSON`);
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) throw refuse(`${file} line ${line} is not a JSON object`);
  return record as TableRow;
}

/** Stored rows of a batch, checked against the table's columns; nested children come back apart. */
async function toRows(tx: Repos, spec: KindSpec, records: TableRow[], firstLine: number) {
  const allowed = new Set(await tx.rows.columns(spec.table!));
  const key = tx.rows.keyOf(spec.table!);
  const childFields = new Set((spec.children ?? []).map(c => c.field));
  return records.map((record, i) => {
    for (const field of Object.keys(record)) {
      if (!allowed.has(field) && !childFields.has(field)) throw refuse(`${spec.file} line ${firstLine + i} has an unknown field "${field}"`);
    }
    for (const column of key) if (record[column] === undefined || record[column] === null) throw refuse(`${spec.file} line ${firstLine + i} has no ${column}`);
    const plain = Object.fromEntries(Object.entries(record).filter(([field]) => !childFields.has(field)));
    const row = toRow(spec, plain);
    if (spec.table === 'memories') row.reindex_needed = 1; // vectors are made again where the archive lands
    return row;
  });
}

/**
 * What one import learns across kinds: archive ids mapped onto the ids of records this store already holds under the
 * same natural key (a label's name, a thread's space and thread id, a relation's ends and type), per table.
 */
interface MergeState {
  remapped: Map<string, Map<string, string>>;
  warn(message: string): void;
}

/** Columns that point at a record of another table whose id may have been mapped. */
const REFERENCES: Record<string, Record<string, string>> = { memory_labels: { label_id: 'labels' }, thread_messages: { thread_pk: 'threads' } };

/**
 * Drops the records this store already holds under another id (counted as skipped, their id mapped for the records
 * that point at them), and points references at the mapped ids. Messages of a thread this store already has are left
 * out with a warning: splicing two histories of one conversation is a sync (`POST /threads/import`), not a restore.
 */
async function reconcile(tx: Repos, table: NonNullable<KindSpec['table']>, rows: TableRow[], records: TableRow[], state: MergeState, counts: KindCounts) {
  const keep: number[] = [];
  const natural = tx.rows.naturalKeyOf(table);
  const known = natural ? await tx.rows.idsByNaturalKey(table, rows) : new Map<string, string>();
  rows.forEach((row, i) => {
    for (const [column, target] of Object.entries(REFERENCES[table] ?? {})) {
      const mapped = state.remapped.get(target)?.get(String(row[column]));
      if (mapped === undefined) continue;
      if (table === 'thread_messages') {
        state.warn(`messages: thread ${mapped} exists here already under another id; its archived messages were left out (sync them with POST /threads/import)`);
        counts.skipped++;
        return;
      }
      row[column] = mapped;
    }
    const existingId = natural ? known.get(natural.map(c => String(row[c])).join('\u0000')) : undefined;
    if (existingId !== undefined && existingId !== String(row.id)) {
      if (!state.remapped.has(table)) state.remapped.set(table, new Map());
      state.remapped.get(table)!.set(String(row.id), existingId);
      counts.skipped++;
      return;
    }
    keep.push(i);
  });
  return { rows: keep.map(i => rows[i]!), records: keep.map(i => records[i]!) };
}

async function importBatch(
  tx: Repos,
  spec: KindSpec,
  batch: TableRow[],
  mode: ImportMode,
  counts: KindCounts,
  firstLine: number,
  state: MergeState,
) {
  const table = spec.table!;
  const converted = await toRows(tx, spec, batch, firstLine);
  const { rows, records } = mode === 'overwrite' ? { rows: converted, records: batch } : await reconcile(tx, table, converted, batch, state, counts);
  if (rows.length === 0) return;
  const key = tx.rows.keyOf(table);
  try {
    const existing = mode === 'overwrite' ? new Set<string>() : await tx.rows.existingKeys(table, rows);
    const written = await tx.rows.upsert(table, rows, mode === 'skip' ? 'skip' : 'update');
    const inserted = rows.length - existing.size;
    // In a merge an existing record is updated only when the archive's copy is not older than the stored one.
    const updated = mode === 'merge' ? Math.max(0, written - inserted) : 0;
    counts.inserted += inserted;
    counts.updated += updated;
    counts.skipped += existing.size - updated;
    for (const child of spec.children ?? []) {
      const children: TableRow[] = [];
      records.forEach((record, i) => {
        const parentKey = key.map(c => String(rows[i]![c])).join('\u0000');
        if (mode === 'skip' && existing.has(parentKey)) return; // a record left as it was keeps its own children
        const list = record[child.field] ?? [];
        if (!Array.isArray(list)) throw refuse(`${spec.file} line ${firstLine + i}: ${child.field} is not a list`);
        for (const item of list as TableRow[]) children.push({ ...toRow(child, item), [child.column]: record.id });
      });
      if (children.length > 0) await tx.rows.upsert(child.table, children, mode === 'skip' ? 'skip' : 'update');
    }
  } catch (error) {
    if (error instanceof InputError || error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw refuse(`${spec.file} lines ${firstLine}–${firstLine + batch.length - 1} could not be imported (nothing was written): ${reason}`);
  }
}
