import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InputError } from '../../../errors.ts';
import type { Deps } from '../../../services/deps.ts';
import { assignSourceLabel, extractSource, refetchSource, removeSourceLabel, sourceLabels, updateSource, updateSourceContent } from '../../../services/sources/edit.ts';
import { ingestContent, ingestDocument, sourceLimit } from '../../../services/sources/ingest.ts';
import { folderSummary, ingestBatch, ingestFilePath, ingestFolderUpload, ingestUrl } from '../../../services/sources/ingestFrom.ts';
import { getSource, getSourceContent, getSourceImage, getSourceRaw, listSources, searchSources } from '../../../services/sources/read.ts';
import { deleteSource } from '../../../services/sources/trash.ts';
import { resolveSpace } from '../../../services/spaces/spaces.ts';
import { formLabels, formMetadata, receiveSourceForm } from '../../sourceUpload.ts';
import {
  batchIngestBody,
  folderSummaryBody,
  ingestContentBody,
  ingestFilePathBody,
  ingestUrlBody,
  listSourcesQuery,
  searchSourcesQuery,
  sourceContentQuery,
  sourceDocs,
  sourceLabelParams,
  sourceParams,
  spaceGuardQuery,
  updateSourceBody,
  updateSourceContentBody,
} from './sources.schema.ts';

const imageParams = sourceParams.extend({ filename: z.string().min(1).max(500) });

/** `labels` and its alias `label`, together. */
const labelRefs = (query: { labels?: string[]; label?: string[] }) => [...(query.labels ?? []), ...(query.label ?? [])];

