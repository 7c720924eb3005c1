import type { FastifyPluginAsync } from 'fastify';
import { notImplemented } from '../../errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Interface endpoints whose capability has not landed yet: each answers 501 naming what is missing. */
const pending: [string, [Method, string][]][] = [
  ['Communities', [['GET', '/communities'], ['GET', '/communities/:community_id']]],
  [
    'The Library wiki',
    [
      ['GET', '/library/wiki-index'],
      ['GET', '/library/wiki-export-summary'],
      ['GET', '/library/wiki-export'],
      ['GET', '/library/okf-export'],
      ['GET', '/library/community/:community_id/subgraph'],
      ['GET', '/library/community/:community_id/recent-memories'],
      ['GET', '/library/community/:community_id/related'],
      ['GET', '/library/crystal/:crystal_id/source-memories'],
      ['GET', '/library/wiki-page/entity/:id_or_name'],
      ['GET', '/library/wiki-page/crystal/:crystal_id'],
      ['GET', '/library/wiki-page/topic/:community_id'],
    ],
  ],
  ['Agent profile import', [['POST', '/settings/agent-profiles/import']]],
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
