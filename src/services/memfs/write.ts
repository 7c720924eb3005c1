/**
 * Writes through the filesystem view (`POST /fs/write`, `POST /fs/delete`): only canonical files change, through the
 * same services as the REST routes. A memory is `/memories/by-id/<id>.memory.md` (its other paths, under a label
 * folder, are aliases: EXDEV); today's working memory is `/working-memory/today.md`; everything else is derived and
 * read-only (EROFS).
 */
import type { UnitType } from '../../domain/memory.ts';
import { AppError, conflict } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { updateWorkingMemory } from '../agent/workingMemory.ts';
import { deleteMemory } from '../memories/delete.ts';
import { getMemory } from '../readModel/memories.ts';
import { updateMemory } from '../memories/update.ts';
import { memoryPath, normalizePath, resolvePath } from './paths.ts';

export const WORKING_MEMORY_PATH = '/working-memory/today.md';

type WriteDeps = Pick<Deps, 'store' | 'clock' | 'ids' | 'indexer' | 'extraction' | 'communities' | 'trashDays'>;

/** Front-matter fields a memory file's write may change (the others, such as `id` and `created_at`, are the store's). */
export interface MemoryFrontmatter {
  title?: string;
  importance?: number;
  unit_type?: UnitType;
  labels?: string[];
  event_start?: string | null;
  event_end?: string | null;
}

const errno = (status: number, code: string, errnoName: string, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(status, code, message, { errno: errnoName, ...extra });

/** The memory a canonical path names, or the error a write to this path gets. */
function canonicalMemory(raw: string, verb: 'write' | 'delete'): { id: string; path: string } | 'working-memory' {
  const path = normalizePath(raw);
  if (path === WORKING_MEMORY_PATH) return 'working-memory';
  const target = resolvePath(path);
  if (target.kind === 'memory') {
    const canonical = memoryPath(target.id);
    if (canonical !== path) {
      throw errno(409, 'alias_path', 'EXDEV', `${path} is another path of ${canonical}: ${verb} the canonical file`, { canonical_path: canonical });
    }
    return { id: target.id, path };
  }
  throw errno(403, 'read_only_path', 'EROFS', `${path} is derived from the store and read-only: only /memories/by-id/<id>.memory.md and ${WORKING_MEMORY_PATH} can be changed`);
}

/** A body as `cat` shows it begins with the title as a heading: that line is the title, not content. */
function splitTitle(body: string): { title?: string; content: string } {
  const match = /^# (.+)\n(?:\n)?/.exec(body);
  return match ? { title: match[1]!.trim(), content: body.slice(match[0].length) } : { content: body };
}

export async function writeFsFile(
  deps: WriteDeps,
  input: { path: string; body: string; frontmatter?: MemoryFrontmatter | null; record_version?: string | null; space_id?: string },
) {
  const target = canonicalMemory(input.path, 'write');
  if (target === 'working-memory') {
    const saved = await updateWorkingMemory(deps, { content: input.body, space_id: input.space_id });
    return { path: WORKING_MEMORY_PATH, written: true, kind: 'working_memory', working_memory: saved };
  }
  const current = await getMemory(deps, target.id, { space_id: input.space_id });
  if (input.record_version != null && input.record_version !== String(current.version)) {
    throw conflict('version_conflict', `${target.path} changed since version ${input.record_version} (it is at ${current.version}): read it again, then write`, {
      errno: 'ESTALE',
      record_version: String(current.version),
    });
  }
  const { title: heading, content } = splitTitle(input.body);
  const front = input.frontmatter ?? {};
  await updateMemory(deps, target.id, {
    ...(content.trim() ? { content } : {}),
    title: front.title ?? heading,
    importance: front.importance,
    unit_type: front.unit_type,
    labels: front.labels,
    event_start: front.event_start,
    event_end: front.event_end,
  });
  const memory = await getMemory(deps, target.id, {});
  return { path: target.path, written: true, kind: 'memory', record_version: String(memory.version), memory };
}

export async function deleteFsFile(deps: WriteDeps, input: { path: string; space_id?: string }) {
  const target = canonicalMemory(input.path, 'delete');
  if (target === 'working-memory') {
    throw errno(400, 'not_supported', 'ENOTSUP', `${WORKING_MEMORY_PATH} cannot be deleted: write it empty of tasks instead, or delete the space's working memory with DELETE /spaces/{space}?purge_working_memory=true`);
  }
  const deleted = await deleteMemory(deps, target.id, { cascade_delete: true, space_id: input.space_id });
  return { path: target.path, deleted: true, ...deleted };
}
