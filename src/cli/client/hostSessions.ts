/**
 * Finds a host's sessions on this machine (the one `nmem` runs on, beside the host): the transcript a hook names, a
 * `--session-dir` (a folder or one file), or the host's own folders and SQLite stores under the home
 * (src/providers/sessions/hosts.ts says where each host keeps them, and in which format).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { CodingSession } from '../../providers/ports.ts';
import { sessionIdFromPath } from '../../providers/sessions/chatJsonl.ts';
import { HOSTS, hostName, isReadable, parseHostFile, type ReadableHost } from '../../providers/sessions/hosts.ts';
import { readOpencodeStorage } from '../../providers/sessions/opencode.ts';
import { readCursorStore, readHermesStore } from '../../providers/sessions/sqliteStores.ts';

const MAX_DEPTH = 6;
const MAX_FILES = 20_000;
const MAX_FILE_BYTES = 128 * 1024 * 1024;

export interface HostQuery {
  host: string;
  /** Absolute project directory: sessions of other projects are left out unless anyProject. */
  project: string;
  sessionId?: string;
  /** The exact transcript file (a hook's transcript_path). */
  transcriptPath?: string;
  /** A folder to search instead of the host's own, or one transcript file. */
  sessionDir?: string;
  anyProject: boolean;
  newestOnly: boolean;
  limit?: number;
}

export type HostSessions = { sessions: CodingSession[]; searched: string } | { unreadable: string };

interface FileEntry {
  path: string;
  mtimeMs: number;
}

/** Transcript files under `dir`, newest first (symlinked folders are not followed). */
async function walk(dir: string, accept: RegExp, depth = 0, found: FileEntry[] = []): Promise<FileEntry[]> {
  if (depth > MAX_DEPTH || found.length >= MAX_FILES) return found;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, accept, depth + 1, found);
    else if (entry.isFile() && accept.test(entry.name)) {
      const info = await stat(path).catch(() => null);
      if (info && info.size <= MAX_FILE_BYTES) found.push({ path, mtimeMs: info.mtimeMs });
    }
  }
  return found;
}

async function parseFile(host: string, spec: ReadableHost, path: string): Promise<CodingSession | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return parseHostFile(host, spec.format, text, path) ?? (spec.format === 'jsonl' ? null : parseHostFile(host, 'jsonl', text, path));
  } catch {
    return null;
  }
}

/** Hosts name a project's folder after its path, with `/` (or every other non-alphanumeric) as `-`, or its MD5 (Kimi). */
function belongsTo(session: CodingSession, path: string, project: string): boolean {
  if (session.cwd) return resolve(session.cwd) === project;
  const slugs = [project.replace(/[\\/]/g, '-'), project.replace(/[^A-Za-z0-9]/g, '-')].flatMap(s => [s, s.replace(/^-+/, '')]);
  slugs.push(createHash('md5').update(project).digest('hex'));
  return path.split(sep).some(folder => slugs.includes(folder));
}

const STORE_READERS: Partial<Record<ReadableHost['format'], (path: string, sessionId?: string) => Promise<CodingSession[]>>> = {
  cursor: readCursorStore,
  hermes: readHermesStore,
  opencode: readOpencodeStorage,
};

/** Sessions of the host's stores: its own under the home, or the one --session-dir names. */
async function fromStores(host: string, spec: ReadableHost, paths: string[], sessionId?: string): Promise<CodingSession[]> {
  const read = STORE_READERS[spec.format];
  if (!read) return [];
  const sessions: CodingSession[] = [];
  for (const path of paths) {
    if (!existsSync(path)) continue;
    sessions.push(...(await read(path, sessionId).catch(() => [])).map(s => ({ ...s, client: host })));
  }
  return sessions;
}

/** The sessions a query names, newest first; `unreadable` for hosts whose transcripts Cairn cannot read. */
export async function findHostSessions(query: HostQuery, home = homedir()): Promise<HostSessions> {
  const host = hostName(query.host);
  const spec = HOSTS[host];
  if (!spec) return { unreadable: `${query.host} is not a host Cairn knows; it reads ${Object.keys(HOSTS).filter(h => isReadable(HOSTS[h])).join(', ')}` };
  if (!isReadable(spec)) return { unreadable: spec.unreadable };
  const withId = (session: CodingSession) => (query.sessionId ? { ...session, session_id: query.sessionId } : session);

  const single = query.transcriptPath ?? query.sessionDir;
  const singleIsFile = single !== undefined && (await stat(single).catch(() => null))?.isFile() === true;
  // A store named by --session-dir (a state.db or state.vscdb file, an OpenCode storage folder) is read as a store.
  const namedStore = query.sessionDir && (spec.format === 'opencode' || (singleIsFile && /\.(db|vscdb)$/i.test(query.sessionDir))) ? resolve(query.sessionDir) : null;
  if (single && singleIsFile && !namedStore) {
    const session = await parseFile(host, spec, single);
    return { sessions: session ? [withId(session)] : [], searched: single };
  }
  const moved = (spec.envRoots ?? []).flatMap(({ env, parts }) => (process.env[env] ? [join(process.env[env]!, ...parts)] : []));
  const folders = namedStore ? [] : query.sessionDir ? [resolve(query.sessionDir)] : [...moved, ...spec.roots.map(parts => join(home, ...parts))];
  const files = (await Promise.all(folders.map(folder => walk(folder, spec.file)))).flat().sort((a, b) => b.mtimeMs - a.mtimeMs);
  const wanted = (session: CodingSession, path: string) =>
    // A folder the user names is theirs to import whole, whichever projects its sessions belong to.
    query.anyProject || query.sessionId !== undefined || query.sessionDir !== undefined || belongsTo(session, path, query.project);
  // A session id usually names its file (or folder): those are read first, the rest only when none of them is it.
  const named = query.sessionId ? files.filter(f => f.path.split(sep).includes(query.sessionId!) || sessionIdFromPath(f.path) === query.sessionId || f.path.includes(query.sessionId!)) : [];
  const sessions: CodingSession[] = [];
  for (const file of [...named, ...files.filter(f => !named.includes(f))]) {
    if (query.sessionId && named.length > 0 && !named.includes(file)) break;
    const session = await parseFile(host, spec, file.path);
    if (!session) continue;
    if (query.sessionId && session.session_id !== query.sessionId && !named.includes(file)) continue;
    if (!wanted(session, file.path)) continue;
    sessions.push(query.sessionId ? withId(session) : session);
    if (query.sessionId || query.newestOnly || sessions.length === query.limit) break;
  }
  const stores = namedStore ? [namedStore] : query.sessionDir ? [] : (spec.stores ?? []).map(parts => join(home, ...parts));
  if (sessions.length === 0 && stores.length > 0) {
    const fromStore = (await fromStores(host, spec, stores, query.sessionId)).filter(s => wanted(s, ''));
    sessions.push(...fromStore.slice(0, query.newestOnly ? 1 : query.limit));
  }
  return { sessions, searched: [...folders, ...stores].join(', ') };
}
