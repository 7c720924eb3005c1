import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../services/deps.ts';
import { exportData } from '../../services/exports/export.ts';
import { importData } from '../../services/exports/import.ts';
import { getJobStatus } from '../../services/exports/jobs.ts';
import { startExportJob, startImportJob } from '../../services/exports/transfer.ts';
import { exportSchema, importSchema, jobStatusSchema } from './data.schema.ts';

export const dataRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['data-transfer'];
  app.post('/data/export', { schema: { tags, ...exportSchema } }, ({ body: { async: background, ...input } }) =>
    background ? startExportJob(deps, input) : exportData(deps, input),
  );
  app.get('/data/export/status/:job_id', { schema: { tags, ...jobStatusSchema } }, req => getJobStatus(deps, 'export', req.params.job_id));
  app.post('/data/import', { schema: { tags, ...importSchema } }, ({ body: { async: background, ...input } }) =>
    background ? startImportJob(deps, input) : importData(deps, input),
  );
  app.get('/data/import/status/:job_id', { schema: { tags, ...jobStatusSchema } }, req => getJobStatus(deps, 'import', req.params.job_id));
};
