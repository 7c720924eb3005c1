import type { Deps } from '../deps.ts';
import { type ExportInput, planExport, runExport } from './export.ts';
import { type ImportInput, planImport, runImport } from './import.ts';

type TransferDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'exportDir' | 'version' | 'indexer' | 'jobs'>;

/** Checks the export request now (422/409 answer at once), then runs the same export as a background job. */
export async function startExportJob(deps: TransferDeps, input: ExportInput) {
  const plan = await planExport(deps, input);
  const job = await deps.jobs.start('export', { export_path: plan.target, format: plan.format, ...plan.include }, progress =>
    runExport(deps, plan, progress),
  );
  return { success: true, job_id: job.id, status: job.status, message: `Export started; poll /data/export/status/${job.id}`, export_path: plan.target };
}

/** Checks the import request now (422 for a path outside the root or missing), then imports in a background job. */
export async function startImportJob(deps: TransferDeps, input: ImportInput) {
  const plan = await planImport(deps, input);
  const job = await deps.jobs.start('import', { import_path: plan.source.path, mode: plan.mode, ...plan.include }, progress =>
    runImport(deps, plan, progress),
  );
  return { success: true, job_id: job.id, status: job.status, message: `Import started; poll /data/import/status/${job.id}` };
}
