import type { Deps } from '../deps.ts';
import { memoryLock } from '../locks.ts';
import { requireMemory } from '../readModel/memories.ts';
import { detachMemoryGraph } from '../graph/write.ts';
import { captureForTrash, captureSoleEntities, moveToTrash } from '../trash/capture.ts';

/**
 * Deletes a memory and every edge touching it (labels, EVOLVES, MENTIONS, the RELATES_TO edges it evidenced).
 * With `cascade_delete` the entities no other memory mentions are deleted too; the others keep their other mentions.
 * Unless the trash is off, the memory and all that went with it are kept in the trash, in the same transaction.
 */
export async function deleteMemory(
  deps: Pick<Deps, 'store' | 'trashDays' | 'clock' | 'communities'>,
  id: string,
  input: { cascade_delete: boolean; space_id?: string },
) {
  const result = await deps.store.transaction(async tx => {
    await tx.locks.hold([memoryLock(id)]); // a concurrent delete of it waits, then finds nothing: one 200, then 404s
    await requireMemory(tx, id, { space_id: input.space_id, includeForgotten: true });
    const snapshots = await captureForTrash(tx, deps, [id]);
    const entities = await captureSoleEntities(tx, deps, id, input.cascade_delete);
    const graph = await detachMemoryGraph(tx, id, input.cascade_delete);
    const { edges } = await tx.memories.deleteMany([id]);
    if (snapshots) await moveToTrash(tx, deps, snapshots, { snapshots: entities, ids: graph.deleted_entity_ids });
    return { message: `Memory ${id} deleted`, id, deleted_relationships: edges + graph.edges, deleted_entities: graph.entities, cascade_delete: input.cascade_delete };
  });
  deps.communities?.graphChanged();
  return result;
}