export const sourceRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // An upload's body is handed over as a stream: receiveSourceForm bounds it and reads the form (these routes only).
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));

  app.get('/sources', { schema: { ...sourceDocs.list, querystring: listSourcesQuery } }, req => listSources(deps, { ...req.query, labels: labelRefs(req.query) }));
  app.get('/sources/search', { schema: { ...sourceDocs.search, querystring: searchSourcesQuery } }, req => searchSources(deps, { ...req.query, labels: labelRefs(req.query) }));
  app.get('/sources/:source_id', { schema: { ...sourceDocs.get, params: sourceParams, querystring: spaceGuardQuery } }, req => getSource(deps, req.params.source_id, req.query.space_id));
  app.get('/sources/:source_id/content', { schema: { ...sourceDocs.content, params: sourceParams, querystring: sourceContentQuery } }, req =>
    getSourceContent(deps, req.params.source_id, req.query),
  );
  app.get('/sources/:source_id/raw', { schema: { ...sourceDocs.raw, params: sourceParams, querystring: spaceGuardQuery } }, async (req, reply) => {
    const raw = await getSourceRaw(deps, req.params.source_id, req.query.space_id);
    // Served as a download and sandboxed: an HTML source must never run as a page of this origin (the web app's).
    return reply
      .type(raw.mimeType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(raw.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .send(Buffer.from(raw.bytes) as unknown as string); // bytes, not the JSON the schema's type expects
  });
  app.get('/sources/:source_id/images/:filename', { schema: { ...sourceDocs.image, params: imageParams, querystring: spaceGuardQuery } }, req =>
    getSourceImage(deps, req.params.source_id, req.params.filename, req.query.space_id),
  );
  app.patch('/sources/:source_id', { schema: { ...sourceDocs.update, params: sourceParams, querystring: spaceGuardQuery, body: updateSourceBody } }, req =>
    updateSource(deps, req.params.source_id, { ...req.body, space_id: req.query.space_id }),
  );
  app.put('/sources/:source_id/content', { schema: { ...sourceDocs.updateContent, params: sourceParams, querystring: spaceGuardQuery, body: updateSourceContentBody } }, req =>
    updateSourceContent(deps, req.params.source_id, { ...req.body, space_id: req.query.space_id }),
  );
  app.post('/sources/:source_id/extract', { schema: { ...sourceDocs.extract, params: sourceParams, querystring: spaceGuardQuery } }, req =>
    extractSource(deps, req.params.source_id, req.query.space_id),
  );
  app.post('/sources/:source_id/refetch', { schema: { ...sourceDocs.refetch, params: sourceParams, querystring: spaceGuardQuery } }, req =>
    refetchSource(deps, req.params.source_id, req.query.space_id),
  );
  app.delete('/sources/:source_id', { schema: { ...sourceDocs.delete, params: sourceParams, querystring: spaceGuardQuery } }, req =>
    deleteSource(deps, req.params.source_id, req.query.space_id),
  );
  app.get('/sources/:source_id/labels', { schema: { ...sourceDocs.labels, params: sourceParams } }, req => sourceLabels(deps, req.params.source_id));
  app.post('/sources/:source_id/labels/:label_id', { schema: { ...sourceDocs.assignLabel, params: sourceLabelParams } }, req =>
    assignSourceLabel(deps, req.params.source_id, req.params.label_id),
  );
  app.delete('/sources/:source_id/labels/:label_id', { schema: { ...sourceDocs.removeLabel, params: sourceLabelParams } }, req =>
    removeSourceLabel(deps, req.params.source_id, req.params.label_id),
  );

  app.post('/sources/ingest/content', { schema: { ...sourceDocs.ingestContent, body: ingestContentBody } }, req => ingestContent(deps, req.body));
  app.post('/sources/ingest/url', { schema: { ...sourceDocs.ingestUrl, body: ingestUrlBody } }, req => ingestUrl(deps, req.body));
  app.post('/sources/ingest/file-path', { schema: { ...sourceDocs.ingestFilePath, body: ingestFilePathBody } }, req => ingestFilePath(deps, req.body));
  app.post('/sources/ingest/batch', { schema: { ...sourceDocs.ingestBatch, body: batchIngestBody } }, req => ingestBatch(deps, req.body));
  app.post('/sources/ingest/folder-summary', { schema: { ...sourceDocs.folderSummary, body: folderSummaryBody } }, req => folderSummary(req.body));

  app.post('/sources/ingest/file', { schema: sourceDocs.ingestFile }, async req => {
    const form = await receiveSourceForm(req, sourceLimit(deps));
    const [file, ...others] = await form.files('file');
    if (!file) throw new InputError(['body', 'file'], 'Field required: the document, as a file in the field `file`', 'missing');
    if (others.length > 0) throw new InputError(['body', 'file'], 'One document per request: use /sources/ingest/folder-upload for several');
    return ingestDocument(deps, {
      ...file,
      source_type: 'file',
      user_comment: form.text('user_comment') ?? null,
      labels: formLabels(form.text('labels')),
      metadata: formMetadata(form.text('metadata')),
      space_id: await formSpace(form.text('space_id')),
    });
  });
  app.post('/sources/ingest/folder-upload', { schema: sourceDocs.ingestFolder }, async req => {
    const form = await receiveSourceForm(req, sourceLimit(deps));
    const files = await form.files('files');
    const folderName = form.text('folder_name')?.trim();
    if (!folderName) throw new InputError(['body', 'folder_name'], 'Field required: the folder name', 'missing');
    if (files.length === 0) throw new InputError(['body', 'files'], 'Field required: the documents, as files in the field `files`', 'missing');
    return ingestFolderUpload(deps, {
      folder_name: folderName,
      files,
      relative_paths: manifest(form.text('file_manifest'), files.length),
      user_comment: form.text('user_comment') ?? null,
      labels: formLabels(form.text('labels')),
      space_id: await formSpace(form.text('space_id')),
    });
  });

  /** A form's `space_id`, resolved like every other route's (a name, key or alias becomes the space's id). */
  const formSpace = async (value: string | undefined) => (value?.trim() ? resolveSpace(deps, value.trim()) : null);
};

/** `file_manifest`: a JSON array of relative paths (strings, or objects with `relative_path`), one per file in order. */
function manifest(value: string | undefined, count: number): (string | null)[] {
  if (!value?.trim()) return Array(count).fill(null);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InputError(['body', 'file_manifest'], 'file_manifest: not valid JSON', 'json_invalid');
  }
  if (!Array.isArray(parsed)) throw new InputError(['body', 'file_manifest'], 'file_manifest: a JSON array, one entry per file');
  return Array.from({ length: count }, (_, i) => {
    const entry = parsed[i] as unknown;
    if (typeof entry === 'string') return entry;
    const path = (entry as { relative_path?: unknown } | null)?.relative_path;
    return typeof path === 'string' ? path : null;
  });
}
