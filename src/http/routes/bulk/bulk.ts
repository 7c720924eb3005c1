import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { boolQuery, idString, spaceId } from '../../schemas.ts';
import { bulkDocs } from './bulk.schema.ts';
import { bulkDelete, bulkMove, previewBulkDelete, previewBulkMove } from '../../../services/memories/bulk.ts';

const selection = z.object({
  mode: z.enum(['ids', 'space']).default('ids'),
  memory_ids: z.array(idString).default([]),
  source_space_id: spaceId.nullish(),
  exclude_memory_ids: z.array(idString).default([]),
});
const moveBody = z.object({ selection, target_space_id: spaceId });
const deleteBody = z.object({ selection, cascade_delete: z.boolean().default(true), dry_run: z.boolean().default(false) });
/** `dry_run` is honoured in the query string too: a preview must never be mistaken for the real thing. */
const deleteQuery = z.object({ dry_run: boolQuery().optional() });

export const bulkRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/memories/bulk/move/preview', { schema: { ...bulkDocs.movePreview, body: moveBody } }, req => previewBulkMove(deps, req.body));
  app.post('/memories/bulk/move', { schema: { ...bulkDocs.move, body: moveBody } }, req => bulkMove(deps, req.body));
  app.post('/memories/bulk/delete/preview', { schema: { ...bulkDocs.deletePreview, body: deleteBody } }, req => previewBulkDelete(deps, req.body));
  app.post('/memories/bulk/delete', { schema: { ...bulkDocs.delete, body: deleteBody, querystring: deleteQuery } }, req =>
    bulkDelete(deps, { ...req.body, dry_run: req.body.dry_run || req.query.dry_run === true }),
  );
};
