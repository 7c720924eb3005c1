import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { communityRecentMemories, communitySubgraph, relatedCommunities } from '../../../services/library/community.ts';
import { crystalSourceMemories } from '../../../services/library/crystal.ts';
import { okfExport } from '../../../services/library/exportOkf.ts';
import { type ExportDownload, wikiExport } from '../../../services/library/exportWiki.ts';
import { wikiExportSummary, wikiIndex } from '../../../services/library/index.ts';
import { crystalPage, entityPage, topicPage } from '../../../services/library/pages.ts';
import {
  communityParams,
  crystalParams,
  entityPageParams,
  entityPageQuery,
  exportQuery,
  libraryDocs,
  recentMemoriesQuery,
  relatedQuery,
  sourceMemoriesQuery,
  subgraphQuery,
  topicPageQuery,
  wikiIndexQuery,
} from './library.schema.ts';

const markdown = (reply: FastifyReply, page: string) => reply.type('text/markdown; charset=utf-8').send(page);

/** Streams the archive; typed `void` for the documented response (a ZIP, not JSON): the reply is already sent. */
const zip = (reply: FastifyReply, download: ExportDownload) =>
  reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .send(Readable.from(download.stream, { objectMode: false })) as unknown as void;

/** The Library wiki: index, community reads, crystal sources, Markdown pages and the two ZIP exports (global graph). */
export const libraryRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/library/wiki-index', { schema: { ...libraryDocs.wikiIndex, querystring: wikiIndexQuery } }, req => wikiIndex(deps, req.query));
  app.get('/library/wiki-export-summary', { schema: libraryDocs.exportSummary }, () => wikiExportSummary(deps));
  app.get('/library/wiki-export', { schema: { ...libraryDocs.wikiExport, querystring: exportQuery } }, (req, reply) => zip(reply, wikiExport(deps, req.query)));
  app.get('/library/okf-export', { schema: { ...libraryDocs.okfExport, querystring: exportQuery } }, (req, reply) => zip(reply, okfExport(deps, req.query)));

  const community = { params: communityParams };
  app.get('/library/community/:community_id/subgraph', { schema: { ...libraryDocs.subgraph, ...community, querystring: subgraphQuery } }, req =>
    communitySubgraph(deps, req.params.community_id, req.query),
  );
  app.get('/library/community/:community_id/recent-memories', { schema: { ...libraryDocs.recentMemories, ...community, querystring: recentMemoriesQuery } }, req =>
    communityRecentMemories(deps, req.params.community_id, req.query),
  );
  app.get('/library/community/:community_id/related', { schema: { ...libraryDocs.related, ...community, querystring: relatedQuery } }, req =>
    relatedCommunities(deps, req.params.community_id, req.query),
  );
  app.get('/library/crystal/:crystal_id/source-memories', { schema: { ...libraryDocs.crystalSources, params: crystalParams, querystring: sourceMemoriesQuery } }, req =>
    crystalSourceMemories(deps, req.params.crystal_id, req.query),
  );

  app.get('/library/wiki-page/entity/:id_or_name', { schema: { ...libraryDocs.entityPage, params: entityPageParams, querystring: entityPageQuery } }, async (req, reply) =>
    markdown(reply, await entityPage(deps, req.params.id_or_name, req.query)),
  );
  app.get('/library/wiki-page/crystal/:crystal_id', { schema: { ...libraryDocs.crystalPage, params: crystalParams } }, async (req, reply) =>
    markdown(reply, await crystalPage(deps, req.params.crystal_id)),
  );
  app.get('/library/wiki-page/topic/:community_id', { schema: { ...libraryDocs.topicPage, ...community, querystring: topicPageQuery } }, async (req, reply) =>
    markdown(reply, await topicPage(deps, req.params.community_id, req.query)),
  );
};
