/**
 * Conversation files on the server's own disk, only under one root (CAIRN_HOME_DIR): reading one, finding the
 * session files hosts keep there (`~/.claude/projects/**\/*.jsonl`, `~/.codex/sessions/**\/rollout-*.jsonl`, …) and the
 * chat exports unpacked into `~/Downloads` (`conversations.json`), and watching those folders.
 */
import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  ConversationFileError,
  type ConversationFiles,
  type DiscoveredConversationFile,
  type ParsedConversationFile,
} from '../ports.conversations.ts';
import { HOSTS, isReadable, readableHosts } from '../sessions/hosts.ts';
import { canonicalSource, parseConversationText } from './parse.ts';

/** Larger files are refused rather than read into memory. */
export const MAX_CONVERSATION_FILE_BYTES = 128 * 1024 * 1024;
/** How deep discovery looks below a host's folder (Codex nests YYYY/MM/DD; Claude Code one folder per project). */
const MAX_DEPTH = 6;
/** Files listed per source at most: a home with years of sessions still answers quickly. */
const MAX_FILES_PER_SOURCE = 2000;
/** Where chat exports are usually unpacked, under the home. */
const EXPORT_FOLDERS = [['Downloads']];
const EXPORT_FILE = /^conversations\.json$/;

/** Whether `path` lies below `root`: its first step from the root is no `..` (a name like `..notes.md` is). */
const isInside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== '' && !isAbsolute(rel) && rel.split(sep)[0] !== '..';
};

/** Which export a conversations.json is, from its first bytes (a ChatGPT node has "mapping", a Claude one "chat_messages"). */
async function sniffExport(path: string): Promise<string | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    return head.includes('"mapping"') ? 'chatgpt' : head.includes('"chat_messages"') ? 'claude-ai' : null;
  } finally {
    await handle.close();
  }
}

/** A session's id from its file name: Codex rollouts end in the session's UUID; other hosts name the file after it. */
function sessionIdOf(source: string, path: string): string {
  const stem = basename(path).replace(/\.[^.]+$/, '');
  const uuid = stem.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  if (source === 'codex' && uuid) return uuid[0];
  // Kimi, Craft Agent and Antigravity name the folder after the session and the file after its role.
  return /^(context|session|transcript)$/.test(stem) ? basename(dirname(path)) : stem;
}

export function createConversationFiles(homeDir: string): ConversationFiles {
  const root = resolve(homeDir);
  /** The real root (the home may sit under a symlink, as /tmp does on macOS). */
  const realRoot = () => realpath(root).catch(() => null);

  /** The real path of `path` when it lies inside the root; relative paths are taken from the root. */
  async function insideRoot(path: string): Promise<string> {
    const home = await realRoot();
    const real = home && (await realpath(resolve(root, path)).catch(() => null));
    if (!home) throw new ConversationFileError('not_found', `The home folder ${root} does not exist`);
    if (!real) {
      // Say "outside" before "not found", so a probe cannot learn what exists elsewhere.
      if (!isInside(root, resolve(root, path)) && !isInside(home, resolve(root, path))) throw outside(path);
      throw new ConversationFileError('not_found', `No such file: ${path}`);
    }
    if (!isInside(home, real)) throw outside(path);
    return real;
  }
  const outside = (path: string) =>
    new ConversationFileError('outside_root', `${path} is outside the folder conversations are read from (${root}, CAIRN_HOME_DIR)`);

  /** Every folder each source's files are kept in, that exists inside the root. */
  async function folders(sources: string[]) {
    const wanted = sources.length > 0 ? sources.map(s => (s === 'claude' ? 'claude-code' : canonicalSource(s))) : [...readableHosts(), 'chatgpt', 'claude-ai'];
    const home = await realRoot();
    if (!home) return [];
    const found: { source: string; path: string }[] = [];
    for (const source of new Set(wanted)) {
      const host = HOSTS[source];
      const parts = source === 'chatgpt' || source === 'claude-ai' ? EXPORT_FOLDERS : isReadable(host) ? host.roots : [];
      for (const folder of parts) {
        const real = await realpath(join(home, ...folder)).catch(() => null);
        if (real && isInside(home, real) && (await stat(real)).isDirectory()) found.push({ source, path: real });
      }
    }
    return found;
  }

  /** Files under `dir` whose names pass `accept`, staying inside the root, at most `max`. */
  async function walk(home: string, dir: string, accept: (name: string) => boolean, depth: number, out: string[], max: number): Promise<void> {
    if (depth > MAX_DEPTH || out.length >= max) return;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (out.length >= max) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(home, path, accept, depth + 1, out, max);
      else if ((entry.isFile() || entry.isSymbolicLink()) && accept(entry.name)) {
        const real = await realpath(path).catch(() => null);
        if (real && isInside(home, real)) out.push(real);
      }
    }
  }

  async function discover(source?: string): Promise<DiscoveredConversationFile[]> {
    const home = await realRoot();
    if (!home) return [];
    const found: DiscoveredConversationFile[] = [];
    for (const folder of await folders(source ? [source] : [])) {
      const host = HOSTS[folder.source];
      const isExport = folder.source === 'chatgpt' || folder.source === 'claude-ai';
      const accept = isExport ? (name: string) => EXPORT_FILE.test(name) : isReadable(host) ? (name: string) => host.file.test(name) : () => false;
      const paths: string[] = [];
      await walk(home, folder.path, accept, isExport ? MAX_DEPTH - 1 : 0, paths, MAX_FILES_PER_SOURCE);
      for (const path of paths) {
        if (isExport && (await sniffExport(path)) !== folder.source) continue;
        const info = await stat(path).catch(() => null);
        if (!info?.isFile() || info.size > MAX_CONVERSATION_FILE_BYTES) continue;
        const projectFolder = relative(folder.path, dirname(path)).split(/[\\/]/)[0];
        found.push({
          source: folder.source,
          path,
          session_id: isExport ? relative(home, path) : sessionIdOf(folder.source, path),
          size_bytes: info.size,
          modified_at: info.mtime.toISOString(),
          project_encoded: folder.source === 'claude-code' && projectFolder ? projectFolder : null,
        });
      }
    }
    return found.sort((a, b) => (a.modified_at < b.modified_at ? 1 : a.modified_at > b.modified_at ? -1 : a.path.localeCompare(b.path)));
  }

  async function read(path: string, source: string): Promise<ParsedConversationFile> {
    canonicalSource(source);
    const real = await insideRoot(path);
    const info = await stat(real);
    if (!info.isFile()) throw new ConversationFileError('not_found', `Not a file: ${path}`);
    if (info.size > MAX_CONVERSATION_FILE_BYTES) {
      throw new ConversationFileError('too_large', `${path} is ${info.size} bytes: at most ${MAX_CONVERSATION_FILE_BYTES} are read`);
    }
    // The path relative to the home names a Markdown transcript, so the same file keeps its id wherever the home is.
    return parseConversationText(relative(await realpath(root), real), await readFile(real, 'utf8'), source);
  }

  function watch(paths: string[], onChange: (path: string) => void, onError: (error: Error) => void) {
    const watchers: FSWatcher[] = [];
    for (const folder of paths) {
      try {
        const watcher = watchFolder(folder, { recursive: true, persistent: false }, (_event, name) => {
          if (name) onChange(join(folder, name.toString()));
        });
        watcher.on('error', onError);
        watchers.push(watcher);
      } catch (error) {
        onError(error as Error);
      }
    }
    return { close: () => watchers.forEach(w => w.close()) };
  }

  return { root, parse: parseConversationText, read, discover, folders, watch };
}
