import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Authenticator } from '../services/auth/authenticator.ts';
import { admitToDocs, docsRefusalPage, endSession, isDocsPath, sessionKey, wantsHtml } from './docsAccess.ts';
import { isWebAppPath } from './routes/webApp/webApp.ts';

/** Endpoints any caller may reach, key or not (contract §3). */
const OPEN_PATHS = new Set(['/capabilities', '/health', '/livez']);

const SESSION_VIA = 'the /docs session cookie';

interface Presented {
  key: string;
  /** Where it came from, for the log line of a lockout. */
  via: string;
}

/**
 * The key as real clients send it: a bearer token, the X-NMEM-API-Key header, or the nmem_api_key query parameter;
 * under /docs also the browser's docs session cookie.
 */
function presentedKey(request: FastifyRequest, docs: boolean): Presented | undefined {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (bearer) return { key: bearer, via: 'the Authorization header' };
  const header = request.headers['x-nmem-api-key'];
  if (typeof header === 'string' && header) return { key: header, via: 'the X-NMEM-API-Key header' };
  const query = (request.query as Record<string, unknown> | undefined)?.nmem_api_key;
  if (typeof query === 'string' && query) return { key: query, via: 'the nmem_api_key query parameter' };
  const session = docs ? sessionKey(request) : undefined;
  return session ? { key: session, via: SESSION_VIA } : undefined;
}

/** Requires an API key on every non-open endpoint once a key is configured. */
export function installAuth(app: FastifyInstance, auth: Authenticator) {
  app.addHook('onRequest', async (request, reply) => {
    // The matched route, not the raw URL: the router also serves `/health/` as `/health`.
    const route = request.routeOptions.url;
    if ((route !== undefined && OPEN_PATHS.has(route)) || isWebAppPath(route) || !(await auth.isRequired())) return;
    const docs = isDocsPath(route);
    const presented = presentedKey(request, docs);
    try {
      const fromSession = presented?.via === SESSION_VIA;
      await auth.check(request.ip, presented?.key, { via: presented?.via, userAgent: request.headers['user-agent'], uncounted: fromSession });
    } catch (error) {
      if (presented?.via === SESSION_VIA) endSession(request); // its key was revoked: the session goes with it
      // A person opening /docs in a browser reads a page that says how to get in, not a bare JSON 401.
      if (docs && wantsHtml(request) && error instanceof AppError) {
        if (typeof error.extra.retry_after === 'number') reply.header('retry-after', String(error.extra.retry_after));
        return reply.code(error.status).type('text/html; charset=utf-8').send(docsRefusalPage(error.status, error.message));
      }
      throw error;
    }
    if (docs && presented && admitToDocs(request, reply, presented.key, presented.via.includes('query'))) return reply;
  });
}
