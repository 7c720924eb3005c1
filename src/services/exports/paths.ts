import { lstat, mkdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { conflict, InputError } from '../../errors.ts';
import { ARCHIVE_FORMAT } from './kinds.ts';

export type ArchiveFormat = 'zip' | 'folder';

const exists = (path: string) => lstat(path).then(() => true, () => false);

/** True when `path` is `root` itself or lies under it. */
function within(root: string, path: string): boolean {
  if (root === sep) return true;
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The path with every existing part's symlinks resolved: the real path of its nearest existing ancestor, plus the rest. */
async function realOf(path: string): Promise<string> {
  let existing = path;
  const rest: string[] = [];
  while (!(await exists(existing))) {
    rest.unshift(basename(existing));
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  const real = await realpath(existing).catch(() => existing); // a dangling symlink: judged by where it sits
  return join(real, ...rest);
}

/**
 * Resolves a requested archive path against the export root: relative paths resolve inside it, absolute ones must lie
 * in it (unless the root is `/`), and neither `..` nor a symlink anywhere on the way may lead outside. Refusals are
 * 422s on `field`.
 */
export async function resolveInRoot(root: string, requested: string, field: string): Promise<string> {
  const loc = ['body', field];
  if (requested.includes('\u0000')) throw new InputError(loc, 'Path must not contain NUL characters');
  const rootPath = resolve(root);
  const target = resolve(rootPath, requested);
  if (!within(rootPath, target)) {
    throw new InputError(loc, `Path must lie inside the export root ${rootPath} (relative paths resolve there)`);
  }
  if (target === rootPath) throw new InputError(loc, 'Path must name a folder or .zip inside the export root, not the root itself');
  const realRoot = await realOf(rootPath);
  if (!within(realRoot, await realOf(target))) {
    throw new InputError(loc, `Path leads outside the export root ${rootPath} through a symbolic link`);
  }
  return target;
}

/** A colon-free UTC timestamp for default archive names: 2025-01-31T12-00-00-000Z. */
export const fileStamp = (iso: string) => iso.replace(/[:.]/g, '-');

/**
 * Where an export goes: the requested path (or `cairn-export-<timestamp>`) inside the root, with `.zip` added for a
 * zip. An existing target is a 409 unless `overwrite`. Creates the root when missing.
 */
export async function resolveExportTarget(
  root: string,
  input: { export_path?: string; format: ArchiveFormat; overwrite: boolean; now: string },
): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const requested = input.export_path?.trim() || `cairn-export-${fileStamp(input.now)}`;
  const named = input.format === 'zip' && !requested.toLowerCase().endsWith('.zip') ? `${requested}.zip` : requested;
  const target = await resolveInRoot(root, named, 'export_path');
  const loc = ['body', 'export_path'];
  if (relative(resolve(root), target).split(sep).some(part => Buffer.byteLength(part) > MAX_NAME_BYTES)) {
    throw new InputError(loc, `Each part of the path must be at most ${MAX_NAME_BYTES} bytes long`);
  }
  const parent = await stat(dirname(target)).catch(() => null);
  if (parent && !parent.isDirectory()) throw new InputError(loc, `${dirname(target)} is a file, not a folder`);
  if (await exists(target)) {
    if (!input.overwrite) {
      throw conflict('export_target_exists', `Export target already exists: ${target} (pass overwrite: true to replace it)`, { export_path: target });
    }
    // Overwrite replaces an earlier export, never anything else that happens to sit in the export root.
    if (!(await isCairnExport(target))) {
      throw conflict('export_target_exists', `${target} exists and is not a Cairn export: refusing to replace it`, { export_path: target });
    }
  }
  return target;
}

/** File names longer than this are refused by the usual file systems (ext4, APFS, NTFS). */
const MAX_NAME_BYTES = 255;

/** A `.zip` file, or a folder whose manifest says it is a Cairn export. */
export async function isCairnExport(path: string): Promise<boolean> {
  const info = await lstat(path);
  if (info.isFile()) return path.toLowerCase().endsWith('.zip');
  if (!info.isDirectory()) return false;
  const manifest = await readFile(join(path, 'manifest.json'), 'utf8').then(JSON.parse, () => null);
  return manifest?.format === ARCHIVE_FORMAT;
}

/** Where an import reads from: an existing folder or file inside the root; its format is what it is on disk. */
export async function resolveImportSource(root: string, requested: string): Promise<{ path: string; format: ArchiveFormat }> {
  const path = await resolveInRoot(root, requested, 'import_path');
  const info = await stat(path).catch(() => null);
  if (!info) throw new InputError(['body', 'import_path'], `No export found at ${path}`);
  return { path, format: info.isDirectory() ? 'folder' : 'zip' };
}
