/** A crystal's sources for the Library. */
import type { Deps } from '../deps.ts';
import { loadCrystal } from './load.ts';
import { presentMemories } from './present.ts';

/**
 * The crystal's source memories, heaviest `contribution_weight` first, at most `limit`; forgotten or deleted sources
 * are never listed (they make the crystal stale, which `stale` and `stale_sources` say). 404 `crystal_not_found`.
 */
export async function crystalSourceMemories(deps: Pick<Deps, 'store'>, crystalId: string, input: { limit: number }) {
  const view = await loadCrystal(deps.store, crystalId);
  const sources = view.sources.slice(0, input.limit);
  const presented = await presentMemories(deps.store, sources.map(s => s.memory));
  return {
    crystal_id: crystalId,
    sources: sources.map((s, i) => ({ memory: presented[i], contribution_weight: s.contribution_weight })),
    stale: view.staleness.stale,
    // A forgotten source is not named, not even by id.
    stale_sources: view.staleness.stale_sources.map(s => (s.reason === 'source_forgotten' ? { memory_id: null, reason: s.reason } : s)),
  };
}
