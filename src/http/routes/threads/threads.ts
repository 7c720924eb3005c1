import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { createThread } from '../../../services/threads/create.ts';
import { appendMessages } from '../../../services/threads/append.ts';
import { getThread, listThreads, threadSources, threadSummaries } from '../../../services/threads/read.ts';
import { deleteThread } from '../../../services/threads/delete.ts';
import { searchThreads } from '../../../services/threads/search.ts';
import { listFavoriteThreads, setThreadFavorite } from '../../../services/threads/favorites.ts';
import { importThreads } from '../../../services/threads/import.ts';
import { mergeThreadMetadata } from '../../../services/threads/metadata.ts';
import { getImportConfig, setProjectHidden, updateImportConfig } from '../../../services/threads/importConfig.ts';
import { saveSessions } from '../../../services/threads/sessions.ts';
import {
  appendBody,
  createThreadBody,
  deleteThreadQuery,
  favoriteThreadQuery,
  favoriteThreadsQuery,
  getThreadQuery,
  importConfigBody,
  importThreadsBody,
  listThreadsQuery,
  metadataMergeBody,
  projectQuery,
  searchThreadsQuery,
  sessionSaveBody,
  spaceOnlyQuery,
  threadIdParams,
} from './threads.schema.ts';
import { threadDocs } from './threads.docs.ts';
import { favoriteDocs } from '../favorites/favorites.schema.ts';

/** The body's `space_id` when it has one, else the query string's (clients put it in either). */
const space = (body: { space_id?: string | null }, query: { space_id?: string }) => body.space_id || query.space_id;

export const threadRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const withSpace = { querystring: spaceOnlyQuery };

  app.post('/threads', { schema: { ...threadDocs.create, ...withSpace, body: createThreadBody } }, req =>
    createThread(deps, { ...req.body, space_id: space(req.body, req.query) }),
  );
  app.get('/threads', { schema: { ...threadDocs.list, querystring: listThreadsQuery } }, req => listThreads(deps, req.query));
  app.post('/threads/import', { schema: { ...threadDocs.import, ...withSpace, body: importThreadsBody } }, req =>
    importThreads(deps, req.body, req.query.space_id),
  );
  app.get('/threads/summaries', { schema: { ...threadDocs.summaries, ...withSpace } }, req => threadSummaries(deps, req.query));
  app.get('/threads/sources', { schema: { ...threadDocs.sources, ...withSpace } }, req => threadSources(deps, req.query));
  app.get('/threads/search', { schema: { ...threadDocs.search, querystring: searchThreadsQuery } }, req => searchThreads(deps, req.query));
  app.post('/threads/sessions/save', { schema: { ...threadDocs.saveSessions, ...withSpace, body: sessionSaveBody } }, req =>
    saveSessions(deps, { ...req.body, space_id: space(req.body, req.query) }),
  );

  app.get('/threads/import-config', { schema: threadDocs.getImportConfig }, () => getImportConfig(deps));
  app.put('/threads/import-config', { schema: { ...threadDocs.putImportConfig, body: importConfigBody } }, req => updateImportConfig(deps, req.body));
  app.post('/threads/import-config/hide-project', { schema: { ...threadDocs.hideProject, querystring: projectQuery } }, req =>
    setProjectHidden(deps, req.query.project_encoded, true),
  );
  app.post('/threads/import-config/unhide-project', { schema: { ...threadDocs.unhideProject, querystring: projectQuery } }, req =>
    setProjectHidden(deps, req.query.project_encoded, false),
  );

  app.get('/threads/:thread_id', { schema: { ...threadDocs.get, params: threadIdParams, querystring: getThreadQuery } }, req =>
    getThread(deps, req.params.thread_id, req.query),
  );
  app.delete('/threads/:thread_id', { schema: { ...threadDocs.delete, params: threadIdParams, querystring: deleteThreadQuery } }, req =>
    deleteThread(deps, req.params.thread_id, req.query),
  );
  app.post('/threads/:thread_id/append', { schema: { ...threadDocs.append, ...withSpace, params: threadIdParams, body: appendBody } }, req =>
    appendMessages(deps, req.params.thread_id, { ...req.body, messages: req.body.messages ?? [], space_id: space(req.body, req.query) }),
  );
  app.post('/threads/:thread_id/metadata/merge', { schema: { ...threadDocs.mergeMetadata, ...withSpace, params: threadIdParams, body: metadataMergeBody } }, req =>
    mergeThreadMetadata(deps, req.params.thread_id, { ...req.body, space_id: space(req.body, req.query) }),
  );
  app.post('/threads/:thread_id/favorite', { schema: { ...threadDocs.favorite, params: threadIdParams, querystring: favoriteThreadQuery } }, req =>
    setThreadFavorite(deps, req.params.thread_id, req.query),
  );
  app.get('/favorites/threads', { schema: { ...favoriteDocs.threads, querystring: favoriteThreadsQuery } }, req =>
    listFavoriteThreads(deps, req.query.limit),
  );
};
