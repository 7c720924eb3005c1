import type { Deps } from '../deps.ts';
import { requireThread } from './messages.ts';
import { presentThreadPublic } from '../readModel/threads.ts';

/** Sets or clears a thread's favorite flag (404 `thread_not_found` for a thread the space does not have). */
export async function setThreadFavorite(deps: Pick<Deps, 'store' | 'clock'>, threadId: string, input: { is_favorite: boolean; space_id?: string }) {
  await deps.store.transaction(async tx => {
    const thread = await requireThread(tx, threadId, input.space_id);
    if (thread.is_favorite === input.is_favorite) return; // keeps the original favorited_at
    await tx.threads.update(thread.id, { is_favorite: input.is_favorite, favorited_at: input.is_favorite ? deps.clock.now() : null });
  });
  return {
    message: input.is_favorite ? 'Thread added to favorites' : 'Thread removed from favorites',
    thread_id: threadId,
    is_favorite: input.is_favorite,
  };
}

/** Favorite threads of every space, most recently favorited first (ties by thread_id, descending). */
export async function listFavoriteThreads(deps: Pick<Deps, 'store'>, limit: number) {
  return (await deps.store.threads.listFavorites(limit)).map(presentThreadPublic);
}
