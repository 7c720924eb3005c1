import type { Deps } from '../deps.ts';
import { deleteMemory } from '../memories/delete.ts';
import { requireThread } from './messages.ts';

/**
 * Deletes a thread and its messages. With `cascade_delete_memories`, the memories whose source is the thread are
 * deleted first, each through the memory delete (labels, edges, entities and vectors go with them); a failure there
 * leaves the thread in place. Without it, those memories stay and no longer name the thread as their source.
 */
export async function deleteThread(
  deps: Pick<Deps, 'store'> & Parameters<typeof deleteMemory>[0],
  threadId: string,
  input: { cascade_delete_memories: boolean; space_id?: string },
) {
  const thread = await requireThread(deps.store, threadId, input.space_id);
  let deletedMemories = 0;
  if (input.cascade_delete_memories) {
    for (const id of await deps.store.threads.memoryIds(thread.space_id, thread.thread_id)) {
      await deleteMemory(deps, id, { cascade_delete: true, space_id: thread.space_id });
      deletedMemories++;
    }
  }
  const deletedMessages = await deps.store.transaction(async tx => {
    const current = await requireThread(tx, threadId, input.space_id);
    if (!input.cascade_delete_memories) await tx.threads.clearProvenance(current.space_id, current.thread_id);
    return tx.threads.delete(current.id);
  });
  return {
    message: `Thread ${threadId} deleted`,
    thread_id: threadId,
    space_id: thread.space_id,
    deleted_messages: deletedMessages,
    deleted_memories: deletedMemories,
    cascade_deletion: input.cascade_delete_memories,
  };
}
