/** `status`, `skills` and `fs` (the read-only filesystem view the MCP tool `mem_fs` also gives). */
import type { Command } from 'commander';
import { ApiError, statusHint } from './api.ts';
import { type Ctx, Failure, withCtx, defaultSubcommand } from './output.ts';
import { integer } from './parse.ts';
import { readableHosts, unreadableHosts } from '../../providers/sessions/hosts.ts';

/** Whether the configured key opens the server: `not required`, `ok`, `missing`, `rejected` or `locked out` (429). */
async function authState(ctx: Ctx): Promise<{ auth: string; retry_after?: number }> {
  const capabilities = await ctx.api.get<{ features?: Record<string, boolean> }>('/capabilities').catch(() => null);
  if (!capabilities?.features?.auth_required) return { auth: 'not required' };
  if (!ctx.settings.apiKey) return { auth: 'missing' };
  try {
    await ctx.api.get('/threads', { limit: 1 });
    return { auth: 'ok' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { auth: 'rejected' };
    if (error instanceof ApiError && error.status === 429) return { auth: 'locked out', retry_after: Number(error.body.retry_after) || undefined };
    throw error;
  }
}

/** Exit code 0 only when the server answers, is healthy and (when it asks for one) accepts the key. */
async function status(ctx: Ctx) {
  const health = await ctx.api.get<{ status: string; version: string; database_connected?: boolean }>('/health');
  const { auth, retry_after } = await authState(ctx);
  const healthy = health.status === 'healthy' || health.status === 'ok';
  const refused = auth === 'missing' || auth === 'rejected' || auth === 'locked out';
  const ok = healthy && !refused;
  // "ok" only when every command would work: a server that refuses this command line's key is not ok for it.
  const result = {
    status: !healthy ? health.status : refused ? (auth === 'missing' ? 'key_missing' : auth === 'rejected' ? 'key_rejected' : 'locked_out') : 'ok',
    version: health.version,
    api_url: ctx.settings.apiUrl,
    database: health.database_connected ?? true,
    server: 'cairn',
    space: ctx.space ?? 'default',
    auth,
    ...(retry_after ? { retry_after } : {}),
    config: ctx.settings.from,
    // Which hosts' sessions `nmem t capture / save / sync` can read on this machine, and why the others cannot.
    capture: { hosts: readableHosts(), unreadable: unreadableHosts() },
  };
  const hint = refused ? statusHint(auth === 'locked out' ? 429 : 401) : null;
  const state = !healthy ? health.status : refused ? 'reachable, but it refuses this command line (see auth)' : 'ok';
  const capture = `  capture  ${result.capture.hosts.join(', ')} (not: ${result.capture.unreadable.map(u => u.host).join(', ')})`;
  ctx.print({ ...result, ...(hint ? { hint } : {}) }, () =>
    [`Cairn ${result.version} at ${result.api_url}: ${state}`, `  database ${result.database ? 'connected' : 'disconnected'}`, `  space    ${result.space}`, `  auth     ${auth}${retry_after ? ` (for ${retry_after} s more)` : ''}`, capture, ...(hint ? [`  hint: ${hint}`] : [])].join('\n'),
  );
  if (!ok) process.exitCode = 1;
}

const NO_SKILLS = 'Cairn has no managed skills yet.';

function skills(kind: 'list' | 'match' | 'show' | 'outcome' | 'connect') {
  return (ctx: Ctx) => {
    const data =
      kind === 'outcome' ? { recorded: false, message: `${NO_SKILLS} Nothing was recorded.` } : kind === 'connect' ? { connected: false, message: NO_SKILLS } : kind === 'show' ? { skill: null, message: NO_SKILLS } : { skills: [], matches: [], total: 0, message: NO_SKILLS };
    ctx.print(data, () => data.message);
  };
}

/** A word as the mem_fs command line reads it: quoted when it holds spaces or quotes. */
const shellWord = (word: string) => (/^[^\s"'\\]+$/.test(word) ? word : JSON.stringify(word));

async function memFs(ctx: Ctx, verb: string, words: string[]) {
  const command = [verb, ...words].map(shellWord).join(' ');
  const answer = await ctx.api.send<{ output: string; data: unknown; command: string; error?: unknown }>('POST', '/agent/mem-fs', { command, space_id: ctx.space });
  ctx.print(answer, () => answer.output);
  const data = answer.data as { error?: unknown } | null;
  if (data && typeof data === 'object' && data.error) throw new Failure(String(answer.output || data.error), { ...answer });
}

const FS_VERBS: [string, string][] = [
  ['capabilities', 'what the filesystem view offers'],
  ['ls', 'list a folder: ls /, ls /memories/by-label/<label>'],
  ['cat', 'print a file: cat /memories/by-id/<id>.memory.md'],
  ['grep', 'find text: grep <pattern> /memories'],
  ['recall', 'search by meaning: recall "<query>" --in /memories -k 5'],
  ['find', 'find files: find /memories --label x --since 2025-01-01'],
  ['stat', "a file's details"],
];

export function registerMiscCommands(program: Command): void {
  program.command('status').description('is the server reachable and healthy? (exit code 0 when it is)').action(withCtx(status));

  const skill = program.command('skills').description('managed skills (Cairn has none yet: every command says so plainly)');
  defaultSubcommand(skill, 'list').description('list skills').action(withCtx(skills('list')));
  skill.command('match').argument('<task...>').option('-n, --limit <n>', 'how many', integer(1, 100)).description('skills that fit a task').action(withCtx(skills('match')));
  skill.command('show').argument('<skill_id>').description('one skill').action(withCtx(skills('show')));
  skill
    .command('outcome')
    .argument('<skill_id>')
    .option('--version <version>', 'skill version used')
    .option('--outcome <outcome>', 'completed, failed, …')
    .option('--note <text>', 'what happened')
    .option('--task <text>', 'the task')
    .description('report how a skill worked out')
    .action(withCtx(skills('outcome')));
  skill.command('connect').argument('[host]').option('--host <host>', 'the host (as the argument)').description('register skills with a host').action(withCtx(skills('connect')));

  const fs = program.command('fs').description('a read-only filesystem view of the store (same as the MCP tool mem_fs)');
  for (const [verb, description] of FS_VERBS) {
    fs.command(verb)
      .description(description)
      .argument('[args...]', 'paths, patterns and the view’s own flags (checked by the server)')
      .allowUnknownOption()
      .action(withCtx((ctx, words: string[]) => memFs(ctx, verb, words)));
  }
}
