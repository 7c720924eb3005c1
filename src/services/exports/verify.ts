import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../errors.ts';
import { type FileDigest, readArchive } from './archive.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, KINDS, KNOWN_FILES, MANIFEST } from './kinds.ts';
import type { ArchiveFormat } from './paths.ts';

export interface Manifest {
  format: string;
  version: number;
  created_at: string;
  counts: Record<string, number>;
  files: Record<string, FileDigest & { kind?: string }>;
}

const MAX_MANIFEST_BYTES = 1024 * 1024;

const refuse = (message: string) => new InputError(['body', 'import_path'], message);

/** Why an entry name may not be read: it would land outside the archive (zip-slip) or is not one of ours. */
export function unsafeEntry(name: string): string | null {
  if (name.includes('\\') || name.includes('\u0000')) return `Archive entry "${name}" has a backslash or NUL in its name`;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return `Archive entry "${name}" has an absolute path`;
  if (name.split('/').includes('..')) return `Archive entry "${name}" would escape the archive (..)`;
  if (!KNOWN_FILES.has(name)) return `Archive entry "${name}" is not part of a Cairn export`;
  return null;
}

function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw refuse('manifest.json is not valid JSON: the archive is damaged');
  }
  if (manifest?.format !== ARCHIVE_FORMAT) throw refuse(`Not a Cairn export: manifest format is ${JSON.stringify(manifest?.format)}, expected "${ARCHIVE_FORMAT}"`);
  if (manifest.version !== ARCHIVE_VERSION) throw refuse(`Unsupported export version ${JSON.stringify(manifest.version)}: this Cairn reads version ${ARCHIVE_VERSION}`);
  if (typeof manifest.files !== 'object' || manifest.files === null) throw refuse('manifest.json lists no files: the archive is damaged');
  for (const [name, digest] of Object.entries(manifest.files)) {
    const unsafe = unsafeEntry(name);
    if (unsafe || name === MANIFEST) throw refuse(unsafe ?? 'manifest.json lists itself');
    if (typeof digest?.sha256 !== 'string' || !Number.isInteger(digest.lines) || !Number.isInteger(digest.bytes)) {
      throw refuse(`manifest.json has no sha256, bytes and lines for ${name}: the archive is damaged`);
    }
  }
  return manifest;
}

/**
 * Reads the whole archive once before anything is written: the manifest must be a Cairn export of a version this
 * service reads, and every file it lists must be present with its hash, size and line count; unknown or escaping
 * entries (zip-slip), a truncated zip or a file out of order are refused, and so is an archive whose files expand past
 * `maxExpandedBytes` (a zip bomb: an upload passes a bound proportional to its size). Returns the manifest.
 */
export async function verifyArchive(
  source: { path: string; format: ArchiveFormat },
  progress: (fraction: number) => void,
  maxExpandedBytes = Number.POSITIVE_INFINITY,
): Promise<Manifest> {
  let manifest: Manifest | null = null;
  let names: string[] = [];
  if (source.format === 'folder') {
    const text = await readFile(join(source.path, MANIFEST), 'utf8').catch(() => null);
    if (text === null) throw refuse(`No ${MANIFEST} in ${source.path}: not a Cairn export`);
    manifest = parseManifest(text);
    names = Object.keys(manifest.files);
    // A symbolic link inside the folder could lead anywhere: only plain files are read.
    for (const name of [MANIFEST, ...names]) {
      const info = await lstat(join(source.path, name)).catch(() => null);
      if (info && !info.isFile()) throw refuse(`${name} in ${source.path} is not a plain file (a symbolic link or a folder): refused`);
    }
  }
  const seen = new Map<string, FileDigest>();
  const unfinished = new Set<string>();
  const manifestChunks: Buffer[] = [];
  type Hashing = { name: string; hash: ReturnType<typeof createHash>; bytes: number; lines: number };
  let hashing = null as Hashing | null;
  let lastKind = -1;
  const totalBytes = manifest ? Object.values(manifest.files).reduce((sum, f) => sum + f.bytes, 0) : 0;
  let readBytes = 0;
  let expandedBytes = 0;

  try {
    for await (const { name, chunk, final } of readArchive(source, names)) {
      if (hashing === null || hashing.name !== name) {
        if (hashing !== null) throw refuse(`The archive is damaged: ${hashing.name} ends early`);
        const unsafe = unsafeEntry(name);
        if (unsafe) throw refuse(unsafe);
        if (seen.has(name) || unfinished.has(name)) throw refuse(`Archive entry "${name}" appears twice`);
        const kindIndex = KINDS.findIndex(k => k.file === name);
        if (source.format === 'zip' && kindIndex !== -1) {
          if (kindIndex < lastKind) throw refuse(`Archive entry "${name}" is out of order: import the export folder, or a zip made by cairn export`);
          lastKind = kindIndex;
        }
        unfinished.add(name);
        hashing = { name, hash: createHash('sha256'), bytes: 0, lines: 0 };
      }
      expandedBytes += chunk.length;
      if (expandedBytes > maxExpandedBytes) {
        throw refuse(`The archive expands to more than ${maxExpandedBytes} bytes: refused (a zip bomb, or an archive too large for an upload)`);
      }
      if (name === MANIFEST) {
        manifestChunks.push(Buffer.from(chunk));
        if (manifestChunks.reduce((n, c) => n + c.length, 0) > MAX_MANIFEST_BYTES) throw refuse('manifest.json is too large: the archive is damaged');
      } else {
        hashing.hash.update(chunk);
        hashing.bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) hashing.lines++;
        readBytes += chunk.length;
        if (totalBytes > 0) progress(Math.min(1, readBytes / totalBytes));
      }
      if (final) {
        unfinished.delete(name);
        seen.set(name, { sha256: hashing.hash.digest('hex'), bytes: hashing.bytes, lines: hashing.lines });
        hashing = null;
      }
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw refuse(`The archive cannot be read (damaged or truncated): ${error instanceof Error ? error.message : String(error)}`);
  }
  if (unfinished.size > 0) throw refuse(`The archive is truncated: ${[...unfinished].join(', ')} ends early`);
  if (source.format === 'zip') {
    if (!seen.has(MANIFEST)) throw refuse(`No ${MANIFEST} in the zip: not a Cairn export, or the archive is truncated`);
    manifest = parseManifest(Buffer.concat(manifestChunks).toString('utf8'));
  }
  for (const [name, expected] of Object.entries(manifest!.files)) {
    const actual = seen.get(name);
    if (!actual) throw refuse(`The archive is incomplete: ${name} is listed in the manifest but missing`);
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes || actual.lines !== expected.lines) {
      throw refuse(`The archive is damaged: ${name} does not match the manifest (sha256, size or line count differs)`);
    }
  }
  for (const name of seen.keys()) {
    if (name !== MANIFEST && !(name in manifest!.files)) throw refuse(`Archive entry "${name}" is not listed in the manifest`);
  }
  return manifest!;
}
