import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import {
  discoverConversations,
  exportRawConversation,
  importConversation,
  parseThreadContent,
  previewConversation,
} from '../../../services/threads/conversations.ts';
import { exportThread, threadCoverage } from '../../../services/threads/threadExport.ts';
import { threadIdParams } from './threads.schema.ts';
import {
  conversationImportBody,
  discoverQuery,
  exportRawBody,
  parseBody,
  previewBody,
  spaceQueryOnly,
  threadExportQuery,
} from './threadImports.schema.ts';
import { threadImportDocs as docs } from './threadImports.docs.ts';

/** Chat histories in and out: parse, conversation files (discover, preview, import, export-raw), thread export and coverage. */
export const threadImportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/threads/parse', { schema: { ...docs.parse, body: parseBody } }, req => parseThreadContent(deps, req.body));
  app.get('/threads/conversations/discover', { schema: { ...docs.discover, querystring: discoverQuery } }, req => discoverConversations(deps, req.query));
  app.post('/threads/conversations/preview', { schema: { ...docs.preview, querystring: spaceQueryOnly, body: previewBody } }, req =>
    previewConversation(deps, { ...req.body, space_id: req.body.space_id || req.query.space_id }),
  );
  app.post('/threads/conversations/import', { schema: { ...docs.import, querystring: spaceQueryOnly, body: conversationImportBody } }, req =>
    importConversation(deps, { ...req.body, space_id: req.body.space_id || req.query.space_id }),
  );
  app.post('/threads/conversations/export-raw', { schema: { ...docs.exportRaw, body: exportRawBody } }, req => exportRawConversation(deps, req.body));
  app.get('/threads/:thread_id/export', { schema: { ...docs.exportThread, params: threadIdParams, querystring: threadExportQuery } }, req =>
    exportThread(deps, req.params.thread_id, req.query),
  );
  app.get('/threads/:thread_id/coverage', { schema: { ...docs.coverage, params: threadIdParams, querystring: spaceQueryOnly } }, req =>
    threadCoverage(deps, req.params.thread_id, req.query),
  );
};
