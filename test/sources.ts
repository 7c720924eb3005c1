/** Helpers for the sources tests: fixture bytes and multipart uploads as a browser sends them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../src/main.ts';
import type { TestResponse } from './helpers.ts';

export const FIXTURES = join(import.meta.dirname, 'fixtures', 'sources');
export const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

export interface UploadPart {
  field: string;
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart/form-data POST: the files as parts, the other fields as text. */
export async function uploadForm(app: App, url: string, files: UploadPart[], fields: Record<string, string> = {}): Promise<TestResponse> {
  const form = new FormData();
  for (const file of files) form.append(file.field, new Blob([Buffer.from(file.bytes)], { type: file.type ?? '' }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://cairn.local/', { method: 'POST', body: form });
  const response = await app.server.inject({
    method: 'POST',
    url,
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body, text: response.body, headers: response.headers };
}

/** Uploads one file to POST /sources/ingest/file. */
export const uploadFile = (app: App, name: string, bytes: Uint8Array, fields: Record<string, string> = {}, type?: string) =>
  uploadForm(app, '/sources/ingest/file', [{ field: 'file', name, bytes, type }], fields);
