import { rm, stat } from 'node:fs/promises';
import type { Deps } from '../deps.ts';
import { type ImportMode, runImport } from './import.ts';
import { type IncludeFlags, includeFlagsOf } from './kinds.ts';
import { verifyArchive } from './verify.ts';

type UploadDeps = Pick<Deps, 'store' | 'exportDir' | 'indexer' | 'jobs'>;

/** The largest upload when the configuration does not say (CAIRN_IMPORT_UPLOAD_MAX_MB). */
export const DEFAULT_UPLOAD_LIMIT = 512 * 1024 * 1024;

/**
 * How far an uploaded archive may expand: JSONL exports compress about 5 to 20 times, so 200 times its size (and at
 * least 64 MiB, for small archives of repetitive text) leaves room for any real export and stops a zip bomb early.
 */
export const MAX_EXPANSION_RATIO = 200;
export const MIN_EXPANSION_BYTES = 64 * 1024 * 1024;

export interface UploadedArchive extends IncludeFlags {
  /** The uploaded ZIP, inside `folder`. */
  archive: string;
  /** The scratch folder the upload was received in: removed once the import is over, whatever its outcome. */
  folder: string;
  mode: ImportMode;
}

/**
 * Imports an uploaded archive as a background job (reference POST /data/import/upload). The archive is verified
 * first, so a damaged or unsafe one (zip-slip, a zip bomb, hashes that do not match) is a 422 at once; the import
 * itself then runs in one transaction, as POST /data/import does.
 */
export async function startUploadImport(deps: UploadDeps, upload: UploadedArchive) {
  const removeUpload = () => rm(upload.folder, { recursive: true, force: true });
  const source = { path: upload.archive, format: 'zip' as const };
  try {
    const { size } = await stat(upload.archive);
    await verifyArchive(source, () => {}, Math.max(MIN_EXPANSION_BYTES, size * MAX_EXPANSION_RATIO));
  } catch (error) {
    await removeUpload();
    throw error;
  }
  const plan = { source, mode: upload.mode, include: includeFlagsOf(upload) };
  const job = await deps.jobs.start('import', { import_path: 'upload', mode: plan.mode, ...plan.include }, progress =>
    runImport(deps, plan, progress).finally(removeUpload),
  );
  return { success: true, job_id: job.id, status: job.status, message: `Import started; poll /data/import/status/${job.id}` };
}
