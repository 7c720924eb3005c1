import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteDocs } from './favorites.schema.ts';
import type { Deps } from '../../../services/deps.ts';
import { listFavoriteMemories, setMemoryFavorite } from '../../../services/memories/favorites.ts';
import { boolQuery, intQuery, memoryIdParams } from '../../schemas.ts';

export const favoriteRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/memories/:memory_id/favorite',
    { schema: { ...favoriteDocs.setMemory, params: memoryIdParams, querystring: z.object({ is_favorite: boolQuery() }) } },
    req => setMemoryFavorite(deps, req.params.memory_id, req.query.is_favorite),
  );
  app.get('/favorites/memories', { schema: { ...favoriteDocs.memories, querystring: z.object({ limit: intQuery(1, 100, 50) }) } }, req =>
    listFavoriteMemories(deps, req.query.limit),
  );
};
