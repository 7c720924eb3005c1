import { isEvolvesRelation } from '../../domain/evolves.ts';
import type { EvolvesListItem } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';

export interface EvolvesQuery {
  limit: number;
  offset: number;
  content_relation?: string;
  unreviewed_only: boolean;
  memory_id?: string;
  space_id?: string;
}

/** An EVOLVES edge as `GET /agent/evolves` shows it: newer and older memory, with titles, and how one updates the other. */
function presentEdge(edge: EvolvesListItem) {
  return {
    id: edge.id,
    newer_id: edge.from_memory_id,
    older_id: edge.to_memory_id,
    newer_title: edge.newer_title,
    older_title: edge.older_title,
    content_relation: edge.relation,
    confidence: edge.confidence,
    detected_by: edge.detected_by,
    reason: edge.reason,
    reviewed: edge.reviewed,
    space_id: edge.space_id,
    created_at: edge.created_at,
  };
}

/**
 * A page of EVOLVES edges (how memories were replaced, enriched, confirmed or challenged), newest first, around one
 * memory when `memory_id` is given. Reads only. The page is given as `edges` (what the OpenClaw client reads) and
 * as `items` and `evolves`; `total` counts every edge under the same filters. A `content_relation` that is not a
 * relation matches nothing.
 */
export async function listEvolvesEdges(deps: Pick<Deps, 'store'>, query: EvolvesQuery) {
  const relation = query.content_relation?.trim().toLowerCase();
  const { items, total } =
    relation !== undefined && relation !== '' && !isEvolvesRelation(relation)
      ? { items: [], total: 0 }
      : await deps.store.evolves.list({
          memory_id: query.memory_id,
          relation: relation ? (relation as EvolvesListItem['relation']) : undefined,
          unreviewed_only: query.unreviewed_only,
          space_id: query.space_id,
          limit: query.limit,
          offset: query.offset,
        });
  const edges = items.map(presentEdge);
  return { edges, items: edges, evolves: edges, total, limit: query.limit, offset: query.offset, has_more: query.offset + edges.length < total };
}
