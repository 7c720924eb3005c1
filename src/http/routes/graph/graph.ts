import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { applyExtraction } from '../../../services/graph/apply.ts';
import { getEntity, getEntityRelationships, listEntities } from '../../../services/graph/entities.ts';
import { expandNode } from '../../../services/graph/expand.ts';
import { graphOverview } from '../../../services/graph/overview.ts';
import { previewContentExtraction, previewMemoryExtraction } from '../../../services/graph/preview.ts';
import { memoryIdParams } from '../../schemas.ts';
import {
  applyBody,
  applyQuery,
  entityParams,
  entityQuery,
  entityRelationshipsQuery,
  expandParams,
  expandQuery,
  graphDocs,
  listEntitiesQuery,
  previewBody,
  previewContentBody,
} from './graph.schema.ts';
import { overviewDocs, overviewQuery } from './graph.overview.schema.ts';

/** Knowledge-graph extraction (preview, apply), entities and neighbourhood expansion. */
export const graphRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/memories/:memory_id/extract-kg/preview', { schema: { ...graphDocs.preview, params: memoryIdParams, body: previewBody } }, req =>
    previewMemoryExtraction(deps, req.params.memory_id, req.body),
  );
  app.post('/memories/extract-kg/preview-content', { schema: { ...graphDocs.previewContent, body: previewContentBody } }, req => previewContentExtraction(deps, req.body));
  app.post('/memories/:memory_id/extract-kg/apply', { schema: { ...graphDocs.apply, params: memoryIdParams, querystring: applyQuery, body: applyBody } }, req =>
    applyExtraction(deps, req.params.memory_id, {
      entities: req.body.entities.map(e => ({ ...e, aliases: e.aliases ?? [], confidence: e.confidence ?? undefined })),
      relationships: req.body.relationships,
      extraction_confidence: req.body.extraction_confidence,
      resolution: req.body.resolution ?? req.query.resolution ?? 'auto',
    }),
  );

  app.get('/entities', { schema: { ...graphDocs.list, querystring: listEntitiesQuery } }, req =>
    listEntities(deps, { ...req.query, search: req.query.search ?? req.query.q ?? req.query.name }),
  );
  app.get('/entities/:entity_id', { schema: { ...graphDocs.get, params: entityParams, querystring: entityQuery } }, req =>
    getEntity(deps, req.params.entity_id, req.query),
  );
  app.get('/entities/:entity_id/relationships', { schema: { ...graphDocs.relationships, params: entityParams, querystring: entityRelationshipsQuery } }, req =>
    getEntityRelationships(deps, req.params.entity_id, req.query),
  );
  app.get('/graph/expand/:node_id', { schema: { ...graphDocs.expand, params: expandParams, querystring: expandQuery } }, req =>
    expandNode(deps, req.params.node_id, req.query),
  );
  app.get('/graph/overview', { schema: { ...overviewDocs, querystring: overviewQuery } }, req => graphOverview(deps, req.query));
};
