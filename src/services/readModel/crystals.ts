import { crystalStaleness, type StaleReason, type Staleness } from '../../domain/crystal.ts';
import type { CrystalSynthesis, MemoryRecord, Repos } from '../../storage/ports.ts';

/** A CRYSTALLIZED_FROM edge as a reader sees it. */
export interface CrystalSourceDetail {
  memory_id: string;
  contribution_weight: number;
  /** Order of the source in the crystal (0 first). */
  position: number;
  /** The source's version when the crystal was made. */
  source_version: number;
  /** The source as it is now; null when it was deleted or forgotten (so it is never shown). */
  memory: MemoryRecord | null;
  /** Why this source makes the crystal stale, or null when it reads as it did. */
  stale_reason: StaleReason | null;
}

export interface CrystalDetails extends Staleness {
  id: string;
  synthesis: CrystalSynthesis;
  community_id: number | null;
  created_at: string;
  /** Heaviest first, ties by position; deleted and forgotten sources are listed with `memory: null`. */
  sources: CrystalSourceDetail[];
}

/** What a crystal's memory record says about it (the `crystal` field of the record). */
export interface CrystalSummary extends Staleness {
  synthesis: CrystalSynthesis;
  community_id: number | null;
  source_count: number;
}

/**
 * The crystals among `ids` (other ids are absent from the map) with their sources, weights and staleness computed
 * now (a source changed since, forgotten or deleted). Three queries, whatever the number of crystals.
 */
export async function crystalDetails(deps: { store: Pick<Repos, 'crystals' | 'memories'> }, ids: string[]): Promise<Map<string, CrystalDetails>> {
  const details = new Map<string, CrystalDetails>();
  if (ids.length === 0) return details;
  const [crystals, sourcesOf] = await Promise.all([deps.store.crystals.getMany(ids), deps.store.crystals.sourcesOf(ids)]);
  if (crystals.length === 0) return details;
  const sourceIds = [...new Set([...sourcesOf.values()].flat().map(s => s.memory_id))];
  const memories = new Map((await deps.store.memories.getMany(sourceIds)).map(m => [m.id, m]));
  for (const crystal of crystals) {
    const sources = sourcesOf.get(crystal.id) ?? [];
    const staleness = crystalStaleness([...sources].sort((a, b) => a.position - b.position), memories);
    const reasons = new Map(staleness.stale_sources.map(s => [s.memory_id, s.reason]));
    details.set(crystal.id, {
      id: crystal.id,
      synthesis: crystal.synthesis,
      community_id: crystal.community_id,
      created_at: crystal.created_at,
      ...staleness,
      sources: sources.map(s => {
        const memory = memories.get(s.memory_id);
        return {
          memory_id: s.memory_id,
          contribution_weight: s.contribution_weight,
          position: s.position,
          source_version: s.source_version,
          memory: memory && memory.lifecycle_state !== 'forgotten' ? memory : null,
          stale_reason: reasons.get(s.memory_id) ?? null,
        };
      }),
    });
  }
  return details;
}

/** The `crystal` field of each crystal among these memories; ordinary memories cost nothing. */
export async function crystalSummaries(deps: { store: Pick<Repos, 'crystals' | 'memories'> }, memories: readonly MemoryRecord[]) {
  const ids = memories.filter(m => m.is_crystal).map(m => m.id);
  const details = await crystalDetails(deps, ids);
  return new Map(
    [...details].map(([id, d]): [string, CrystalSummary] => [
      id,
      { synthesis: d.synthesis, community_id: d.community_id, source_count: d.sources.length, stale: d.stale, stale_sources: d.stale_sources },
    ]),
  );
}
