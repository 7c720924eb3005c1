/**
 * Files read from the server's own disk (file-path and batch ingest): only under the folders the owner listed in
 * CAIRN_SOURCE_ROOTS (none by default). A path is checked as written and again once its symlinks are resolved, so
 * neither `..` nor a link leads outside a root.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { InputError, pathNotAllowed, sourceTooLarge } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { sourceLimit } from './ingest.ts';

/** Whether `path` is `root` or below it: its first step from the root is no `..` (a name like `..notes.md` is). */
const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
};

/** The real path of an allowed file, or a 403 / 422 saying why it is not one. */
export async function allowedFile(deps: Pick<Deps, 'sourceRoots'>, path: string, loc: (string | number)[]): Promise<string> {
  const roots = deps.sourceRoots ?? [];
  if (!isAbsolute(path)) throw new InputError(loc, `Give an absolute path (${path} is relative)`);
  if (roots.length === 0) throw pathNotAllowed(path, roots);
  const asWritten = resolve(path);
  if (!roots.some(root => inside(root, asWritten))) throw pathNotAllowed(path, roots);
  const real = await realpath(asWritten).catch(() => {
    throw new InputError(loc, `No such file: ${path}`, 'value_error.not_found');
  });
  const realRoots = await Promise.all(roots.map(root => realpath(root).catch(() => root)));
  if (!realRoots.some(root => inside(root, real))) throw pathNotAllowed(path, roots);
  const info = await stat(real);
  if (!info.isFile()) throw new InputError(loc, `Not a file: ${path}`);
  return real;
}

/** Reads an allowed file under the source size limit. */
export async function readAllowedFile(deps: Pick<Deps, 'sourceRoots' | 'sourceMaxBytes'>, path: string, loc: (string | number)[]) {
  const real = await allowedFile(deps, path, loc);
  const limit = sourceLimit(deps);
  if ((await stat(real)).size > limit) throw sourceTooLarge(path, limit);
  return { name: basename(real), bytes: new Uint8Array(await readFile(real)), path: real };
}
