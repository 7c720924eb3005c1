import { installNulGuard, nulInBody } from './nulGuard.ts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from '../services/deps.ts';
import type { Authenticator } from '../services/auth/authenticator.ts';
import { installErrorHandlers, MalformedJsonError } from './errors.ts';
import { clientErrorHandler, frameworkErrors } from './frameworkErrors.ts';
import { installUnknownFieldWarnings } from './unknownFields.ts';
import { MAX_ID_CHARS } from './schemas.ts';
import { installAuth } from './auth.ts';
import { installIdPrefixes } from './idPrefixes.ts';
import { installSpaceRefs } from './spaceRefs.ts';
import { installEvents } from './events.ts';
import { installOpenApi, responseSerializer } from './openapi.ts';
import { healthRoutes } from './routes/health/health.ts';
import { memoryRoutes } from './routes/memories/memories.ts';
import { lifecycleRoutes } from './routes/lifecycle/lifecycle.ts';
import { bulkRoutes } from './routes/bulk/bulk.ts';
import { labelRoutes } from './routes/labels/labels.ts';
import { favoriteRoutes } from './routes/favorites/favorites.ts';
import { searchRoutes } from './routes/search/search.ts';
import { relationRoutes } from './routes/relations/relations.ts';
import { threadRoutes } from './routes/threads/threads.ts';
import { threadImportRoutes } from './routes/threads/threadImports.ts';
import { threadBulkRoutes } from './routes/threads/threadBulk.ts';
import { threadSyncRoutes } from './routes/threads/threadSync.ts';
import { agentRoutes } from './routes/agent/agent.ts';
import { contextRoutes } from './routes/agent/context.ts';
import { graphRoutes } from './routes/graph/graph.ts';
import { graphAnalysisRoutes } from './routes/graph/graph.analysis.ts';
import { activityRoutes } from './routes/activity/activity.ts';
import { distillRoutes } from './routes/distill/distill.ts';
import { crystalRoutes } from './routes/crystals/crystals.ts';
import { trashRoutes } from './routes/trash/trash.ts';
import { libraryRoutes } from './routes/library/library.ts';
import { profileRoutes } from './routes/profiles/profiles.ts';
import { settingsRoutes } from './routes/settings/settings.ts';
import { spaceRoutes } from './routes/spaces/spaces.ts';
import { sourceRoutes } from './routes/sources/sources.ts';
import { communityRoutes } from './routes/communities/communities.ts';
import { dataRoutes } from './routes/data/data.ts';
import { memFsRoutes } from './routes/memfs/memfs.ts';
import { fsRoutes } from './routes/fs/fs.ts';
import { idRoutes } from './routes/ids/ids.ts';
import { syncRoutes } from './routes/sync/sync.ts';
import { mcpRoutes } from './mcp/server.ts';
import { webAppRoutes } from './routes/webApp/webApp.ts';

export interface ServerOptions {
  deps: Deps;
  auth: Authenticator;
  logLevel?: string;
  /** Where log records go (pino's JSON on stdout when absent). */
  logStream?: DestinationStream;
  /** Tests: check every reply against its documented response schema (production only serialises). */
  validateResponses?: boolean;
}

/** Builds the HTTP server: JSON parsing, validation, auth, errors, OpenAPI and every route. */
/**
 * Once the server is closing, each answer still in flight closes its connection: a keep-alive connection that went
 * idle after close() began would otherwise hold the shutdown for the whole keep-alive timeout (72 s).
 */
function closeConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

export async function buildServer({ deps, auth, logLevel = 'info', logStream, validateResponses = false }: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logLevel === 'silent' ? false : { level: logLevel, ...(logStream && { stream: logStream }) },
    // One log line per request costs throughput; they are on only when debugging.
    logController: new LogController({ disableRequestLogging: logLevel !== 'debug' && logLevel !== 'trace' }),
    bodyLimit: 16 * 1024 * 1024,
    // A path parameter (decoded) may be as long as the longest id the service accepts: every stored id is routable.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_ID_CHARS },
    // Router and HTTP-parser errors answer in the service's {detail, error_code} shape too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(validateResponses));

  // Real clients send `Content-Type: application/json` with an empty body on GET, DELETE and body-less POSTs.
  // Bodies are JSON only: anything else is a 415 that says so.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      const parsed: unknown = JSON.parse(text);
      done(nulInBody(text, parsed), parsed);
    } catch (error) {
      done(new MalformedJsonError(`Malformed JSON: ${(error as Error).message}`), undefined);
    }
  });

  installErrorHandlers(app);
  closeConnectionsWhenClosing(app);
  installNulGuard(app);
  installUnknownFieldWarnings(app);
  installAuth(app, auth);
  installSpaceRefs(app, deps);
  installIdPrefixes(app, deps);
  const eventRoutes = installEvents(app);

  await installOpenApi(app);

  const options = { deps, auth };
  await app.register(healthRoutes, options);
  await app.register(memoryRoutes, options);
  await app.register(lifecycleRoutes, options);
  await app.register(bulkRoutes, options);
  await app.register(labelRoutes, options);
  await app.register(favoriteRoutes, options);
  await app.register(searchRoutes, options);
  await app.register(relationRoutes, options);
  await app.register(threadRoutes, options);
  await app.register(threadImportRoutes, options);
  await app.register(threadBulkRoutes, options);
  await app.register(threadSyncRoutes, options);
  await app.register(agentRoutes, options);
  await app.register(contextRoutes, options);
  await app.register(graphRoutes, options);
  await app.register(graphAnalysisRoutes, options);
  await app.register(activityRoutes, options);
  await app.register(distillRoutes, options);
  await app.register(crystalRoutes, options);
  await app.register(trashRoutes, options);
  await app.register(libraryRoutes, options);
  await app.register(profileRoutes, options);
  await app.register(settingsRoutes, options);
  await app.register(spaceRoutes, options);
  await app.register(sourceRoutes, options);
  await app.register(communityRoutes, options);
  await app.register(dataRoutes, options);
  await app.register(memFsRoutes, options);
  await app.register(fsRoutes, options);
  await app.register(idRoutes, options);
  await app.register(syncRoutes, options);
  await app.register(mcpRoutes, options);
  await app.register(eventRoutes);
  await app.register(webAppRoutes);
  return app;
}
