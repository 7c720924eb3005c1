/** `wm` (working memory), `context` (the bundle an agent starts with), `g` (graph), `f` (activity feed). */
import { Argument, type Command } from 'commander';
import { clip, type Ctx, day, table, UsageError, withCtx, defaultSubcommand } from './output.ts';
import { collect, date, integer } from './parse.ts';

type WorkingMemory = { exists: boolean; content: string; date: string; updated_at: string | null };

async function readWorkingMemory(ctx: Ctx, options: { date?: string }) {
  const wm = await ctx.api.get<WorkingMemory>('/agent/working-memory', { date: options.date, space_id: ctx.space });
  ctx.print(wm, () => (wm.exists ? wm.content : 'Working memory is empty.'));
}

async function patchWorkingMemory(ctx: Ctx, options: { heading?: string; append?: string; content?: string }) {
  if ((options.append === undefined) === (options.content === undefined)) throw new UsageError('give one of --append TEXT or --content TEXT');
  // The server reads and writes in one transaction: two hooks appending at once both land.
  const saved = await ctx.api.send<WorkingMemory & { chars: number }>('PATCH', '/agent/working-memory', { ...options, space_id: ctx.space });
  ctx.print({ success: true, ...saved }, () => `Working memory updated (${saved.chars} characters)`);
}

interface ContextOptions {
  sourceApp?: string;
  agentId?: string;
  hostAgentId?: string;
  workingMemory: boolean;
}

async function context(ctx: Ctx, options: ContextOptions) {
  const bundle = await ctx.api.get<{ rendered_markdown?: string }>('/context/bundle', {
    source_app: options.sourceApp,
    agent_id: options.agentId ?? ctx.env.NMEM_AGENT_ID,
    host_agent_id: options.hostAgentId ?? ctx.env.NMEM_HOST_AGENT_ID,
    include_working_memory: options.workingMemory,
    space_id: ctx.space,
  });
  ctx.print(bundle, () => bundle.rendered_markdown ?? '');
}

async function expand(ctx: Ctx, id: string, options: { depth: number; limit: number }) {
  const graph = await ctx.api.get<{ neighbors: Record<string, unknown>[] }>(`/graph/expand/${encodeURIComponent(id)}`, { depth: options.depth, limit: options.limit, space_id: ctx.space });
  ctx.print(graph, () =>
    graph.neighbors.length
      ? table([['ID', 'NAME', 'TYPE', 'HOPS'], ...graph.neighbors.map(n => [String(n.id), clip(n.label, 40), String(n.node_subtype ?? n.node_type ?? ''), String(n.hop_count ?? '')])])
      : `Nothing is connected to ${id}.`,
  );
}

async function evolves(ctx: Ctx, memoryId: string | undefined, options: { memoryId?: string; limit: number; offset: number }) {
  options = { ...options, memoryId: options.memoryId ?? memoryId };
  const page = await ctx.api.get<{ edges: Record<string, unknown>[]; total: number }>('/agent/evolves', { memory_id: options.memoryId, limit: options.limit, offset: options.offset, space_id: ctx.space });
  ctx.print(page, () =>
    page.edges.length
      ? table([['OLDER', '→ NEWER', 'RELATION', 'DATE'], ...page.edges.map(e => [clip(e.older_title, 36), clip(e.newer_title, 36), String(e.content_relation ?? ''), day(e.created_at)])])
      : 'No EVOLVES chains yet.',
  );
}

async function feed(ctx: Ctx, options: { days?: number; from?: string; to?: string; type?: string[]; all?: boolean; limit: number }) {
  const page = await ctx.api.get<{ events: Record<string, unknown>[]; total: number | null }>('/agent/feed/events', {
    last_n_days: options.all ? 365 : options.days,
    date_from: options.from,
    date_to: options.to,
    event_type: options.type?.join(','),
    limit: options.limit,
    space_id: ctx.space,
  });
  ctx.print(page, () =>
    page.events.length ? table([['DATE', 'EVENT', 'TITLE'], ...page.events.map(e => [day(e.created_at), String(e.event_type), clip(e.title, 60)])]) : 'No activity in that window.',
  );
}

export function registerAgentCommands(program: Command): void {
  const wm = program.command('wm').alias('working-memory').description("working memory: the agent's running notes");
  defaultSubcommand(wm, 'read').description('print the working memory').option('--date <YYYY-MM-DD>', 'that day', date).action(withCtx(readWorkingMemory));
  wm.command('patch')
    .description('change one section (or the whole) of the working memory')
    .option('--heading <heading>', 'the section, e.g. "## Notes" (added when missing)')
    .option('--append <text>', 'add text at the end of the section')
    .option('--content <text>', 'replace the section (or everything, without --heading)')
    .action(withCtx(patchWorkingMemory));

  program
    .command('context')
    .description('the context bundle an agent starts with: profile, working memory, important memories, recent threads')
    .addArgument(new Argument('[read]', 'accepted: `context read` is the same as `context`').choices(['read']))
    .option('--source-app <app>', 'the calling app (picks its agent profile)')
    .option('--agent-id <id>', 'agent profile id (default NMEM_AGENT_ID)')
    .option('--host-agent-id <id>', 'host agent id (default NMEM_HOST_AGENT_ID)')
    .option('--no-working-memory', 'leave the working memory out')
    .action(withCtx((ctx, _read: string | undefined, options: ContextOptions) => context(ctx, options)));

  const g = program.command('g').alias('graph').description('knowledge graph');
  g.command('expand')
    .description("a memory's or an entity's neighbourhood")
    .argument('<id>')
    .option('--depth <n>', 'hops (1..5)', integer(1, 5), 1)
    .option('-n, --limit <n>', 'at most this many neighbours (1..100)', integer(1, 100), 50)
    .action(withCtx(expand));
  g.command('evolves')
    .description('how memories evolved: EVOLVES chains, newest first')
    .argument('[memory_id]', 'around this memory (as --memory-id)')
    .option('--memory-id <id>', 'around this memory')
    .option('-n, --limit <n>', 'how many (1..200)', integer(1, 200), 50)
    .option('--offset <n>', 'skip this many', integer(0), 0)
    .action(withCtx(evolves));

  program
    .command('f')
    .alias('feed')
    .description('recent activity: memories saved, threads, EVOLVES found, crystals, label merges')
    .option('--days <n>', 'the last N days (1..365, default 90)', integer(1, 365))
    .option('--from <date>', 'from this day', date)
    .option('--to <date>', 'to this day', date)
    .option('--type <type>', 'only this event type (repeatable)', collect)
    .option('--all', 'the whole last year')
    .option('-n, --limit <n>', 'how many (1..1000)', integer(1, 1000), 50)
    .action(withCtx(feed));
}
