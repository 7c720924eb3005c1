/** Crystals: memories synthesised from other memories. Pure rules shared by crystal writes and Library reads. */

export type StaleReason = 'source_changed' | 'source_forgotten' | 'source_deleted';

export interface CrystalSourceState {
  memory_id: string;
  /** The source's version when the crystal was made. */
  source_version: number;
}

export interface SourceMemoryState {
  id: string;
  version: number;
  lifecycle_state: string;
}

export interface Staleness {
  stale: boolean;
  /** One entry per source that no longer reads as it did, in source order. */
  stale_sources: { memory_id: string; reason: StaleReason }[];
}

/**
 * Whether a crystal still says what its sources say: it is stale once a source's content changed since (its version
 * moved on), or the source was forgotten or deleted. A source restored unchanged makes it current again.
 */
export function crystalStaleness(sources: readonly CrystalSourceState[], memories: ReadonlyMap<string, SourceMemoryState>): Staleness {
  const stale_sources: Staleness['stale_sources'] = [];
  for (const source of sources) {
    const memory = memories.get(source.memory_id);
    if (!memory) stale_sources.push({ memory_id: source.memory_id, reason: 'source_deleted' });
    else if (memory.lifecycle_state === 'forgotten') stale_sources.push({ memory_id: source.memory_id, reason: 'source_forgotten' });
    else if (memory.version !== source.source_version) stale_sources.push({ memory_id: source.memory_id, reason: 'source_changed' });
  }
  return { stale: stale_sources.length > 0, stale_sources };
}
