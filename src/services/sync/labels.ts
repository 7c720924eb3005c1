import type { Repos, SyncStamp } from '../../storage/ports.ts';
import { isNewer } from './clock.ts';
import { SYNCED_TABLES } from './tables.ts';

/** A memory_label key with its label as this device names it (a label merged into another by name lands there). */
export async function resolveLabelKey(tx: Repos, key: string[]): Promise<string[]> {
  return [key[0], await tx.sync.labelFor(key[1])];
}

/**
 * Two devices made a label of one name (label names are unique), each with its own id. Both devices keep the
 * smaller id: the other becomes its alias, its edges move onto it, and each field keeps the later write of the two.
 * Returns whether `row` (the incoming label) is to be inserted; false when it merged into the label here.
 */
export async function placeLabel(tx: Repos, row: Record<string, unknown>, stamp: SyncStamp): Promise<boolean> {
  const here = await tx.labels.getByName(String(row.name));
  if (!here || here.id === row.id) return true;
  const table = SYNCED_TABLES.label;
  const incomingId = String(row.id);
  const hereClocks = await tx.sync.clocks('label', here.id);
  const fields = table.columns.filter(c => c !== 'id' && c !== 'name');
  if (here.id < incomingId) {
    // The label here stays: the incoming one's later fields land on it.
    const later = fields.filter(f => isNewer(stamp, hereClocks.get(f)) && f in row);
    await tx.sync.updateRow(table, [here.id], Object.fromEntries(later.map(f => [f, row[f]])));
    await tx.sync.setClocks('label', here.id, later, { ...stamp, base: null });
    await tx.sync.aliasLabel(incomingId, here.id);
    return false;
  }
  // The incoming label takes the name: the one here steps aside, hands over its edges and later fields, and goes.
  const current = (await tx.sync.readRow(table, [here.id]))!;
  const kept = fields.filter(f => hereClocks.has(f) && !isNewer(stamp, hereClocks.get(f)));
  for (const f of kept) row[f] = current[f];
  await tx.sync.updateRow(table, [here.id], { name: `\u0000sync-merged:${here.id}` });
  await tx.sync.insertRow(table, row);
  await tx.sync.aliasLabel(here.id, incomingId);
  await tx.sync.deleteRow(table, [here.id]);
  await tx.sync.setClocks('label', incomingId, table.columns.filter(c => !kept.includes(c)), { ...stamp, base: null });
  for (const f of kept) await tx.sync.setClocks('label', incomingId, [f], hereClocks.get(f)!);
  return false;
}
