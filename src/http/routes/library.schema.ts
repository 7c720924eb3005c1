import { z } from 'zod';
import { idParam, intQuery } from '../schemas.ts';

/** Bounds and defaults are the interface's Limits table. */
export const communityParams = z.object({ community_id: z.coerce.number().int() });
export const crystalParams = z.object({ crystal_id: idParam });
export const entityPageParams = z.object({ id_or_name: idParam });

export const wikiIndexQuery = z.object({
  community_limit: intQuery(1, 200, 20),
  top_per_community: intQuery(1, 10, 5),
  /** Absent (or null): rows carry no `top_memories`. */
  include_top_memories: z.coerce.number().int().min(0).max(8).optional(),
});

export const exportQuery = z.object({
  entity_limit: intQuery(1, 2000, 500),
  top_per_community: intQuery(1, 30, 12),
  max_mentions_per_entity: intQuery(1, 100, 30),
});

export const subgraphQuery = z.object({ max_entities: intQuery(10, 200, 80), include_top_memories: intQuery(0, 40, 12) });
export const recentMemoriesQuery = z.object({ limit: intQuery(1, 20, 8) });
export const relatedQuery = z.object({ limit: intQuery(1, 20, 6) });
export const sourceMemoriesQuery = z.object({ limit: intQuery(1, 100, 50) });
export const entityPageQuery = z.object({ mention_limit: intQuery(1, 200, 30) });
export const topicPageQuery = z.object({ top_per_community: intQuery(1, 30, 12) });
