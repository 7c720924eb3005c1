import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { emptyTrash, getTrashItem, listTrash } from '../../services/trash/trash.ts';
import { restoreFromTrash } from '../../services/trash/restore.ts';
import { emptyTrashSchema, getTrashItemSchema, listTrashSchema, restoreTrashSchema } from './trash.schema.ts';

export const trashRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['trash'];
  app.get('/trash', { schema: { tags, ...listTrashSchema } }, req => listTrash(deps, req.query));
  app.get('/trash/:memory_id', { schema: { tags, ...getTrashItemSchema } }, req => getTrashItem(deps, req.params.memory_id));
  app.post('/trash/restore', { schema: { tags, ...restoreTrashSchema } }, req => restoreFromTrash(deps, req.body));
  app.post('/trash/empty', { schema: { tags, ...emptyTrashSchema } }, req => emptyTrash(deps, req.body));
};
