import { z } from 'zod';
import { INCLUDE_FLAGS } from '../../services/exports/kinds.ts';
import { idString } from '../schemas.ts';

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

export const jobStatusSchema = { params: z.object({ job_id: idString }) };
