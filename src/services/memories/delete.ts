import type { Deps } from '../deps.ts';
import { requireMemory } from './read.ts';

/**
 * Deletes a memory and every edge touching it (labels, EVOLVES).
 * `cascade_delete` will also remove entities only this memory mentions once the knowledge graph exists;
 * until then `deleted_entities` is always 0.
 */
export async function deleteMemory(deps: Pick<Deps, 'store' | 'indexer'>, id: string, input: { cascade_delete: boolean; space_id?: string }) {
  const result = await deps.store.transaction(async tx => {
    await requireMemory(tx, id, { space_id: input.space_id, includeForgotten: true });
    const { edges } = await tx.memories.deleteMany([id]);
    return { message: `Memory ${id} deleted`, id, deleted_relationships: edges, deleted_entities: 0, cascade_delete: input.cascade_delete };
  });
  if (deps.indexer) (await deps.indexer.vectors()).remove([id]);
  return result;
}
