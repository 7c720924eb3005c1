import type { Deps } from '../deps.ts';
import { presentMemories, requireMemory } from '../readModel/memories.ts';

/** Sets or clears the favorite flag of a readable memory. */
export async function setMemoryFavorite(deps: Pick<Deps, 'store' | 'clock'>, id: string, isFavorite: boolean) {
  await deps.store.transaction(async tx => {
    await requireMemory(tx, id);
    await tx.memories.update(id, { is_favorite: isFavorite, favorited_at: isFavorite ? deps.clock.now() : null });
  });
  return { message: isFavorite ? 'Memory added to favorites' : 'Memory removed from favorites', id, is_favorite: isFavorite };
}

/** Favorite memories (not forgotten), most recently favorited first. */
export async function listFavoriteMemories(deps: Pick<Deps, 'store'>, limit: number) {
  return presentMemories(deps, await deps.store.memories.listFavorites(limit));
}
