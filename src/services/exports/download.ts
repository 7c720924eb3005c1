import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../deps.ts';
import { runExport } from './export.ts';
import { type IncludeFlags, includeFlagsOf } from './kinds.ts';
import { fileStamp } from './paths.ts';

type DownloadDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'exportDir' | 'version'>;

/** Temporary folders for downloads and uploads, inside the export root (sized for archives; /tmp may be RAM). */
export async function transferScratch(exportDir: string, purpose: 'download' | 'upload'): Promise<string> {
  await mkdir(exportDir, { recursive: true, mode: 0o700 });
  return mkdtemp(join(exportDir, `.${purpose}-`));
}

export interface DownloadableExport {
  /** The finished ZIP, to stream to the client. */
  path: string;
  filename: string;
  /** Removes the ZIP once it has been sent (or the client went away). */
  remove(): Promise<void>;
}

/**
 * The export of POST /data/export as a ZIP to send in the response: written exactly as a saved export (one snapshot,
 * verified on import by its manifest) into a scratch folder of the export root, which `remove` deletes.
 */
export async function exportForDownload(deps: DownloadDeps, flags: IncludeFlags): Promise<DownloadableExport> {
  const created_at = deps.clock.now();
  const folder = await transferScratch(deps.exportDir, 'download');
  const remove = () => rm(folder, { recursive: true, force: true });
  const filename = `cairn-export-${fileStamp(created_at)}.zip`;
  const path = join(folder, filename);
  try {
    await runExport(deps, { export_id: deps.ids.next(), created_at, target: path, format: 'zip', overwrite: false, include: includeFlagsOf(flags) });
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, filename, remove };
}
