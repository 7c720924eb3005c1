/**
 * `t capture`: what the hooks of Claude Code, Codex, Cursor, Grok, CodeBuddy, WorkBuddy, Kimi Code, Proma and others
 * run when a turn ends. It answers `{"status": "enqueued"}` at once and leaves the work to a detached copy of itself
 * (the same command line with --foreground), so the host never waits on the server; that copy reads the transcript and
 * sends it as the thread `<host>-<session id>`, which the server creates or appends only the new messages to.
 * What the background copy prints, errors included, goes to ~/.nowledge-mem/capture.log.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Command, Option } from 'commander';
import { HOSTS, hostName, isReadable } from '../../providers/sessions/hosts.ts';
import { type Ctx, runtime, withCtx } from './output.ts';
import { CLIENT_HELP, skipUnreadable, sync } from './sessions.ts';

interface CaptureOptions {
  from: string;
  sessionId?: string;
  project: string;
  transcriptPath?: string;
  sync?: boolean;
  allProjects?: boolean;
  truncate?: boolean;
  foreground?: boolean;
}

export const captureLogPath = () => join(homedir(), '.nowledge-mem', 'capture.log');

/** Hooks fire before the host has flushed its last lines: the transcript gets a few seconds to appear. */
const TRANSCRIPT_WAITS_MS = [250, 500, 1000, 2000];
/** Two captures of one session (PreCompact, then Stop) run one after the other; a lock older than this is stale. */
const LOCK_STALE_MS = 120_000;
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

async function lockSession(key: string): Promise<() => void> {
  const path = join(tmpdir(), 'cairn-capture', `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.lock`);
  mkdirSync(dirname(path), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      closeSync(openSync(path, 'wx'));
      return () => rmSync(path, { force: true });
    } catch {
      const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS || waited > LOCK_STALE_MS) rmSync(path, { force: true });
      else await sleep(200);
    }
  }
}

/** The background half: waits for the transcript, then saves the session as `t sync --apply` would. */
async function captureNow(ctx: Ctx, options: CaptureOptions) {
  for (const wait of TRANSCRIPT_WAITS_MS) {
    if (!options.transcriptPath || existsSync(options.transcriptPath)) break;
    await sleep(wait);
  }
  const release = await lockSession(`${options.from}\0${options.sessionId ?? options.transcriptPath ?? options.project}`);
  // One line per capture in the log, whatever happened: `<time> capture <host> <session>: done` or `: failed: <why>`.
  const note = (outcome: string) => process.stderr.write(`${new Date().toISOString()} capture ${options.from} ${options.sessionId ?? '(newest)'}: ${outcome}\n`);
  try {
    await sync(ctx, {
      from: options.from,
      project: options.project,
      sessionId: options.sessionId,
      transcriptPath: options.transcriptPath,
      allProjects: options.allProjects,
      apply: true,
      truncate: options.truncate,
    });
    note('done');
  } catch (error) {
    note(`failed: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  } finally {
    release();
  }
}

/** The log starts over past this size, so hooks firing on every turn cannot fill the disk. */
const LOG_MAX_BYTES = 1024 * 1024;

/** Starts the background half, detached, its output appended to the capture log. */
function startInBackground(): void {
  const log = captureLogPath();
  mkdirSync(dirname(log), { recursive: true });
  const out = openSync(log, (statSync(log, { throwIfNoEntry: false })?.size ?? 0) > LOG_MAX_BYTES ? 'w' : 'a');
  try {
    const child = spawn(process.execPath, [process.argv[1]!, ...runtime.argv, '--foreground'], {
      detached: true,
      stdio: ['ignore', out, out],
      env: process.env,
      windowsHide: true,
    });
    child.unref();
  } finally {
    closeSync(out);
  }
}

async function capture(ctx: Ctx, options: CaptureOptions) {
  if (options.foreground) return captureNow(ctx, options);
  const host = HOSTS[hostName(options.from)];
  if (!isReadable(host)) {
    return skipUnreadable(ctx, options.from, host ? host.unreadable : `${options.from} is not a host Cairn knows (${CLIENT_HELP})`);
  }
  startInBackground();
  const threadId = options.sessionId ? `${options.from}-${options.sessionId}` : null;
  ctx.print({ status: 'enqueued', client: options.from, session_id: options.sessionId ?? null, thread_id: threadId, log: captureLogPath() }, () =>
    `Capture of ${threadId ?? `the newest ${options.from} session`} started in the background (log: ${captureLogPath()})`,
  );
}

export function registerCaptureCommand(t: Command): void {
  t.command('capture')
    .description("save a host's session in the background, as its hooks do after each turn (answers at once)")
    .requiredOption('--from <host>', CLIENT_HELP)
    .option('--session-id <id>', 'the session (default: the newest of the project)')
    .option('-p, --project <path>', 'project directory', '.')
    .option('--transcript-path <file>', 'the transcript file the hook named')
    .option('--sync', 'accepted: a capture always brings the thread up to date')
    .option('--all-projects', 'look for the session in every project')
    .option('--truncate', 'cut very long messages (over 10,000 characters)')
    .addOption(new Option('--foreground', 'do the capture now (what the background copy runs)').hideHelp())
    .action(withCtx(capture));
}
