import { randomUUID } from 'node:crypto';
import { runAlone } from '../singleton.ts';
import { notFound } from '../../errors.ts';
import { DAY_MS } from './capture.ts';
import type { TrashEntry } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { presentMemory } from '../readModel/memories.ts';


const presentEntry = (entry: TrashEntry) => ({
  id: entry.memory_id,
  title: entry.title,
  content_preview: entry.content_preview,
  space_id: entry.space_id,
  deleted_at: entry.deleted_at,
  expires_at: entry.expires_at,
});

/** Removes what has outlived its days in the trash; returns how many went. */
export function purgeExpiredTrash(deps: Pick<Deps, 'store' | 'clock'>): Promise<number> {
  return deps.store.trash.purgeExpired(deps.clock.now());
}

/** A page of the trash, newest deletion first (expired items are purged first). */
export async function listTrash(deps: Pick<Deps, 'store' | 'clock' | 'trashDays'>, input: { limit: number; offset: number; space_id?: string }) {
  await purgeExpiredTrash(deps);
  const { items, total } = await deps.store.trash.list(input);
  return {
    items: items.map(presentEntry),
    trash_days: deps.trashDays,
    pagination: { limit: input.limit, offset: input.offset, total, has_more: input.offset + items.length < total },
  };
}

/** One trashed memory as it was deleted, with what a restore would bring back; 404 when it is not in the trash. */
export async function getTrashItem(deps: Pick<Deps, 'store' | 'clock'>, id: string) {
  await purgeExpiredTrash(deps);
  const [item] = await deps.store.trash.getMany([id]);
  if (!item) throw notFound('memory', id);
  const { memory, labels, relations, mentions, entities } = item.snapshot;
  return {
    ...presentEntry(item),
    memory: presentMemory(memory, labels.map(l => l.label)),
    relation_count: relations.length,
    mention_count: mentions.length,
    deleted_entity_count: entities.length,
  };
}

/** Deletes for good the given trashed memories, or everything in the trash; returns how many went. */
export async function emptyTrash(deps: Pick<Deps, 'store'>, input: { ids?: string[] | null }) {
  const deleted = input.ids ? await deps.store.trash.remove(input.ids) : await deps.store.trash.removeAll();
  return { deleted_count: deleted, message: `Permanently deleted ${deleted} memories from the trash` };
}

/** Purges expired trash about daily while the process runs (the timer never keeps it alive); returns a stop function. */
export function startTrashPurge(deps: Pick<Deps, 'store' | 'clock'>, log: (message: string) => void = () => {}, holder: string = randomUUID()): () => void {
  // One process purges at a time; the others find the lease taken and skip this round.
  const run = () =>
    runAlone(deps, { name: 'trash-purge', holder, leaseMs: 60 * 60_000 }, () => purgeExpiredTrash(deps)).then(
      outcome => outcome.ran && outcome.value > 0 && log(`trash: ${outcome.value} expired memories deleted for good`),
      error => log(`trash purge failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  const timer = setInterval(run, DAY_MS).unref();
  return () => clearInterval(timer);
}
