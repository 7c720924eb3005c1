import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import type { Authenticator } from '../../services/auth/authenticator.ts';
import { checkpoint, getCapabilities, getHealth } from '../../services/health/health.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: Deps; auth: Authenticator }> = async (app, { deps, auth }) => {
  const tags = ['health'];
  app.get('/livez', { schema: { tags } }, async () => ({ status: 'ok' }));
  app.get('/health', { schema: { tags } }, () => getHealth(deps));
  app.get('/capabilities', { schema: { tags } }, async () => getCapabilities(deps, await auth.isRequired()));
  app.post('/health/checkpoint', { schema: { tags } }, () => checkpoint(deps));
};
