import { z } from 'zod';
import { INCLUDE_FLAGS } from '../../../services/exports/kinds.ts';
import { idString } from '../../schemas.ts';
import { doc, fileResponse } from '../../openapi.ts';
import { Job } from '../../responses.ts';

const includeFlags = Object.fromEntries(INCLUDE_FLAGS.map(flag => [flag, z.boolean().default(true)])) as Record<
  (typeof INCLUDE_FLAGS)[number],
  z.ZodDefault<z.ZodBoolean>
>;

const archivePath = z.string().max(4096);

/** Reference DataExportRequest; `export_path` may be left out (then `cairn-export-<timestamp>` in the export root), `format` overrides `compress`. */
export const exportSchema = {
  body: z.object({
    export_path: archivePath.optional(),
    async: z.boolean().default(false),
    compress: z.boolean().default(true),
    format: z.enum(['zip', 'folder']).optional(),
    overwrite: z.boolean().default(false),
    ...includeFlags,
  }),
};

/** Reference DataImportRequest plus `async` (default false: the import finishes before the answer). */
export const importSchema = {
  body: z.object({
    import_path: archivePath.min(1),
    mode: z.enum(['merge', 'skip', 'overwrite']).default('merge'),
    async: z.boolean().default(false),
    ...includeFlags,
  }),
};

/** Reference DataExportDownloadRequest: the include flags only (the archive comes back in the response). */
export const downloadSchema = { body: z.strictObject(includeFlags) };

export const jobStatusSchema = { params: z.object({ job_id: idString }) };

const JobStarted = z.object({
  success: z.boolean(),
  job_id: z.string(),
  status: Job.shape.status,
  message: z.string(),
});

const transferNote = 'Paths are inside the export root (`CAIRN_EXPORT_DIR`, default `<data dir>/exports`); a path outside it answers 422.';

/** The documentation and answers of the data export and import operations. */
export const dataDocs = {
  export: doc({
    tag: 'Data',
    summary: 'Export the store',
    description:
      'Writes the whole store (or the kinds the `include_*` flags keep) to an archive at `export_path` (default ' +
      '`cairn-export-<timestamp>`): a ZIP (`compress`, default) or a folder (`format`), with a manifest of hashes. It is ' +
      'read from one snapshot while writes go on, and moved into place only once complete. An existing target answers ' +
      `409 unless \`overwrite\`. With \`async: true\` a background job starts and the answer carries its \`job_id\`. ${transferNote}`,
    response: {
      200: z.union([
        JobStarted.extend({ export_path: z.string() }),
        z.object({
          success: z.boolean(),
          export_id: z.string(),
          format: z.enum(['zip', 'folder']),
          version: z.number(),
          created_at: z.string(),
          counts: z.record(z.string(), z.number()),
          warnings: z.array(z.string()),
          export_path: z.string(),
          export_dir: z.string(),
          manifest_path: z.string(),
        }),
      ]),
    },
  }),
  exportStatus: doc({
    tag: 'Data',
    summary: 'Export job status',
    description: 'The state of a background export: queued, running (with progress 0..1), completed (with its result) or failed (with the error). Unknown job: 404.',
    response: { 200: Job },
  }),
  import: doc({
    tag: 'Data',
    summary: 'Import an archive',
    description:
      'Restores an archive made by export. It is verified against its manifest first (a damaged, truncated or unsafe one ' +
      'is refused before anything is written); then every included kind goes in within one transaction. `mode`: `merge` ' +
      '(default) inserts missing records and updates older ones, `skip` only inserts, `overwrite` clears the data first ' +
      `(API keys and settings stay). With \`async: true\` a background job starts. ${transferNote}`,
    response: {
      200: z.union([
        JobStarted,
        z.object({
          success: z.boolean(),
          import_path: z.string(),
          format: z.enum(['zip', 'folder']),
          mode: z.enum(['merge', 'skip', 'overwrite']),
          archive_created_at: z.string(),
          counts: z.record(z.string(), z.object({ inserted: z.number(), updated: z.number(), skipped: z.number() })),
          warnings: z.array(z.string()),
        }),
      ]),
    },
  }),
  exportDownload: doc({
    tag: 'Data',
    summary: 'Download an export (ZIP)',
    description:
      'The archive of `POST /data/export` (the same `include_*` flags, all on by default), sent in the response as a ZIP ' +
      'attachment instead of saved: it is built in a scratch folder of the export root and removed once sent. Import ' +
      'it with `POST /data/import/upload`.',
    response: { 200: fileResponse('application/zip', 'A Cairn export archive (ZIP)') },
  }),
  importUpload: doc({
    tag: 'Data',
    summary: 'Import an uploaded archive',
    description:
      'A browser upload of an export ZIP: `multipart/form-data` with the archive in the field `file`, and optionally ' +
      '`mode` (`merge`, default; `skip`; `overwrite`) and the `include_*` flags as `true`/`false`. Past the upload limit ' +
      '(`CAIRN_IMPORT_UPLOAD_MAX_MB`, default 512) the answer is 413 `body_too_large`. The archive is verified first: a ' +
      'damaged, unsafe or expanding one (past 200 times its size, at least 64 MiB: a zip bomb) answers 422 and nothing is ' +
      'written. Then the import runs as a background job (poll `/data/import/status/{job_id}`) in one transaction; the ' +
      'uploaded file is removed when it ends.',
    response: { 200: JobStarted },
  }),
  checkpoint: doc({
    tag: 'Data',
    summary: 'Flush writes to durable storage',
    description:
      'Reference POST /data/checkpoint; the same as `POST /health/checkpoint`. SQLite copies its write-ahead log into ' +
      'the database file; PostgreSQL has nothing to flush (the server checkpoints its own ' +
      'log): it answers `checkpointed: true` with a `detail` saying so. 500 `checkpoint_failed` when it cannot.',
    response: { 200: z.object({ checkpointed: z.boolean(), detail: z.string(), success: z.boolean() }) },
  }),
  importStatus: doc({
    tag: 'Data',
    summary: 'Import job status',
    description: 'The state of a background import: queued, running (with progress 0..1), completed (with its result) or failed (with the error). Unknown job: 404.',
    response: { 200: Job },
  }),
};
