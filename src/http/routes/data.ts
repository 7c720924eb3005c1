import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { exportData } from '../../services/exports/export.ts';
import { importData } from '../../services/exports/import.ts';
import { getJobStatus } from '../../services/exports/jobs.ts';
import { startExportJob, startImportJob } from '../../services/exports/transfer.ts';
import { dataDocs, exportSchema, importSchema, jobStatusSchema } from './data.schema.ts';

export const dataRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/data/export', { schema: { ...dataDocs.export, ...exportSchema } }, ({ body: { async: background, ...input } }) =>
    background ? startExportJob(deps, input) : exportData(deps, input),
  );
  app.get('/data/export/status/:job_id', { schema: { ...dataDocs.exportStatus, ...jobStatusSchema } }, req => getJobStatus(deps, 'export', req.params.job_id));
  app.post('/data/import', { schema: { ...dataDocs.import, ...importSchema } }, ({ body: { async: background, ...input } }) =>
    background ? startImportJob(deps, input) : importData(deps, input),
  );
  app.get('/data/import/status/:job_id', { schema: { ...dataDocs.importStatus, ...jobStatusSchema } }, req => getJobStatus(deps, 'import', req.params.job_id));
};
