import type { FastifyPluginAsync } from 'fastify';
import { notImplemented } from '../../errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Interface endpoints whose capability has not landed yet: each answers 501 naming what is missing. */
const pending: [string, [Method, string][]][] = [
  ['Data export', [['POST', '/data/export'], ['GET', '/data/export/status/:job_id']]],
];

export const notImplementedRoutes: FastifyPluginAsync = async app => {
  for (const [capability, routes] of pending) {
    for (const [method, url] of routes) {
      app.route({
        method,
        url,
        schema: { tags: ['not implemented yet'], summary: `${capability}: answers 501 until implemented` },
        handler: async () => {
          throw notImplemented(capability);
        },
      });
    }
  }
};
