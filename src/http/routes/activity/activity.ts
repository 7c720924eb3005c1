import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { listEvolvesEdges } from '../../../services/agent/evolves.ts';
import { feedEvents } from '../../../services/agent/feed.ts';
import { activityDocs, evolvesQuery, feedEventsQuery } from './activity.schema.ts';

/** What happened to the knowledge base: EVOLVES history and the activity feed (knowledge-agent section). */
export const activityRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/agent/evolves', { schema: { ...activityDocs.evolves, querystring: evolvesQuery } }, req => listEvolvesEdges(deps, req.query));
  app.get('/agent/feed/events', { schema: { ...activityDocs.feed, querystring: feedEventsQuery } }, req => feedEvents(deps, req.query));
};
