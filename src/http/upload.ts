import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, InputError } from '../errors.ts';
import { transferScratch } from '../services/exports/download.ts';
import { INCLUDE_FLAGS } from '../services/exports/kinds.ts';
import type { UploadedArchive } from '../services/exports/upload.ts';
import { refuseCrossOriginForm } from './formOrigin.ts';

/** The form fields beside `file` (reference Body_import_data_upload): text, as browsers send them. */
const uploadFields = z.strictObject({
  mode: z.enum(['merge', 'skip', 'overwrite']).default('merge'),
  ...Object.fromEntries(INCLUDE_FLAGS.map(flag => [flag, z.stringbool().default(true)])),
}) as unknown as z.ZodType<Omit<UploadedArchive, 'archive' | 'folder'>>;

const tooLarge = (limit: number) =>
  new AppError(413, 'body_too_large', `The upload is too large: at most ${limit} bytes are accepted (CAIRN_IMPORT_UPLOAD_MAX_MB)`);

/**
 * Copies the request body to `path`, refusing (413) past `limit` bytes before anything is parsed. The rest of an
 * oversized body is read and dropped rather than the connection cut, so the client receives the 413.
 */
async function saveBody(body: Readable, path: string, limit: number): Promise<void> {
  const file = createWriteStream(path, { mode: 0o600 });
  let bytes = 0;
  await new Promise<void>((resolve, reject) => {
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit || file.destroyed) return void file.destroy();
      if (!file.write(chunk)) {
        body.pause();
        file.once('drain', () => body.resume());
      }
    });
    body.on('end', resolve);
    body.on('error', reject);
    file.on('error', reject);
  });
  if (bytes > limit) throw tooLarge(limit);
  await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * Receives a browser upload (multipart/form-data with the archive in `file`) into a scratch folder of the export root:
 * the body is saved to disk under the size limit, then the form is read and the archive written beside it. Anything
 * wrong is a 4xx and the folder is removed; on success the service owns the folder and removes it after the import.
 */
export async function receiveUpload(request: FastifyRequest, exportDir: string, limit: number): Promise<UploadedArchive> {
  const contentType = request.headers['content-type'] ?? '';
  if (!(request.body instanceof Readable) || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the archive as multipart/form-data, in a field named `file`');
  }
  refuseCrossOriginForm(request);
  if (Number(request.headers['content-length']) > limit) throw tooLarge(limit);
  const folder = await transferScratch(exportDir, 'upload');
  try {
    const raw = join(folder, 'request.body');
    await saveBody(request.body, raw, limit);
    // The platform's own multipart reader (undici's FormData); it holds the parts in memory while they are read.
    const form = await new Response(await openAsBlob(raw), { headers: { 'content-type': contentType } }).formData().catch(() => {
      throw new InputError(['body'], 'The upload is not valid multipart/form-data');
    });
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new InputError(['body', 'file'], 'Field required: the archive, as a file in the field `file`', 'missing');
    const archive = join(folder, 'upload.zip');
    await pipeline(Readable.fromWeb(file.stream() as WebReadableStream), createWriteStream(archive, { mode: 0o600 }));
    await rm(raw);
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (name !== 'file' && typeof value === 'string') fields[name] = value;
    const parsed = uploadFields.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InputError(['body', ...issue.path.map(String)], issue.message);
    }
    return { ...parsed.data, archive, folder };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
