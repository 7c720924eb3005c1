import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import type { Authenticator } from '../../../services/auth/authenticator.ts';
import { healthDocs } from './health.schema.ts';
import { checkpoint, getCapabilities, getHealth } from '../../../services/health/health.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: Deps; auth: Authenticator }> = async (app, { deps, auth }) => {
  app.get('/livez', { schema: healthDocs.livez }, async () => ({ status: 'ok' }));
  app.get('/health', { schema: healthDocs.health }, () => getHealth(deps));
  app.get('/capabilities', { schema: healthDocs.capabilities }, async () => getCapabilities(deps, await auth.isRequired()));
  app.post('/health/checkpoint', { schema: healthDocs.checkpoint }, () => checkpoint(deps));
  app.delete('/auth/lockouts', { schema: healthDocs.unlock }, async () => ({ lifted: auth.unlockAll() }));
};
