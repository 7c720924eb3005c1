import type { Deps } from '../deps.ts';
import { requireMemory } from './read.ts';
import { detachMemoryGraph } from '../graph/write.ts';

/**
 * Deletes a memory and every edge touching it (labels, EVOLVES, MENTIONS, the RELATES_TO edges it evidenced).
 * With `cascade_delete` the entities no other memory mentions are deleted too; the others keep their other mentions.
 */
export async function deleteMemory(deps: Pick<Deps, 'store' | 'indexer' | 'communities'>, id: string, input: { cascade_delete: boolean; space_id?: string }) {
  const result = await deps.store.transaction(async tx => {
    await requireMemory(tx, id, { space_id: input.space_id, includeForgotten: true });
    const graph = await detachMemoryGraph(tx, id, input.cascade_delete);
    const { edges } = await tx.memories.deleteMany([id]);
    return { message: `Memory ${id} deleted`, id, deleted_relationships: edges + graph.edges, deleted_entities: graph.entities, cascade_delete: input.cascade_delete };
  });
  if (deps.indexer) (await deps.indexer.vectors()).remove([id]);
  deps.communities?.graphChanged();
  return result;
}
