import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { createCrystal, crystallizeCommunity } from '../../services/crystals/create.ts';
import { createCrystalBody, crystallizeSchema } from './crystals.schema.ts';

export const crystalRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['crystals'];
  app.post('/crystals', { schema: { tags, body: createCrystalBody } }, req => createCrystal(deps, req.body));
  app.post('/communities/:community_id/crystallize', { schema: { tags, ...crystallizeSchema } }, req =>
    crystallizeCommunity(deps, req.params.community_id, req.body),
  );
};
