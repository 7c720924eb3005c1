import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { createLabel, deleteLabel, getLabel, listLabels, updateLabel } from '../../../services/labels/crud.ts';
import { assignLabel, getMemoryLabels, removeLabel } from '../../../services/labels/assign.ts';
import { labelHealth } from '../../../services/labels/health.ts';
import { mergeLabels, undoLabelMerge } from '../../../services/labels/merge.ts';
import { labelMergeCandidates } from '../../../services/labels/similar.ts';
import { consolidateLabels } from '../../../services/labels/consolidate.ts';
import { previewLabelConsolidation } from '../../../services/labels/preview.ts';
import { memoryIdParams } from '../../schemas.ts';
import {
  consolidateQuery,
  consolidationPreviewQuery,
  createLabelQuery,
  labelDocs,
  labelIdParams,
  listLabelsQuery,
  memoryLabelParams,
  mergeCandidatesQuery,
  mergeIdParams,
  mergeLabelsQuery,
  updateLabelBody,
} from './labels.schema.ts';

export const labelRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/labels', { schema: { ...labelDocs.list, querystring: listLabelsQuery } }, req => listLabels(deps, req.query));
  app.post('/labels', { schema: { ...labelDocs.create, querystring: createLabelQuery } }, req => createLabel(deps, req.query));
  app.get('/labels/health', { schema: { ...labelDocs.health } }, () => labelHealth(deps));
  app.post('/labels/merge', { schema: { ...labelDocs.merge, querystring: mergeLabelsQuery } }, req => mergeLabels(deps, req.query));
  app.post('/labels/merges/:merge_id/undo', { schema: { ...labelDocs.undoMerge, params: mergeIdParams } }, req => undoLabelMerge(deps, req.params.merge_id));
  app.get('/labels/merge-candidates', { schema: { ...labelDocs.mergeCandidates, querystring: mergeCandidatesQuery } }, req => labelMergeCandidates(deps, req.query));
  app.post('/labels/consolidate', { schema: { ...labelDocs.consolidate, querystring: consolidateQuery } }, req => consolidateLabels(deps, req.query));
  app.post('/labels/consolidation-preview', { schema: { ...labelDocs.consolidationPreview, querystring: consolidationPreviewQuery } }, req =>
    previewLabelConsolidation(deps, req.query),
  );
  app.get('/labels/:label_id', { schema: { ...labelDocs.get, params: labelIdParams } }, req => getLabel(deps, req.params.label_id));
  app.put('/labels/:label_id', { schema: { ...labelDocs.update, params: labelIdParams, body: updateLabelBody } }, req =>
    updateLabel(deps, req.params.label_id, req.body),
  );
  app.delete('/labels/:label_id', { schema: { ...labelDocs.delete, params: labelIdParams } }, req => deleteLabel(deps, req.params.label_id));

  app.get('/memories/:memory_id/labels', { schema: { ...labelDocs.ofMemory, params: memoryIdParams } }, req =>
    getMemoryLabels(deps, req.params.memory_id),
  );
  app.post('/memories/:memory_id/labels/:label_id', { schema: { ...labelDocs.assign, params: memoryLabelParams } }, req =>
    assignLabel(deps, req.params.memory_id, req.params.label_id),
  );
  app.delete('/memories/:memory_id/labels/:label_id', { schema: { ...labelDocs.remove, params: memoryLabelParams } }, req =>
    removeLabel(deps, req.params.memory_id, req.params.label_id),
  );
};
