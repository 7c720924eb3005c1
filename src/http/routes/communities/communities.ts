import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { getCommunity, listCommunities, runDetection } from '../../../services/communities/read.ts';
import { communityDocs, communityParams, communityQuery, listCommunitiesQuery } from './communities.schema.ts';

/** Communities: topic clusters of entities, detected in the background and on demand. */
export const communityRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/communities', { schema: { ...communityDocs.list, querystring: listCommunitiesQuery } }, req => listCommunities(deps, req.query));
  app.post('/communities/detect', { schema: communityDocs.detect }, () => runDetection(deps));
  app.get('/communities/:community_id', { schema: { ...communityDocs.get, params: communityParams, querystring: communityQuery } }, req =>
    getCommunity(deps, req.params.community_id, req.query),
  );
};
