import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { getCommunity, listCommunities, runDetection } from '../../services/communities/read.ts';
import { communityParams, communityQuery, listCommunitiesQuery } from './communities.schema.ts';

/** Communities: topic clusters of entities, detected in the background and on demand. */
export const communityRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['analytics'];
  app.get('/communities', { schema: { tags, querystring: listCommunitiesQuery } }, req => listCommunities(deps, req.query));
  app.post('/communities/detect', { schema: { tags } }, () => runDetection(deps));
  app.get('/communities/:community_id', { schema: { tags, params: communityParams, querystring: communityQuery } }, req =>
    getCommunity(deps, req.params.community_id, req.query),
  );
};
