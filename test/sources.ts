/** Helpers for the sources tests: fixture bytes and uploads to POST /sources/ingest/file. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../src/main.ts';
import { uploadForm } from './helpers.ts';

export const FIXTURES = join(import.meta.dirname, 'fixtures', 'sources');
export const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

/** Uploads one file to POST /sources/ingest/file. */
export const uploadFile = (app: App, name: string, bytes: Uint8Array, fields: Record<string, string> = {}, type?: string) =>
  uploadForm(app, '/sources/ingest/file', [{ field: 'file', name, bytes, type }], fields);
