import type { EntitySnapshot, MemorySnapshot, Repos, TrashItem } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Characters of content a trash list shows. */
const PREVIEW_CHARS = 200;

/** When something deleted at `at` leaves the trash. */
export const expiresAt = (at: string, days: number) => new Date(Date.parse(at) + days * DAY_MS).toISOString();

/** The content as one line, cut at PREVIEW_CHARS. */
export function contentPreview(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length <= PREVIEW_CHARS ? line : `${line.slice(0, PREVIEW_CHARS - 1)}…`;
}

/**
 * What a delete about to run inside `tx` will need to put into the trash: snapshots of the memories and everything
 * touching them, read before anything is removed. Null when the trash is off (CAIRN_TRASH_DAYS=0).
 */
export async function captureForTrash(tx: Repos, deps: Pick<Deps, 'trashDays'>, ids: string[]): Promise<MemorySnapshot[] | null> {
  if (deps.trashDays <= 0 || ids.length === 0) return null;
  return tx.trash.capture(ids);
}

/** The entities a single delete with `cascade_delete` is about to remove (only this memory mentions them). */
export async function captureSoleEntities(tx: Repos, deps: Pick<Deps, 'trashDays'>, memoryId: string, cascade: boolean): Promise<EntitySnapshot[]> {
  if (deps.trashDays <= 0 || !cascade) return [];
  return tx.trash.captureSoleEntities(memoryId);
}

/** Stores the snapshots as trash items, inside the delete's transaction; `deletedEntities` keeps only entities that went. */
export async function moveToTrash(
  tx: Repos,
  deps: Pick<Deps, 'trashDays' | 'clock'>,
  snapshots: MemorySnapshot[],
  deletedEntities?: { snapshots: EntitySnapshot[]; ids: string[] },
): Promise<void> {
  if (snapshots.length === 0) return;
  if (deletedEntities && snapshots.length === 1) {
    const gone = new Set(deletedEntities.ids);
    snapshots[0].entities = deletedEntities.snapshots.filter(e => gone.has(e.entity.id));
  }
  const at = deps.clock.now();
  const expires = expiresAt(at, deps.trashDays);
  const items: TrashItem[] = snapshots.map(snapshot => ({
    memory_id: snapshot.memory.id,
    space_id: snapshot.memory.space_id,
    title: snapshot.memory.title,
    content_preview: contentPreview(snapshot.memory.content),
    deleted_at: at,
    expires_at: expires,
    snapshot,
  }));
  await tx.trash.insert(items);
}
