import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { emptyTrash, getTrashItem, listTrash } from '../../../services/trash/trash.ts';
import { restoreTrashItems } from '../../../services/sources/trash.ts';
import { emptyTrashSchema, getTrashItemSchema, listTrashSchema, restoreTrashSchema, trashDocs } from './trash.schema.ts';

export const trashRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/trash', { schema: { ...trashDocs.list, ...listTrashSchema } }, req => listTrash(deps, req.query));
  app.get('/trash/:memory_id', { schema: { ...trashDocs.get, ...getTrashItemSchema } }, req => getTrashItem(deps, req.params.memory_id));
  app.post('/trash/restore', { schema: { ...trashDocs.restore, ...restoreTrashSchema } }, req => restoreTrashItems(deps, req.body));
  app.post('/trash/empty', { schema: { ...trashDocs.empty, ...emptyTrashSchema } }, req => emptyTrash(deps, req.body));
};
