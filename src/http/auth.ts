import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../services/auth/authenticator.ts';
import { isWebAppPath } from './routes/webApp.ts';

/** Endpoints any caller may reach, key or not (contract §3). */
const OPEN_PATHS = new Set(['/capabilities', '/health', '/livez']);

/** The key as real clients send it: a bearer token, the X-NMEM-API-Key header, or the nmem_api_key query parameter. */
function presentedKey(request: FastifyRequest): string | undefined {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const header = request.headers['x-nmem-api-key'];
  const query = (request.query as Record<string, unknown> | undefined)?.nmem_api_key;
  return bearer ?? (typeof header === 'string' ? header : undefined) ?? (typeof query === 'string' ? query : undefined);
}

/** Requires an API key on every non-open endpoint once a key is configured. */
export function installAuth(app: FastifyInstance, auth: Authenticator) {
  app.addHook('onRequest', async request => {
    // The matched route, not the raw URL: the router also serves `/health/` as `/health`.
    const route = request.routeOptions.url;
    if ((route !== undefined && OPEN_PATHS.has(route)) || isWebAppPath(route) || !(await auth.isRequired())) return;
    await auth.check(request.ip, presentedKey(request));
  });
}
