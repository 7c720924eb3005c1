import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { createRelation, deleteRelation, listRelations, updateRelation } from '../../services/relations/crud.ts';
import { suggestRelation } from '../../services/relations/suggest.ts';
import { applyRevision, previewRevision } from '../../services/relations/revision.ts';
import { memoryIdParams } from '../schemas.ts';
import {
  createRelationBody,
  listRelationsQuery,
  relationIdParams,
  revisionApplyBody,
  revisionPreviewBody,
  suggestRelationBody,
  updateRelationBody,
} from './relations.schema.ts';

export const relationRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['memory relations'];
  app.post('/memories/:memory_id/relations', { schema: { tags, params: memoryIdParams, body: createRelationBody } }, req =>
    createRelation(deps, req.params.memory_id, { ...req.body, properties: req.body.properties ?? undefined }),
  );
  app.get('/memories/:memory_id/relations', { schema: { tags, params: memoryIdParams, querystring: listRelationsQuery } }, req =>
    listRelations(deps, req.params.memory_id, { ...req.query, statuses: req.query.status }),
  );
  app.post('/memories/:memory_id/relations/suggest', { schema: { tags, params: memoryIdParams, body: suggestRelationBody } }, req =>
    suggestRelation(deps, req.params.memory_id, { ...req.body, known_relation_types: req.body.known_relation_types ?? undefined }),
  );
  app.patch('/memories/relations/:relation_id', { schema: { tags, params: relationIdParams, body: updateRelationBody } }, req =>
    updateRelation(deps, req.params.relation_id, req.body),
  );
  app.delete('/memories/relations/:relation_id', { schema: { tags, params: relationIdParams } }, req =>
    deleteRelation(deps, req.params.relation_id),
  );

  const history = ['memory history'];
  app.post('/memories/evolves/revision/preview', { schema: { tags: history, body: revisionPreviewBody } }, req => previewRevision(deps, req.body));
  app.post('/memories/evolves/revision/apply', { schema: { tags: history, body: revisionApplyBody } }, req => applyRevision(deps, req.body));
};
