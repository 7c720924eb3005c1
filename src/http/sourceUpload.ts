/**
 * Documents uploaded as multipart/form-data (POST /sources/ingest/file and /folder-upload): the body is read into
 * memory under the source size limit (413 past it, before anything is parsed), then the form is read with the
 * platform's own reader (undici's FormData).
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, InputError, sourceTooLarge } from '../errors.ts';
import type { UploadedFile } from '../services/sources/ingestFrom.ts';
import { refuseCrossOriginForm } from './formOrigin.ts';

/** Room for the form's boundaries and text fields beside the documents. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** Reads the whole body, refusing past `limit`; the rest of an oversized body is read and dropped so the 413 arrives. */
async function readBody(body: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    size += (part as Buffer).length;
    if (size <= limit) parts.push(part as Buffer);
  }
  if (size > limit) throw sourceTooLarge('The upload', limit - FORM_OVERHEAD_BYTES);
  return Buffer.concat(parts);
}

export interface SourceForm {
  files: (name: string) => Promise<UploadedFile[]>;
  text: (name: string) => string | undefined;
}

export async function receiveSourceForm(request: FastifyRequest, documentLimit: number): Promise<SourceForm> {
  const contentType = request.headers['content-type'] ?? '';
  if (!(request.body instanceof Readable) || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the document as multipart/form-data, in a field named `file`');
  }
  refuseCrossOriginForm(request);
  const limit = documentLimit + FORM_OVERHEAD_BYTES;
  if (Number(request.headers['content-length']) > limit) {
    request.body.resume(); // drained, so the client reads the 413
    throw sourceTooLarge('The upload', documentLimit);
  }
  const body = await readBody(request.body, limit);
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData().catch(() => {
    throw new InputError(['body'], 'The upload is not valid multipart/form-data');
  });
  return {
    async files(name) {
      const blobs = form.getAll(name).filter((value): value is File => value instanceof Blob);
      return Promise.all(blobs.map(async blob => ({ name: blob.name || 'upload', bytes: new Uint8Array(await blob.arrayBuffer()), mimeType: blob.type || null })));
    },
    text(name) {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    },
  };
}

/** `labels` of a form: a JSON array of names, or names separated by commas. */
export function formLabels(value: string | undefined): string[] | null {
  if (!value?.trim()) return null;
  if (value.trim().startsWith('[')) {
    const parsed = safeJson(value, ['body', 'labels']);
    if (!Array.isArray(parsed) || !parsed.every(v => typeof v === 'string')) throw new InputError(['body', 'labels'], 'labels: a JSON array of names, or names separated by commas');
    return parsed.map(v => v.trim()).filter(Boolean);
  }
  return value.split(',').map(v => v.trim()).filter(Boolean);
}

/** `metadata` of a form: a JSON object. */
export function formMetadata(value: string | undefined): Record<string, unknown> | null {
  if (!value?.trim()) return null;
  const parsed = safeJson(value, ['body', 'metadata']);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InputError(['body', 'metadata'], 'metadata: a JSON object');
  return parsed as Record<string, unknown>;
}

function safeJson(value: string, loc: string[]): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new InputError(loc, `${loc.at(-1)}: not valid JSON`, 'json_invalid');
  }
}
