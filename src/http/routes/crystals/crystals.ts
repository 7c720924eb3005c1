import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { createCrystal, crystallizeCommunity } from '../../../services/crystals/create.ts';
import { createCrystalBody, crystalDocs, crystallizeSchema } from './crystals.schema.ts';

export const crystalRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/crystals', { schema: { ...crystalDocs.create, body: createCrystalBody } }, req => createCrystal(deps, req.body));
  app.post('/communities/:community_id/crystallize', { schema: { ...crystalDocs.crystallize, ...crystallizeSchema } }, req =>
    crystallizeCommunity(deps, req.params.community_id, req.body),
  );
};
