import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { type DownloadableExport, exportForDownload } from '../../../services/exports/download.ts';
import { exportData } from '../../../services/exports/export.ts';
import { importData } from '../../../services/exports/import.ts';
import { getJobStatus } from '../../../services/exports/jobs.ts';
import { startExportJob, startImportJob } from '../../../services/exports/transfer.ts';
import { DEFAULT_UPLOAD_LIMIT, startUploadImport } from '../../../services/exports/upload.ts';
import { checkpoint } from '../../../services/health/health.ts';
import { receiveUpload } from '../../upload.ts';
import { dataDocs, downloadSchema, exportSchema, importSchema, jobStatusSchema } from './data.schema.ts';

/** Streams the archive, then removes it; typed `void` for the documented response (a ZIP, not JSON): the reply is sent. */
const sendZip = (reply: FastifyReply, download: DownloadableExport) =>
  reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .send(createReadStream(download.path).on('close', () => void download.remove())) as unknown as void;

export const dataRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // An upload's body is handed over as a stream: receiveUpload bounds it and reads the form (these routes only).
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  app.post('/data/export', { schema: { ...dataDocs.export, ...exportSchema } }, ({ body: { async: background, ...input } }) =>
    background ? startExportJob(deps, input) : exportData(deps, input),
  );
  app.get('/data/export/status/:job_id', { schema: { ...dataDocs.exportStatus, ...jobStatusSchema } }, req => getJobStatus(deps, 'export', req.params.job_id));
  app.post('/data/import', { schema: { ...dataDocs.import, ...importSchema } }, ({ body: { async: background, ...input } }) =>
    background ? startImportJob(deps, input) : importData(deps, input),
  );
  app.post('/data/export/download', { schema: { ...dataDocs.exportDownload, ...downloadSchema } }, async (req, reply) => {
    const download = await exportForDownload(deps, req.body);
    return sendZip(reply, download);
  });
  app.post('/data/import/upload', { schema: dataDocs.importUpload }, async req =>
    startUploadImport(deps, await receiveUpload(req, deps.exportDir, deps.importUploadMaxBytes ?? DEFAULT_UPLOAD_LIMIT)),
  );
  app.post('/data/checkpoint', { schema: dataDocs.checkpoint }, () => checkpoint(deps));
  app.get('/data/import/status/:job_id', { schema: { ...dataDocs.importStatus, ...jobStatusSchema } }, req => getJobStatus(deps, 'import', req.params.job_id));
};
