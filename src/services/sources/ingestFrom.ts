/** Where a source's bytes come from besides the request itself: a file on the server, a batch of files, a URL. */
import { AppError, InputError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { fetchDocument } from './fetchUrl.ts';
import { type DocumentInput, type IngestDeps, ingestDocument, ingestMany } from './ingest.ts';
import { allowedFile, readAllowedFile } from './paths.ts';

type PathDeps = IngestDeps & Pick<Deps, 'sourceRoots'>;

interface Common {
  user_comment?: string | null;
  labels?: string[] | null;
  space_id?: string | null;
}

/** POST /sources/ingest/file-path: a file under CAIRN_SOURCE_ROOTS. */
export async function ingestFilePath(deps: PathDeps, input: Common & { file_path: string }) {
  const file = await readAllowedFile(deps, input.file_path, ['body', 'file_path']);
  return ingestDocument(deps, { ...input, name: file.name, bytes: file.bytes, source_type: 'file', file_path: file.path, field: 'file_path' });
}

/** The most files one POST /sources/ingest/batch may name (its body schema's bound). */
export const BATCH_MAX_FILES = 1000;

/**
 * POST /sources/ingest/batch: files under CAIRN_SOURCE_ROOTS. Every path is checked before any is read: one outside
 * the roots refuses the whole batch (403); a file that cannot be read is reported in `errors` and the others go on.
 */
export async function ingestBatch(
  deps: PathDeps,
  input: Common & { files: { file_path: string; relative_path?: string | null }[]; folder_name?: string | null },
) {
  const checked: { path: string; loc: (string | number)[]; relative: string | null }[] = [];
  for (const [i, file] of input.files.entries()) {
    const loc = ['body', 'files', i, 'file_path'];
    try {
      checked.push({ path: await allowedFile(deps, file.file_path, loc), loc, relative: file.relative_path ?? null });
    } catch (error) {
      if (error instanceof InputError) checked.push({ path: file.file_path, loc, relative: file.relative_path ?? null }); // reported per file below
      else throw error;
    }
  }
  async function* documents(): AsyncGenerator<DocumentInput | { name: string; error: string }> {
    for (const file of checked) {
      try {
        const read = await readAllowedFile(deps, file.path, file.loc);
        const metadata = file.relative ? { relative_path: file.relative, ...(input.folder_name ? { folder: input.folder_name } : {}) } : null;
        yield { ...input, name: read.name, bytes: read.bytes, source_type: 'file', file_path: read.path, metadata };
      } catch (error) {
        // A path outside the roots was refused above; what is left is this file's own fault (missing, too large).
        if (!(error instanceof InputError || (error instanceof AppError && error.status !== 403))) throw error;
        yield { name: file.path, error: error.message };
      }
    }
  }
  return ingestMany(deps, input.folder_name ?? '', documents());
}

/** POST /sources/ingest/url: the page (readable text of HTML) or document the URL answers with. */
export async function ingestUrl(deps: IngestDeps & Pick<Deps, 'sourceFetchTimeoutMs'>, input: Common & { url: string }) {
  const fetched = await fetchDocument(deps, input.url);
  return ingestDocument(deps, { ...input, name: fetched.name, bytes: fetched.bytes, mimeType: fetched.mimeType, source_type: 'url', source_url: fetched.url, field: 'url' });
}

/** An uploaded file of a form (the bytes already received under the size limit). */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
  mimeType: string | null;
}

/** POST /sources/ingest/folder-upload: several uploaded files of one folder (`file_manifest` may give their paths). */
export function ingestFolderUpload(deps: IngestDeps, input: Common & { folder_name: string; files: UploadedFile[]; relative_paths: (string | null)[] }) {
  async function* documents(): AsyncGenerator<DocumentInput> {
    for (const [i, file] of input.files.entries()) {
      const relative = input.relative_paths[i] ?? null;
      yield { ...input, ...file, source_type: 'file', field: `files.${i}`, metadata: { folder: input.folder_name, ...(relative ? { relative_path: relative } : {}) } };
    }
  }
  return ingestMany(deps, input.folder_name, documents());
}

/**
 * POST /sources/ingest/folder-summary: the closing report of an import sent in several parts (the web app's chunked
 * folder upload), from the totals the client gathered: nothing is read or written.
 */
export function folderSummary(input: { folder_name: string; accumulated_totals: Record<string, number> }) {
  const totals = input.accumulated_totals;
  const ingested = totals.total_ingested ?? totals.ingested ?? 0;
  const duplicates = totals.total_duplicates ?? totals.duplicates ?? 0;
  const errors = totals.total_errors ?? totals.errors ?? 0;
  return {
    folder_name: input.folder_name,
    total_ingested: ingested,
    total_duplicates: duplicates,
    total_errors: errors,
    results: [],
    errors: [],
    message: `Imported ${input.folder_name}: ${ingested} files${duplicates ? `, ${duplicates} already there` : ''}${errors ? `, ${errors} could not be read` : ''}`,
  };
}

