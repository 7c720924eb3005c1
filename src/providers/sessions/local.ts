/**
 * Reads coding-assistant sessions from the server's own disk, under a configurable home directory:
 * `<home>/.claude/projects`, `<home>/.codex/sessions` and `<home>/.gemini/tmp`. Every folder and file is resolved
 * through realpath and refused unless it lies inside its tool's folder (itself no symlink), so `..` in a project
 * path and symlinks that lead elsewhere read nothing.
 */
import { createHash } from 'node:crypto';
import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { CodingSession, SessionQuery, SessionSource } from '../ports.ts';
import type { SessionClient } from '../../domain/thread.ts';
import { parseClaudeCodeSession } from './claudeCode.ts';
import { codexMeta, parseCodexSession } from './codex.ts';
import { parseGeminiSession } from './geminiCli.ts';
import { isObject } from './text.ts';

/** Larger files are skipped rather than read into memory. */
const MAX_FILE_BYTES = 128 * 1024 * 1024;
/** Codex nests sessions by YYYY/MM/DD; a little slack for other layouts. */
const MAX_CODEX_DEPTH = 5;
/** The first line of a rollout (its metadata) is read in pieces of this size, up to a few of them. */
const FIRST_LINE_CHUNK = 64 * 1024;

interface Candidate {
  /** Real path, checked to lie inside the tool's folder. */
  path: string;
  name: string;
  mtimeMs: number;
}

const ROOTS: Record<SessionClient, string[]> = {
  'claude-code': ['.claude', 'projects'],
  codex: ['.codex', 'sessions'],
  'gemini-cli': ['.gemini', 'tmp'],
};

/** The real path of `path` when it exists and lies inside `root` (a real path; the root itself only when allowed). */
async function inside(root: string, path: string, allowRoot = false): Promise<string | null> {
  const real = await realpath(path).catch(() => null);
  if (real === null) return null;
  const rel = relative(root, real);
  if (rel === '') return allowRoot ? real : null;
  return !rel.startsWith('..') && !isAbsolute(rel) ? real : null;
}

/** Regular files of a folder (inside `root`) whose names pass `accept`, newest first. */
async function filesIn(root: string, dir: string, accept: (name: string) => boolean): Promise<Candidate[]> {
  const realDir = await inside(root, dir, true);
  if (!realDir) return [];
  const entries = await readdir(realDir, { withFileTypes: true }).catch(() => []);
  const found: Candidate[] = [];
  for (const entry of entries) {
    if (!accept(entry.name) || !(entry.isFile() || entry.isSymbolicLink())) continue;
    const real = await inside(root, join(realDir, entry.name));
    const info = real ? await stat(real).catch(() => null) : null;
    if (real && info?.isFile() && info.size <= MAX_FILE_BYTES) found.push({ path: real, name: entry.name, mtimeMs: info.mtimeMs });
  }
  return found;
}

/** Rollout files anywhere under the Codex sessions folder (symlinked folders only when they stay inside). */
async function walkRollouts(root: string, dir: string, depth: number, found: Candidate[]): Promise<void> {
  if (depth > MAX_CODEX_DEPTH) return;
  found.push(...(await filesIn(root, dir, name => /^rollout-.*\.jsonl$/.test(name))));
  const realDir = await inside(root, dir, true);
  if (!realDir) return;
  const entries = await readdir(realDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isDirectory() || entry.isSymbolicLink()) await walkRollouts(root, join(realDir, entry.name), depth + 1, found);
  }
}

/** The first line of a file, read a piece at a time: a rollout's metadata without reading the whole session. */
async function firstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    let text = '';
    const buffer = Buffer.alloc(FIRST_LINE_CHUNK);
    for (let position = 0; position < 16 * FIRST_LINE_CHUNK; position += FIRST_LINE_CHUNK) {
      const { bytesRead } = await handle.read(buffer, 0, FIRST_LINE_CHUNK, position);
      text += buffer.subarray(0, bytesRead).toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) return text.slice(0, end);
      if (bytesRead < FIRST_LINE_CHUNK) break;
    }
    return text;
  } finally {
    await handle.close();
  }
}

