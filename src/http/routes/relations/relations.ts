import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { createRelation, deleteRelation, listRelations, updateRelation } from '../../../services/relations/crud.ts';
import { suggestRelation } from '../../../services/relations/suggest.ts';
import { applyRevision, previewRevision } from '../../../services/relations/revision.ts';
import { memoryIdParams } from '../../schemas.ts';
import {
  createRelationBody,
  listRelationsQuery,
  relationDocs,
  relationIdParams,
  revisionApplyBody,
  revisionPreviewBody,
  suggestRelationBody,
  updateRelationBody,
} from './relations.schema.ts';

export const relationRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/memories/:memory_id/relations', { schema: { ...relationDocs.create, params: memoryIdParams, body: createRelationBody } }, req =>
    createRelation(deps, req.params.memory_id, { ...req.body, properties: req.body.properties ?? undefined }),
  );
  app.get('/memories/:memory_id/relations', { schema: { ...relationDocs.list, params: memoryIdParams, querystring: listRelationsQuery } }, req =>
    listRelations(deps, req.params.memory_id, { ...req.query, statuses: req.query.status }),
  );
  app.post('/memories/:memory_id/relations/suggest', { schema: { ...relationDocs.suggest, params: memoryIdParams, body: suggestRelationBody } }, req =>
    suggestRelation(deps, req.params.memory_id, { ...req.body, known_relation_types: req.body.known_relation_types ?? undefined }),
  );
  app.patch('/memories/relations/:relation_id', { schema: { ...relationDocs.update, params: relationIdParams, body: updateRelationBody } }, req =>
    updateRelation(deps, req.params.relation_id, req.body),
  );
  app.delete('/memories/relations/:relation_id', { schema: { ...relationDocs.delete, params: relationIdParams } }, req =>
    deleteRelation(deps, req.params.relation_id),
  );

  app.post('/memories/evolves/revision/preview', { schema: { ...relationDocs.revisionPreview, body: revisionPreviewBody } }, req => previewRevision(deps, req.body));
  app.post('/memories/evolves/revision/apply', { schema: { ...relationDocs.revisionApply, body: revisionApplyBody } }, req => applyRevision(deps, req.body));
};
