/**
 * `t save` and `t sync`: find a coding assistant's session files on THIS machine (the one the command runs on, not
 * the server's), parse them with the same parsers the server uses, and send each session as the thread
 * `<client>-<session id>` through `POST /threads/import`, which creates it or appends only the messages it does not
 * have (each message carries the stable id of its record): saving or syncing twice adds nothing.
 */
import type { Command } from 'commander';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { SESSION_CLIENTS, type SessionClient, truncateContent } from '../../domain/thread.ts';
import { readableHosts } from '../../providers/sessions/hosts.ts';
import type { CodingSession } from '../../providers/ports.ts';
import { createLocalSessionSource } from '../../providers/sessions/local.ts';
import { ApiError } from './api.ts';
import { findHostSessions, type HostSessions } from './hostSessions.ts';
import { type Ctx, Failure, table, UsageError, withCtx } from './output.ts';
import { choice, integer } from './parse.ts';

const isSupported = (client: string): client is SessionClient => (SESSION_CLIENTS as readonly string[]).includes(client);

interface HookPayload {
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The fields of a hook payload, under the names hosts give them: `session_id` (`sessionId`, Cursor's
 * `conversation_id`), `transcript_path` (`transcriptPath`) and `cwd` (Cursor's first `workspace_roots`).
 */
function hookFields(value: Record<string, unknown>): HookPayload {
  const roots = Array.isArray(value.workspace_roots) ? value.workspace_roots : [];
  return {
    session_id: text(value.session_id) ?? text(value.sessionId) ?? text(value.conversation_id),
    transcript_path: text(value.transcript_path) ?? text(value.transcriptPath),
    cwd: text(value.cwd) ?? text(roots[0]),
  };
}

/** The JSON a host's hook writes to the command's stdin. */
async function readHookPayload(): Promise<HookPayload> {
  if (process.stdin.isTTY) throw new UsageError('--hook-stdin reads the hook payload from stdin, but stdin is a terminal');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const input = Buffer.concat(chunks).toString('utf8').trim();
  if (!input) return {};
  try {
    const value = JSON.parse(input) as unknown;
    return typeof value === 'object' && value !== null ? hookFields(value as Record<string, unknown>) : {};
  } catch {
    throw new UsageError('--hook-stdin: stdin is not a JSON hook payload');
  }
}

interface FindOptions {
  project: string;
  sessionId?: string;
  transcriptPath?: string;
  sessionDir?: string;
  all: boolean;
  anyProject: boolean;
  limit?: number;
  hook: HookPayload | null;
}

/**
 * The sessions to save: Claude Code, Codex and Gemini CLI sessions of a project through the same finder the server
 * uses; a named transcript, a --session-dir, or any other host through hostSessions.ts.
 */
export async function findSessions(client: string, options: FindOptions): Promise<HostSessions> {
  const sessionId = options.sessionId ?? options.hook?.session_id;
  const project = resolve(options.hook?.cwd ?? options.project);
  const transcriptPath = options.transcriptPath ?? options.hook?.transcript_path;
  const newestOnly = !options.all && !sessionId && !options.anyProject;
  if (isSupported(client) && !transcriptPath && !options.sessionDir) {
    return createLocalSessionSource(homedir()).find({ client, project_path: project, session_id: sessionId, newest_only: newestOnly, any_project: options.anyProject, limit: options.limit });
  }
  return findHostSessions({ host: client, project, sessionId, transcriptPath, sessionDir: options.sessionDir, anyProject: options.anyProject, newestOnly, limit: options.limit });
}

function importBody(ctx: Ctx, session: CodingSession, source: string, options: { truncate?: boolean; summary?: string; project: string }) {
  return {
    thread_id: `${source}-${session.session_id}`,
    title: session.title,
    source,
    project: session.cwd ?? options.project,
    workspace: session.cwd ?? options.project,
    tool_version: session.tool_version,
    metadata: { client: source, session_id: session.session_id, file: session.file, started_at: session.started_at, ...(options.summary ? { summary: options.summary } : {}) },
    messages: session.messages.map(m => ({
      role: m.role,
      content: options.truncate ? truncateContent(m.content) : m.content,
      timestamp: m.timestamp,
      external_id: m.external_id,
      metadata: { ...m.metadata, session_id: session.session_id },
    })),
    deduplicate: true,
    space_id: ctx.space,
  };
}

interface ImportResult {
  thread_id: string;
  message_count: number;
  messages_added?: number;
  append_mode?: string;
  error?: string | null;
}

/** Sends one session; the answer says whether the thread was created, appended to, or already complete. */
export async function saveOne(ctx: Ctx, session: CodingSession, source: string, options: { truncate?: boolean; summary?: string; project: string }) {
  const body = importBody(ctx, session, source, options);
  const answer = await ctx.api.send<{ results: ImportResult[] }>('POST', '/threads/import', body);
  const result = answer.results[0]!;
  if (result.error) throw new Failure(`Saving ${body.thread_id} failed: ${result.error}`, { error: 'import_failed', result });
  const created = result.append_mode === 'created';
  const added = created ? result.message_count : (result.messages_added ?? 0);
  return { action: created ? 'created' : added > 0 ? 'appended' : 'unchanged', thread_id: result.thread_id, session_id: session.session_id, file: session.file, message_count: result.message_count, messages_added: added };
}

/** What a sync would do, without writing: a new thread, or how many of the session's messages the thread lacks. */
async function previewOne(ctx: Ctx, session: CodingSession, source: string) {
  const threadId = `${source}-${session.session_id}`;
  const base = { thread_id: threadId, session_id: session.session_id, file: session.file, session_messages: session.messages.length };
  try {
    const stored = await ctx.api.get<{ messages: { external_id: string | null }[] }>(`/threads/${encodeURIComponent(threadId)}`, { space_id: ctx.space });
    const known = new Set(stored.messages.map(m => m.external_id));
    const fresh = session.messages.filter(m => !known.has(m.external_id)).length;
    return { ...base, action: fresh > 0 ? 'would_append' : 'up_to_date', new_messages: fresh };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { ...base, action: 'would_create', new_messages: session.messages.length };
    throw error;
  }
}

export function noSession(client: string, searched: string, project: string, sessionId?: string): Failure {
  const which = sessionId ? `session ${sessionId}` : 'session';
  return new Failure(`No ${client} ${which} found for ${project}`, { client, project_path: project, status: 'error', results: [] }, `Looked under ${searched}; run ${client} in that project first, or pass --project PATH.`);
}

interface SaveOptions {
  from: string;
  project: string;
  sessionId?: string;
  summary?: string;
  mode: 'current' | 'all';
  truncate?: boolean;
}

/**
 * A host whose sessions Cairn cannot read is skipped with exit code 0, and says why on stderr: hooks run on every
 * turn, and a failing hook would interrupt the user each time for something they cannot act on.
 */
export function skipUnreadable(ctx: Ctx, client: string, reason: string) {
  const hint = 'Save the conversation with `nmem t create -t TITLE -f FILE`, or through the MCP tool thread_save';
  process.stderr.write(`nmem: ${reason}\n`);
  ctx.print({ client, status: 'skipped', reason, hint, results: [] }, () => '');
}

async function save(ctx: Ctx, options: SaveOptions & { transcriptPath?: string }) {
  const project = resolve(options.project);
  const found = await findSessions(options.from, { project, sessionId: options.sessionId, transcriptPath: options.transcriptPath, all: options.mode === 'all', anyProject: false, hook: null });
  if ('unreadable' in found) return skipUnreadable(ctx, options.from, found.unreadable);
  const { sessions, searched } = found;
  if (sessions.length === 0) throw noSession(options.from, searched, project, options.sessionId);
  const results: Awaited<ReturnType<typeof saveOne>>[] = [];
  for (const session of sessions) results.push(await saveOne(ctx, session, options.from, { ...options, project }));
  ctx.print({ client: options.from, project_path: project, persist_mode: options.mode, status: 'success', results, error: null, hint: null }, () =>
    results
      .map(r => (r.action === 'created' ? `Created ${r.thread_id} (${r.message_count} messages)` : r.action === 'appended' ? `Updated ${r.thread_id} (+${r.messages_added} messages)` : `${r.thread_id} is up to date`))
      .join('\n'),
  );
}

export interface SyncOptions {
  from: string;
  project: string;
  allProjects?: boolean;
  apply?: boolean;
  limit?: number;
  hookStdin?: boolean;
  sessionId?: string;
  sessionDir?: string;
  transcriptPath?: string;
  truncate?: boolean;
}

export async function sync(ctx: Ctx, options: SyncOptions) {
  const hook = options.hookStdin ? await readHookPayload() : null;
  const project = resolve(hook?.cwd ?? options.project);
  const found = await findSessions(options.from, {
    project,
    sessionId: options.sessionId,
    transcriptPath: options.transcriptPath,
    sessionDir: options.sessionDir,
    all: true,
    anyProject: options.allProjects === true && !hook,
    limit: options.limit,
    hook,
  });
  if ('unreadable' in found) return skipUnreadable(ctx, options.from, found.unreadable);
  const { sessions, searched } = found;
  if (sessions.length === 0) throw noSession(options.from, searched, options.allProjects ? 'any project' : project, options.sessionId ?? hook?.session_id);
  const results: (Awaited<ReturnType<typeof saveOne>> | Awaited<ReturnType<typeof previewOne>>)[] = [];
  for (const session of sessions) {
    results.push(options.apply ? await saveOne(ctx, session, options.from, { truncate: options.truncate, project }) : await previewOne(ctx, session, options.from));
  }
  const mode = options.apply ? 'apply' : 'preview';
  ctx.print({ client: options.from, mode, project_path: options.allProjects ? null : project, sessions_found: sessions.length, results }, () => {
    const rows = results.map(r => [r.thread_id, r.action, String('messages_added' in r ? r.messages_added : r.new_messages)]);
    const lines = [table([['THREAD', 'ACTION', options.apply ? 'ADDED' : 'NEW'], ...rows])];
    if (!options.apply) lines.push('', 'Preview only: run again with --apply to save.');
    return lines.join('\n');
  });
}

export const CLIENT_HELP = `the host: ${readableHosts().join(', ')}`;

export function registerSessionCommands(t: Command): void {
  t.command('save')
    .description("save a coding assistant's current session (or all of a project's) as a thread")
    .requiredOption('--from <client>', CLIENT_HELP)
    .option('-p, --project <path>', 'project directory', '.')
    .option('--session-id <id>', 'that session only')
    .option('--transcript-path <file>', 'that transcript file')
    .option('-s, --summary <text>', 'a short summary, kept with the thread')
    .option('-m, --mode <mode>', 'current (the newest session) or all', choice(['current', 'all'] as const), 'current')
    .option('--truncate', 'cut very long messages (over 10,000 characters)')
    .action(withCtx(save));
  t.command('sync')
    .description("bring a coding assistant's local sessions up to date as threads (a preview unless --apply)")
    .requiredOption('--from <client>', CLIENT_HELP)
    .option('-p, --project <path>', 'project directory', '.')
    .option('--all-projects', "every project's sessions")
    .option('--apply', 'write (without it: show what would be saved)')
    .option('-n, --limit <n>', 'at most this many sessions, newest first', integer(1))
    .option('--hook-stdin', 'read the hook payload (session_id, transcript_path, cwd) from stdin')
    .option('--session-id <id>', 'that session only')
    .option('--session-dir <path>', "a folder of the host's sessions (or one transcript file) instead of its usual place")
    .option('--transcript-path <file>', 'that transcript file')
    .option('--truncate', 'cut very long messages (over 10,000 characters)')
    .action(withCtx(sync));
}