/** Whether a file name names the session: its stem, or (rollouts) a stem ending in the id. */
function namesSession(name: string, sessionId: string): boolean {
  const stem = name.replace(/\.jsonl?$/, '');
  return stem === sessionId || (sessionId.length >= 8 && stem.endsWith(`-${sessionId}`));
}

const newestFirst = (a: Candidate, b: Candidate) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Names of the folders directly inside `root` (each project's folder). */
async function subfolders(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries.filter(e => e.isDirectory() || e.isSymbolicLink()).map(e => e.name);
}

/** Claude Code names a project's folder after its path with `/` (and, in newer versions, every other non-alphanumeric) as `-`. */
function claudeProjectFolders(project: string): string[] {
  return [...new Set([project.replace(/\//g, '-'), project.replace(/[^A-Za-z0-9]/g, '-')])];
}

async function codexCandidates(root: string, project: string, query: SessionQuery): Promise<Candidate[]> {
  const rollouts: Candidate[] = [];
  await walkRollouts(root, root, 0, rollouts);
  const matching: Candidate[] = [];
  for (const candidate of rollouts.sort(newestFirst)) {
    let meta;
    try {
      const record = JSON.parse(await firstLine(candidate.path)) as unknown;
      meta = isObject(record) ? codexMeta(record) : null;
    } catch {
      continue;
    }
    if (!query.any_project && (!meta?.cwd || resolve(meta.cwd) !== project)) continue;
    if (!meta) continue;
    if (query.session_id !== undefined && meta.id !== query.session_id && !namesSession(candidate.name, query.session_id)) continue;
    matching.push(candidate);
    if (query.newest_only) break;
  }
  return matching;
}

const PARSERS: Record<SessionClient, (text: string, file: string) => CodingSession | null> = {
  'claude-code': parseClaudeCodeSession,
  codex: parseCodexSession,
  'gemini-cli': parseGeminiSession,
};

/** A SessionSource over the folders of `homeDir`. */
export function createLocalSessionSource(homeDir: string): SessionSource {
  return {
    async find(query) {
      const searched = join(homeDir, ...ROOTS[query.client]);
      // The home may sit under a symlink (/tmp on macOS); the tool folder itself may not lead elsewhere.
      const realHome = await realpath(homeDir).catch(() => null);
      const root = realHome && join(realHome, ...ROOTS[query.client]);
      if (!root || (await realpath(root).catch(() => null)) !== root) return { sessions: [], searched };
      const project = resolve(query.project_path);

      let candidates: Candidate[];
      if (query.client === 'claude-code') {
        const names = query.any_project ? await subfolders(root) : claudeProjectFolders(project);
        const folders = await Promise.all(names.map(name => filesIn(root, join(root, name), n => n.endsWith('.jsonl'))));
        candidates = [...new Map(folders.flat().map(c => [c.path, c])).values()];
      } else if (query.client === 'gemini-cli') {
        const hashes = query.any_project ? await subfolders(root) : [createHash('sha256').update(project).digest('hex')];
        candidates = (await Promise.all(hashes.map(hash => filesIn(root, join(root, hash, 'chats'), name => name.endsWith('.json'))))).flat();
      } else {
        candidates = await codexCandidates(root, project, query);
      }

      const sessions: CodingSession[] = [];
      for (const candidate of candidates.sort(newestFirst)) {
        const session = PARSERS[query.client](await readFile(candidate.path, 'utf8'), candidate.name);
        if (!session) continue;
        if (query.session_id !== undefined && session.session_id !== query.session_id && !namesSession(candidate.name, query.session_id)) continue;
        sessions.push(session);
        if (query.newest_only || sessions.length === query.limit) break;
      }
      return { sessions, searched };
    },
  };
}
