import type { Deps } from '../deps.ts';
import { loadEntityGraph } from './analysis.ts';

/** The most orphans one list or one cleanup handles; a cleanup says `remaining` when more are left. */
export const MAX_ORPHANS = 1000;

/**
 * Orphans: entities no memory mentions (left behind by a delete without cascade, or a bulk delete). Their
 * RELATES_TO edges carry no evidence any more, so they are safe to remove.
 */
export async function listOrphans(deps: Pick<Deps, 'store'>) {
  const { items, total } = await deps.store.entities.listUnmentioned(MAX_ORPHANS);
  const orphaned_entities = items.map(e => ({ entity_id: e.id, entity_name: e.name, entity_type: e.entity_type }));
  return { success: true, orphaned_entities, count: total, truncated: total > items.length };
}

/** Deletes the orphans (at most MAX_ORPHANS) with their edges; answers exactly what it removed. */
export async function deleteOrphans(deps: Pick<Deps, 'store' | 'communities'>) {
  const { store } = deps;
  const { removed, remaining } = await store.transaction(async tx => {
    const { items } = await tx.entities.listUnmentioned(MAX_ORPHANS);
    const ids = await tx.entities.deleteUnmentioned(items.map(e => e.id));
    const gone = new Set(ids);
    const { total } = await tx.entities.listUnmentioned(1);
    return { removed: items.filter(e => gone.has(e.id)), remaining: total };
  });
  if (removed.length > 0) deps.communities?.graphChanged();
  return {
    success: true,
    deleted_count: removed.length,
    message: removed.length === 0 ? 'No orphaned entities' : `Deleted ${removed.length} orphaned entit${removed.length === 1 ? 'y' : 'ies'}`,
    deleted_entities: removed.map(e => ({ entity_id: e.id, entity_name: e.name, entity_type: e.entity_type })),
    remaining,
  };
}

/**
 * Graph health: whether the analysis features work here, and the counts that say whether the graph needs care
 * (orphans, entities without relations, relations left pointing at no entity).
 */
export async function graphHealth(deps: Pick<Deps, 'store' | 'clock'>) {
  const { store } = deps;
  const [entities, orphans, graph, memories] = await Promise.all([
    store.entities.count(),
    store.entities.listUnmentioned(1),
    loadEntityGraph(deps),
    store.graphOverview.memoryCount(),
  ]);
  const related = [...graph.adjacency.keys()];
  const known = new Set((await store.entities.getMany(related)).map(e => e.id));
  const dangling = related.filter(id => !known.has(id));
  return {
    status: 'healthy',
    error: null,
    algo_extension_loaded: true,
    db_connection: 'connected',
    capabilities: { community_detection: true, pagerank_calculation: true, unified_graph_analysis: true, llm_summarization: true },
    checked_at: deps.clock.now(),
    counts: {
      entities,
      memories_in_graph: memories,
      relationships: graph.edges,
      orphaned_entities: orphans.total,
      isolated_entities: Math.max(0, entities - (related.length - dangling.length)),
      dangling_edges: dangling.reduce((n, id) => n + graph.adjacency.get(id)!.size, 0),
    },
  };
}
