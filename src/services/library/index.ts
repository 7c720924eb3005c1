/** The Library's front page: one row per topic, and the cheap counts an export is sized by. */
import type { Deps } from '../deps.ts';
import { crystalRefs, known, liveMemories } from './load.ts';
import { presentMemories } from './present.ts';

const CRYSTALS_PER_ROW = 10;

export interface WikiIndexInput {
  community_limit: number;
  top_per_community: number;
  /** Absent: no `top_memories` in the rows. */
  include_top_memories?: number;
}

/**
 * Communities largest first, each with its most central entities, its crystals (not forgotten, stale ones marked)
 * and, when asked, the memories mentioning most of its entities. Reads the global graph, whatever the space.
 */
export async function wikiIndex(deps: Pick<Deps, 'store'>, input: WikiIndexInput) {
  const { store } = deps;
  const { items, total } = await store.communities.list(input.community_limit, 0);
  const ids = items.map(c => c.id);
  const members = await store.libraryReads.membersOf(ids, input.top_per_community);
  const entities = new Map((await store.entities.getMany([...members.values()].flat().map(m => m.entity_id))).filter(known).map(e => [e.id, e]));
  const crystals = await store.crystals.ofCommunities(ids, CRYSTALS_PER_ROW);
  const rows = [];
  for (const community of items) {
    const row = {
      community_id: community.id,
      name: community.name,
      summary: community.summary,
      entity_count: community.entity_count,
      memory_count: community.memory_count,
      entities: (members.get(community.id) ?? []).flatMap(m => {
        const e = entities.get(m.entity_id);
        return e ? [{ id: e.id, name: e.name, entity_type: e.entity_type, mention_count: e.mention_count }] : [];
      }),
      crystals: await crystalRefs(store, (crystals.get(community.id) ?? []).map(c => c.id)),
    };
    if (input.include_top_memories === undefined) rows.push(row);
    else {
      const hits = input.include_top_memories === 0 ? [] : await store.communityGraph.topMemories(community.id, input.include_top_memories);
      rows.push({ ...row, top_memories: await presentMemories(store, await liveMemories(store, hits.map(h => h.memory_id))) });
    }
  }
  return { rows, total };
}

/** Default `entity_limit` of the exports, which `estimated_files` assumes. */
const DEFAULT_EXPORT_ENTITIES = 500;

/** Counts over the whole graph (forgotten memories and their crystals left out) and the files a default wiki export holds. */
export async function wikiExportSummary(deps: Pick<Deps, 'store'>) {
  const counts = await deps.store.libraryReads.counts();
  const estimated_files = 1 + counts.communities + Math.min(counts.entities, DEFAULT_EXPORT_ENTITIES) + counts.crystals;
  return { ...counts, estimated_files };
}
