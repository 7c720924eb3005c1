import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where `npm ci` (the `prepare` script, scripts/build-web.mjs) writes the bundled web app. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** Paths of the web app: they load without an API key (the app asks for the key itself and sends it on API calls). */
export const isWebAppPath = (route: string | undefined) => route === '/' || route === '/app' || (route?.startsWith('/app/') ?? false);

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Cairn</title>
<body style="font:16px system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>The Cairn web app is not built</h1>
<p>The server is running and its API answers (see <a href="/docs">/docs</a>), but the browser app's bundle is missing.</p>
<p>Build it in the Cairn folder with <code>npm run build:web</code> (or <code>npm ci</code>, which builds it), then reload this page.</p>
</body>`;

/** Serves the web app at /app (static files, no key needed) and redirects / there. */
export function webAppRoutesFrom(distDir: string): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app/'));
    const built = existsSync(join(distDir, 'index.html')) && existsSync(join(distDir, 'app.js'));
    if (!built) {
      app.get('/app', { schema: { hide: true } }, async (_request, reply) => reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT));
      app.get('/app/*', { schema: { hide: true } }, async (_request, reply) => reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT));
      return;
    }
    await app.register(fastifyStatic, { root: distDir, prefix: '/app/', index: false, wildcard: true, cacheControl: false });
    // The page itself is never cached, so a rebuilt app is picked up on reload; assets are revalidated by ETag.
    // `/app` and `/app/` reach one route (ignoreTrailingSlash); the page's relative asset links need the slash.
    app.get('/app', { schema: { hide: true } }, async (request, reply) =>
      request.url.split('?')[0] === '/app' ? reply.redirect('/app/') : reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  };
}

export const webAppRoutes = webAppRoutesFrom(WEB_DIST_DIR);
