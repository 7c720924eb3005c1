import { syncChangeRejected } from '../../errors.ts';
import type { FieldClock, Repos, SyncedTable, SyncStamp } from '../../storage/ports.ts';
import type { ApplyDeps, ApplyRun } from './applyRun.ts';
import type { ApplyResult, SyncChange, SyncConflict } from './changeLog.ts';
import { HLC_PATTERN, isNewer } from './clock.ts';
import { keyString, keyValues, SYNCED_TABLES } from './tables.ts';
import { placeLabel, resolveLabelKey } from './labels.ts';
import { placeThread } from './threads.ts';
import { Receipts } from './receipts.ts';
import { contentConflict, deleteMemoryHere, dropFromTrashed, keepLosingText, memoryInTrash, recomputeDerived, keepWithTrashed, reviveOrKeepInTrash, trashArrival } from './memories.ts';

/** What applying one change did: altered records, changed nothing, or must wait for a record another device makes. */
type Outcome = 'applied' | 'skipped' | 'deferred';

const PARENTS: Record<string, (row: Record<string, unknown>) => [string, string][]> = {
  memory_label: row => [['memory', String(row.memory_id)], ['label', String(row.label_id)]],
  relation: row => [['memory', String(row.source_memory_id)], ['memory', String(row.target_memory_id)]],
  message: row => [['thread', String(row.thread_pk)]],
};

/**
 * Applies other devices' changes in one transaction (SyncLog.applyRemote). Changes run in clock order (a record's
 * creation comes before its edges), each at most once; fields merge last-writer-wins by (hlc, device). A change that
 * needs a record not here yet (made on a device not heard from) is deferred: not marked applied, so it comes again.
 */
export async function applyRemote(deps: ApplyDeps, changes: SyncChange[]): Promise<ApplyResult> {
  const ordered = [...changes].sort((a, b) => (a.hlc !== b.hlc ? (a.hlc < b.hlc ? -1 : 1) : a.device < b.device ? -1 : a.device > b.device ? 1 : a.seq - b.seq));
  const result = await deps.store.transaction(async tx => {
    const run: ApplyRun = { tx, deps, conflicts: [], losers: [], rewritten: new Map(), threads: new Set() };
    const own = (await tx.sync.state()).device;
    const receipts = new Receipts(tx);
    let applied = 0;
    let skipped = 0;
    let latest: string | null = null;
    await tx.sync.setApplying(true);
    for (const change of ordered) {
      const valid =
        change.device !== own && HLC_PATTERN.test(change.hlc) && Number.isSafeInteger(change.seq) && change.seq > 0 &&
        (change.op === 'delete' || (change.op === 'put' && typeof change.fields === 'object' && change.fields !== null && !Array.isArray(change.fields)));
      if (!valid || (await receipts.seen(change.device, change.seq))) {
        skipped += 1;
        continue;
      }
      latest = change.hlc;
      const outcome = await applyOne(run, change).catch((error: unknown) => {
        throw syncChangeRejected(change.id, error instanceof Error ? error.message : String(error));
      });
      if (outcome !== 'deferred') await receipts.mark(change.device, change.seq);
      if (outcome === 'applied') applied += 1;
      else skipped += 1;
    }
    await receipts.save();
    if (latest) await tx.sync.observe(latest); // this device's next write orders after every change it has seen
    for (const threadId of run.threads) {
      await tx.sync.renumberThread(threadId);
      await tx.sync.recountThread(threadId);
    }
    await recomputeDerived(run);
    await tx.sync.setApplying(false);
    // Recorded as this device's own writes: a device that missed the conflict gets the kept version like any memory.
    for (const loser of run.losers) await keepLosingText(run, loser);
    return { applied, skipped, conflicts: run.conflicts, rewritten: run.rewritten.size };
  });
  if (result.rewritten > 0) {
    deps.indexer?.kick();
    deps.extraction.jobs?.kick();
  }
  if (result.applied > 0) deps.communities?.graphChanged();
  return { applied: result.applied, skipped: result.skipped, conflicts: result.conflicts };
}

async function applyOne(run: ApplyRun, change: SyncChange): Promise<Outcome> {
  const table = SYNCED_TABLES[change.entity];
  let key = table && keyValues(table, change.key);
  if (!table || !key) return 'skipped'; // an entity this version does not know: nothing of it is kept here
  if (change.entity === 'label') key = [await run.tx.sync.labelFor(key[0])];
  if (change.entity === 'memory_label') key = await resolveLabelKey(run.tx, key);
  const stamp: SyncStamp = { hlc: change.hlc, device: change.device };
  const clocks = await run.tx.sync.clocks(change.entity, keyString(table, key));
  return change.op === 'delete' ? applyDelete(run, table, key, stamp, clocks) : applyPut(run, table, key, change, clocks);
}

/** The change's fields that this table syncs, with the record's key columns as this device names them. */
function knownFields(table: SyncedTable, change: SyncChange, key: string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const column of table.columns) if (change.fields && column in change.fields) fields[column] = change.fields[column];
  table.key.forEach((column, i) => {
    if (column in fields) fields[column] = key[i];
  });
  return fields;
}

