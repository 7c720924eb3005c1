import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { getContextBundle } from '../../../services/agent/contextBundle.ts';
import { agentDocs, contextBundleQuery } from './agent.schema.ts';

export const contextRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/context/bundle', { schema: { ...agentDocs.contextBundle, querystring: contextBundleQuery } }, req => getContextBundle(deps, req.query));
};
