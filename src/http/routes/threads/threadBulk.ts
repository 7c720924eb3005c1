import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { bulkDeleteThreads, bulkMoveThreads, listThreadTrash, previewBulkMoveThreads, restoreThreads } from '../../../services/threads/bulk.ts';
import { bulkDeleteBody, bulkDeleteByIdsBody, bulkDeleteByIdsQuery, bulkMoveBody, restoreBody, threadTrashQuery } from './threadBulk.schema.ts';
import { threadBulkDocs as docs } from './threadBulk.docs.ts';

/** Threads in bulk: move (preview first), delete through the thread trash, and restore. */
export const threadBulkRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/threads/bulk/move/preview', { schema: { ...docs.movePreview, body: bulkMoveBody } }, req => previewBulkMoveThreads(deps, req.body));
  app.post('/threads/bulk/move', { schema: { ...docs.move, body: bulkMoveBody } }, req => bulkMoveThreads(deps, req.body));
  app.delete('/threads/bulk', { schema: { ...docs.deleteByIds, querystring: bulkDeleteByIdsQuery, body: bulkDeleteByIdsBody } }, req =>
    bulkDeleteThreads(deps, {
      selection: { mode: 'ids', thread_ids: req.body.thread_ids, source_space_id: req.query.space_id, exclude_thread_ids: [] },
      cascade_delete_memories: req.query.cascade_delete_memories,
    }),
  );
  app.post('/threads/bulk/delete', { schema: { ...docs.deleteBySelection, body: bulkDeleteBody } }, req => bulkDeleteThreads(deps, req.body));
  app.get('/threads/trash', { schema: { ...docs.trash, querystring: threadTrashQuery } }, req => listThreadTrash(deps, req.query));
  app.post('/threads/trash/restore', { schema: { ...docs.restore, body: restoreBody } }, req => restoreThreads(deps, req.body));
};
