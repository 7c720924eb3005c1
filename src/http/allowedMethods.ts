import type { FastifyInstance } from 'fastify';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/memories/:memory_id/labels` → a regex over raw request paths (a parameter is one segment, `*` the rest). */
function patternOf(url: string): RegExp {
  const segments = url.replace(/\/+$/, '').split('/').map(segment => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return escapeRegex(segment);
  });
  return new RegExp(`^${segments.join('/')}/?$`);
}

/**
 * Records every route as it is added, so that a request the router cannot serve can say which methods the path
 * does take (405 with `Allow`) rather than a plain 404. Call before any route is registered.
 */
export function trackAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { methods: string[]; pattern: RegExp }[] = [];
  app.addHook('onRoute', route => {
    routes.push({ methods: ([] as string[]).concat(route.method), pattern: patternOf(route.url ?? route.path) });
  });
  return path => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) route.methods.forEach(m => allowed.add(m));
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}
