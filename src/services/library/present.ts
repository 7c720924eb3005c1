import type { MemoryRecord, Repos } from '../../storage/ports.ts';
import { presentMemory } from '../readModel/memories.ts';

/** Memories as the API shows them (with their labels), in the order given. */
export async function presentMemories(repos: Pick<Repos, 'memoryLabels'>, memories: MemoryRecord[]) {
  const labels = await repos.memoryLabels.labelsOf(memories.map(m => m.id));
  return memories.map(m => presentMemory(m, labels.get(m.id) ?? []));
}
