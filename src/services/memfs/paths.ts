import { AppError } from '../../errors.ts';

/** A place in the filesystem view; files are `<id>.memory.md` (memories) and `<thread_id>.md` (threads). */
export type FsPath =
  | { kind: 'root'; path: string }
  | { kind: 'memories'; path: string }
  | { kind: 'by-id'; path: string }
  | { kind: 'labels'; path: string }
  | { kind: 'label'; path: string; label: string }
  | { kind: 'memory'; path: string; id: string }
  | { kind: 'threads'; path: string }
  | { kind: 'thread'; path: string; thread_id: string }
  | { kind: 'wiki'; path: string }
  | { kind: 'wiki-entities'; path: string }
  | { kind: 'wiki-topics'; path: string }
  | { kind: 'entity-page'; path: string; key: string }
  | { kind: 'topic-page'; path: string; key: string }
  | { kind: 'skills'; path: string };

export const ROOTS = ['/memories', '/threads', '/wiki', '/skills'] as const;

/** A name as one path segment: `/` and `%` are percent-encoded so any id or label name stays one segment. */
/** The id a wiki file name ends in (`<name>--<id>`), or the whole stem when it has no `--` (an id or a name). */
export const idOfStem = (stem: string) => (stem.includes('--') ? stem.slice(stem.lastIndexOf('--') + 2) : stem);

export const segment = (name: string) => name.replace(/%/g, '%25').replace(/\//g, '%2F');

function unsegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const memoryPath = (id: string) => `/memories/by-id/${segment(id)}.memory.md`;
export const labelPath = (name: string) => `/memories/by-label/${segment(name)}`;
export const threadPath = (threadId: string) => `/threads/${segment(threadId)}.md`;

export const noSuchPath = (path: string) =>
  new AppError(404, 'path_not_found', `No such path: ${path} (start from \`ls /\`; the roots are ${ROOTS.join(' and ')})`, { path });

/** `memories/by-id/` → `/memories/by-id`: one leading slash, no doubled or trailing ones. */
export function normalizePath(raw: string): string {
  const parts = raw.split('/').filter(p => p !== '' && p !== '.');
  return `/${parts.join('/')}`;
}

/** What a path names; an unknown path is a 404 `path_not_found`. */
export function resolvePath(raw: string): FsPath {
  const path = normalizePath(raw);
  const parts = path.split('/').filter(Boolean);
  const [root, sub, name, file] = parts;
  if (parts.length === 0) return { kind: 'root', path };
  if (root === 'memories') {
    if (sub === undefined) return { kind: 'memories', path };
    if (sub === 'by-id' && name === undefined) return { kind: 'by-id', path };
    if (sub === 'by-id' && file === undefined && name!.endsWith('.memory.md')) return { kind: 'memory', path, id: unsegment(name!.slice(0, -'.memory.md'.length)) };
    if (sub === 'by-label' && name === undefined) return { kind: 'labels', path };
    if (sub === 'by-label' && file === undefined) return { kind: 'label', path, label: unsegment(name!) };
    // A memory reached through its label folder is the same file as under by-id.
    if (sub === 'by-label' && parts.length === 4 && file!.endsWith('.memory.md')) {
      return { kind: 'memory', path, id: unsegment(file!.slice(0, -'.memory.md'.length)) };
    }
  }
  if (root === 'threads') {
    if (sub === undefined) return { kind: 'threads', path };
    if (name === undefined && sub.endsWith('.md')) return { kind: 'thread', path, thread_id: unsegment(sub.slice(0, -'.md'.length)) };
  }
  if (root === 'wiki') {
    if (sub === undefined) return { kind: 'wiki', path };
    if (sub === 'entities' && name === undefined) return { kind: 'wiki-entities', path };
    if (sub === 'topics' && name === undefined) return { kind: 'wiki-topics', path };
    // `<name>--<id>.entity.md`: the id after the last `--` (a bare `<id or name>.entity.md` works too).
    if (sub === 'entities' && file === undefined && name!.endsWith('.entity.md')) return { kind: 'entity-page', path, key: unsegment(idOfStem(name!.slice(0, -'.entity.md'.length))) };
    if (sub === 'topics' && file === undefined && name!.endsWith('.topic.md')) return { kind: 'topic-page', path, key: unsegment(idOfStem(name!.slice(0, -'.topic.md'.length))) };
  }
  if (root === 'skills') {
    if (sub === undefined) return { kind: 'skills', path };
    throw new AppError(404, 'path_not_found', `No such path: ${path} (Cairn stores no managed skills yet, so /skills is empty; procedures saved as memories are found with recall)`, { path });
  }
  throw noSuchPath(path);
}
