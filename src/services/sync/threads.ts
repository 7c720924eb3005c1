import type { Repos } from '../../storage/ports.ts';
import { SYNCED_TABLES } from './tables.ts';

/**
 * A thread id (`thread_id`) is unique within a space: two devices that saved the same session each made a thread of
 * that id, under different record ids. Both are kept, on every device the same way: the thread with the smaller
 * record id keeps the name, the other is renamed `<thread_id>~<first 8 characters of its id>`. Nothing is merged,
 * so no message is lost or doubled. Changes `row` (the incoming thread) in place when it is the one renamed.
 */
export async function placeThread(tx: Repos, row: Record<string, unknown>): Promise<void> {
  const table = SYNCED_TABLES.thread;
  const here = await tx.threads.get(String(row.space_id), String(row.thread_id));
  if (!here || here.id === row.id) return;
  const renamed = (id: string) => `${String(row.thread_id)}~${id.slice(0, 8)}`;
  if (here.id < String(row.id)) row.thread_id = renamed(String(row.id));
  else await tx.sync.updateRow(table, [here.id], { thread_id: renamed(here.id) });
}
