/**
 * `t save` and `t sync`: find a coding assistant's session files on THIS machine (the one the command runs on, not
 * the server's), parse them with the same parsers the server uses, and send each session as the thread
 * `<client>-<session id>` through `POST /threads/import`, which creates it or appends only the messages it does not
 * have (each message carries the stable id of its record): saving or syncing twice adds nothing.
 */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, resolve } from 'node:path';
import { SESSION_CLIENTS, type SessionClient, truncateContent } from '../../domain/thread.ts';
import type { CodingSession } from '../../providers/ports.ts';
import { parseClaudeCodeSession } from '../../providers/sessions/claudeCode.ts';
import { parseCodexSession } from '../../providers/sessions/codex.ts';
import { parseGeminiSession } from '../../providers/sessions/geminiCli.ts';
import { createLocalSessionSource } from '../../providers/sessions/local.ts';
import { ApiError } from './api.ts';
import { type Ctx, Failure, table, UsageError, withCtx } from './output.ts';
import { choice, integer } from './parse.ts';

const PARSERS: Record<SessionClient, (text: string, file: string) => CodingSession | null> = {
  'claude-code': parseClaudeCodeSession,
  codex: parseCodexSession,
  'gemini-cli': parseGeminiSession,
};

const isSupported = (client: string): client is SessionClient => (SESSION_CLIENTS as readonly string[]).includes(client);

interface HookPayload {
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
}

/** The JSON a Claude Code or Codex hook writes to the command's stdin. */
async function readHookPayload(): Promise<HookPayload> {
  if (process.stdin.isTTY) throw new UsageError('--hook-stdin reads the hook payload from stdin, but stdin is a terminal');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as HookPayload) : {};
  } catch {
    throw new UsageError('--hook-stdin: stdin is not a JSON hook payload');
  }
}

/** A transcript file named by a hook, parsed as the client's format (other tools: whichever parser reads it). */
function readTranscript(client: string, path: string): CodingSession | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const parsers = isSupported(client) ? [PARSERS[client]] : Object.values(PARSERS);
  for (const parse of parsers) {
    const session = parse(text, basename(path));
    if (session) return session;
  }
  return null;
}

interface FindOptions {
  project: string;
  sessionId?: string;
  all: boolean;
  anyProject: boolean;
  limit?: number;
  hook: HookPayload | null;
}

async function findSessions(client: string, options: FindOptions): Promise<{ sessions: CodingSession[]; searched: string; unsupported?: boolean }> {
  const sessionId = options.sessionId ?? options.hook?.session_id;
  const project = resolve(options.hook?.cwd ?? options.project);
  if (options.hook?.transcript_path) {
    const session = readTranscript(client, options.hook.transcript_path);
    if (session) return { sessions: [session], searched: options.hook.transcript_path };
  }
  if (!isSupported(client)) return { sessions: [], searched: '', unsupported: true };
  return createLocalSessionSource(homedir()).find({
    client,
    project_path: project,
    session_id: sessionId,
    newest_only: !options.all && !sessionId && !options.anyProject,
    any_project: options.anyProject,
    limit: options.limit,
  });
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
async function saveOne(ctx: Ctx, session: CodingSession, source: string, options: { truncate?: boolean; summary?: string; project: string }) {
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

function noSession(client: string, searched: string, project: string, sessionId?: string): Failure {
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
 * A client whose sessions Cairn cannot read yet is skipped with exit code 0 and says so: hooks of such assistants run
 * on every turn, and a failing hook would interrupt the user each time.
 */
function skipUnsupported(ctx: Ctx, client: string) {
  const reason = `${client} sessions are not supported yet: Cairn reads ${SESSION_CLIENTS.join(', ')} sessions`;
  const hint = 'Save the conversation with `nmem t create -t TITLE -f FILE`, or through the MCP tool thread_save';
  ctx.print({ client, status: 'skipped', reason, hint, results: [] }, () => `Skipped: ${reason}.\n${hint}`);
}

async function save(ctx: Ctx, options: SaveOptions) {
  const project = resolve(options.project);
  const { sessions, searched, unsupported } = await findSessions(options.from, { project, sessionId: options.sessionId, all: options.mode === 'all', anyProject: false, hook: null });
  if (unsupported) return skipUnsupported(ctx, options.from);
  if (sessions.length === 0) throw noSession(options.from, searched, project, options.sessionId);
  const results: Awaited<ReturnType<typeof saveOne>>[] = [];
  for (const session of sessions) results.push(await saveOne(ctx, session, options.from, { ...options, project }));
  ctx.print({ client: options.from, project_path: project, persist_mode: options.mode, status: 'success', results, error: null, hint: null }, () =>
    results
      .map(r => (r.action === 'created' ? `Created ${r.thread_id} (${r.message_count} messages)` : r.action === 'appended' ? `Updated ${r.thread_id} (+${r.messages_added} messages)` : `${r.thread_id} is up to date`))
      .join('\n'),
  );
}

interface SyncOptions {
  from: string;
  project: string;
  allProjects?: boolean;
  apply?: boolean;
  limit?: number;
  hookStdin?: boolean;
  sessionId?: string;
  truncate?: boolean;
}

async function sync(ctx: Ctx, options: SyncOptions) {
  const hook = options.hookStdin ? await readHookPayload() : null;
  const project = resolve(hook?.cwd ?? options.project);
  const { sessions, searched, unsupported } = await findSessions(options.from, {
    project,
    sessionId: options.sessionId,
    all: true,
    anyProject: options.allProjects === true && !hook,
    limit: options.limit,
    hook,
  });
  if (unsupported) return skipUnsupported(ctx, options.from);
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

const CLIENT_HELP = `${SESSION_CLIENTS.join(', ')} (others: only with --hook-stdin when their transcript is in one of these formats)`;

export function registerSessionCommands(t: Command): void {
  t.command('save')
    .description("save a coding assistant's current session (or all of a project's) as a thread")
    .requiredOption('--from <client>', CLIENT_HELP)
    .option('-p, --project <path>', 'project directory', '.')
    .option('--session-id <id>', 'that session only')
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
    .option('--truncate', 'cut very long messages (over 10,000 characters)')
    .action(withCtx(sync));
}