async function applyPut(run: ApplyRun, table: SyncedTable, key: string[], change: SyncChange, clocks: Map<string, FieldClock>): Promise<Outcome> {
  const { tx } = run;
  const stamp: SyncStamp = { hlc: change.hlc, device: change.device };
  const fields = knownFields(table, change, key);
  const winners = Object.keys(fields).filter(field => isNewer(stamp, clocks.get(field)));
  const keyText = keyString(table, key);
  let row = await tx.sync.readRow(table, key);
  let revived = false;
  if (!row && table.entity === 'memory' && (await memoryInTrash(tx, key[0]))) {
    revived = true;
    row = await reviveOrKeepInTrash(run, key[0], stamp, clocks, pick(fields, winners));
    if (!row) {
      await tx.sync.setClocks(table.entity, keyText, winners, { ...stamp, base: null });
      return winners.length > 0 ? 'applied' : 'skipped';
    }
  }
  if (!row) {
    const deleted = clocks.get('');
    const whole = table.columns.every(column => column in fields);
    if (deleted && !isNewer(stamp, deleted)) {
      // Deleted after this write: the record stays deleted (a memory goes into the trash, as on the deleting device).
      if (whole && table.entity === 'memory') await trashArrival(run, fields, deleted);
      return 'skipped';
    }
    if (!whole) return deleted ? 'skipped' : 'deferred'; // an edit of a record made elsewhere, not here yet
    for (const [entity, id] of PARENTS[table.entity]?.(fields) ?? []) {
      if (await tx.sync.readRow(SYNCED_TABLES[entity], [id])) continue;
      if (entity === 'memory' && (await keepWithTrashed(run, table.entity, fields))) {
        await tx.sync.setClocks(table.entity, keyText, Object.keys(fields), { ...stamp, base: null });
        return 'applied';
      }
      return (await tx.sync.clocks(entity, id)).has('') ? 'skipped' : 'deferred';
    }
    return insertRecord(run, table, keyText, fields, stamp);
  }

  if (table.entity === 'memory' && 'content' in fields) {
    const conflict = contentConflict(key[0], row, fields.content as string, change, clocks.get('content'));
    if (conflict) {
      run.conflicts.push(conflict.report);
      run.losers.push(conflict.loser);
    }
  }
  const changed = pick(fields, winners.filter(field => row[field] !== fields[field]));
  await tx.sync.updateRow(table, key, changed);
  await tx.sync.setClocks(table.entity, keyText, winners.filter(f => f !== 'content'), { ...stamp, base: null });
  if (winners.includes('content')) await tx.sync.setClocks(table.entity, keyText, ['content'], { ...stamp, base: change.base ?? null });
  if (table.entity === 'memory' && ('content' in changed || 'title' in changed) && !run.rewritten.has(key[0])) run.rewritten.set(key[0], 'changed');
  if (table.entity === 'message') run.threads.add(String(row.thread_pk));
  return Object.keys(changed).length > 0 || revived ? 'applied' : 'skipped';
}

async function insertRecord(run: ApplyRun, table: SyncedTable, keyText: string, fields: Record<string, unknown>, stamp: SyncStamp): Promise<Outcome> {
  const { tx } = run;
  const row = { ...fields };
  if (table.entity === 'label' && !(await placeLabel(tx, row, stamp))) return 'applied'; // merged into this device's label of the name
  if (table.entity === 'memory') Object.assign(row, { version: 1, reindex_needed: run.deps.indexer ? 1 : 0 });
  if (table.entity === 'thread') {
    await placeThread(tx, row);
    Object.assign(row, { message_count: 0, last_message_at: null });
  }
  if (table.entity === 'message') {
    // Placed last for now: applyRemote then numbers the thread again by creation clock, the order every device
    // ends with (two devices that appended at one place both keep their message).
    row.position = await tx.sync.endPosition(String(row.thread_pk));
    run.threads.add(String(row.thread_pk));
  }
  await tx.sync.insertRow(table, row);
  await tx.sync.setClocks(table.entity, keyText, Object.keys(fields), { ...stamp, base: null });
  if (table.entity === 'memory') run.rewritten.set(String(row.id), 'new');
  return 'applied';
}

async function applyDelete(run: ApplyRun, table: SyncedTable, key: string[], stamp: SyncStamp, clocks: Map<string, FieldClock>): Promise<Outcome> {
  const { tx } = run;
  const keyText = keyString(table, key);
  // An edit made after the delete (on any device) keeps the record: the delete is ignored.
  for (const [field, clock] of clocks) if (field !== '' && isNewer(clock, stamp)) return 'skipped';
  const deleted = clocks.get('');
  if (!deleted || isNewer(stamp, deleted)) await tx.sync.setClocks(table.entity, keyText, [''], { ...stamp, base: null });
  const row = await tx.sync.readRow(table, key);
  if (!row) {
    if (table.entity === 'memory_label' || table.entity === 'relation') await dropFromTrashed(run, table.entity, key);
    return 'skipped';
  }
  if (table.entity === 'memory') await deleteMemoryHere(run, key[0]);
  else await tx.sync.deleteRow(table, key);
  if (table.entity === 'message') run.threads.add(String(row.thread_pk));
  return 'applied';
}

const pick = (fields: Record<string, unknown>, names: string[]) => Object.fromEntries(names.map(name => [name, fields[name]]));
