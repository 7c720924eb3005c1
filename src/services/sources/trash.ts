/**
 * A source goes to the trash with its chunks: the chunk memories are trashed like any deleted memory and the source
 * is marked deleted, in one transaction. Restoring the source (POST /trash/restore with its id) brings both back;
 * chunks whose trash items are gone (emptied, expired) are cut again from the source's text. With the trash off
 * (CAIRN_TRASH_DAYS=0) a delete is final.
 */
import type { Deps } from '../deps.ts';
import { captureForTrash, moveToTrash } from '../trash/capture.ts';
import { restoreFromTrash } from '../trash/restore.ts';
import { afterChunksWritten, writeChunks } from './chunks.ts';
import type { IngestDeps } from './ingest.ts';
import { requireSource } from './read.ts';

export async function deleteSource(deps: Pick<Deps, 'store' | 'clock' | 'trashDays' | 'communities'>, id: string, spaceId?: string | null) {
  const source = await requireSource(deps.store, id, spaceId);
  const result = await deps.store.transaction(async tx => {
    const chunkIds = await tx.sources.chunkIds(id);
    const snapshots = await captureForTrash(tx, deps, chunkIds);
    const { memories } = chunkIds.length > 0 ? await tx.memories.deleteMany(chunkIds) : { memories: 0 };
    if (snapshots) {
      await moveToTrash(tx, deps, snapshots);
      await tx.sources.update(id, { deleted_at: deps.clock.now() });
    } else await tx.sources.delete(id);
    return { memories, trashed: snapshots !== null };
  });
  deps.communities?.graphChanged();
  return {
    message: result.trashed ? `Source ${source.original_name} moved to the trash with ${result.memories} chunks` : `Source ${source.original_name} deleted with ${result.memories} chunks`,
    source_id: id,
    deleted_memories: result.memories,
    in_trash: result.trashed,
  };
}

/** Brings a trashed source back with its chunks; undefined when `id` is no trashed source. */
async function restoreSource(deps: IngestDeps, id: string) {
  const source = await deps.store.sources.getById(id);
  if (!source || source.deleted_at === null) return undefined;
  const chunkIds = await deps.store.sources.chunkIds(id);
  const restored = await restoreFromTrash(deps, { ids: chunkIds });
  const missing = restored.results.some(r => r.status !== 'restored');
  await deps.store.transaction(async tx => {
    // A chunk gone from the trash (emptied, expired) or taken by a live memory: the chunks are cut again from the text.
    const chunkCount = missing ? (await writeChunks(tx, deps, source, { text: source.content, title: (source.metadata.title as string | undefined) ?? null })).length : source.chunk_count;
    await tx.sources.update(id, { deleted_at: null, chunk_count: chunkCount, updated_at: deps.clock.now() });
  });
  if (missing) afterChunksWritten(deps);
  return { id, status: 'restored' as const };
}

/**
 * POST /trash/restore: ids of trashed sources restore the source and its chunks; every other id is a trashed memory,
 * restored as the trash restores memories.
 */
export async function restoreTrashItems(deps: IngestDeps & Pick<Deps, 'trashDays'>, input: { ids: string[] }) {
  const ids = [...new Set(input.ids)];
  const sources = new Map<string, { id: string; status: 'restored' }>();
  for (const id of ids) {
    const restored = await restoreSource(deps, id);
    if (restored) sources.set(id, restored);
  }
  const memories = await restoreFromTrash(deps, { ids: ids.filter(id => !sources.has(id)) });
  const byId = new Map(memories.results.map(r => [r.id, r]));
  const results = ids.map(id => sources.get(id) ?? byId.get(id)!);
  const restored = results.filter(r => r.status === 'restored').length;
  return {
    restored_count: restored,
    failed_count: ids.length - restored,
    results,
    message: sources.size > 0 ? `Restored ${restored} of ${ids.length} (${sources.size} sources with their chunks)` : memories.message,
  };
}

