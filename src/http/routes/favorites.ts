import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { listFavoriteMemories, setMemoryFavorite } from '../../services/memories/favorites.ts';
import { boolQuery, intQuery, memoryIdParams } from '../schemas.ts';

export const favoriteRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['favorites'];
  app.post(
    '/memories/:memory_id/favorite',
    { schema: { tags, params: memoryIdParams, querystring: z.object({ is_favorite: boolQuery() }) } },
    req => setMemoryFavorite(deps, req.params.memory_id, req.query.is_favorite),
  );
  app.get('/favorites/memories', { schema: { tags, querystring: z.object({ limit: intQuery(1, 100, 50) }) } }, req =>
    listFavoriteMemories(deps, req.query.limit),
  );
};
