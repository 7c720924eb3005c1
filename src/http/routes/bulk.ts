import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { bulkDelete, bulkMove, previewBulkMove } from '../../services/memories/bulk.ts';
import { idString } from '../schemas.ts';

const selection = z.object({
  mode: z.enum(['ids', 'space']).default('ids'),
  memory_ids: z.array(idString).default([]),
  source_space_id: z.string().min(1).nullish(),
  exclude_memory_ids: z.array(idString).default([]),
});
const moveBody = z.object({ selection, target_space_id: z.string().min(1).max(200) });
const deleteBody = z.object({ selection, cascade_delete: z.boolean().default(true) });

export const bulkRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['memories: bulk'];
  app.post('/memories/bulk/move/preview', { schema: { tags, body: moveBody } }, req => previewBulkMove(deps, req.body));
  app.post('/memories/bulk/move', { schema: { tags, body: moveBody } }, req => bulkMove(deps, req.body));
  app.post('/memories/bulk/delete', { schema: { tags, body: deleteBody } }, req => bulkDelete(deps, req.body));
};
