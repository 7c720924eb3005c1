/** `nmem spaces …`: list, create, show, update and delete spaces, the roster, and whether spaces are offered. */
import type { Command } from 'commander';
import { ApiError } from './api.ts';
import { type Ctx, defaultSubcommand, table, withCtx } from './output.ts';

interface Space {
  id: string;
  key?: string | null;
  name?: string;
  description?: string | null;
  instructions?: string | null;
  sharedSpaceIds?: string[];
  defaultRetrievalMode?: string;
  usage?: { memories?: number; threads?: number; hasWorkingMemory?: boolean };
  hasProfile?: boolean;
}
interface SpaceList {
  enabled?: boolean;
  spaces: Space[];
}

interface ProfileOptions {
  description?: string;
  icon?: string;
  instructions?: string;
  shared?: string[];
  retrieval?: string;
  name?: string;
  id?: string;
  key?: string;
}

/** The profile fields a command line gave, under the API's names (only those given). */
function profileBody(options: ProfileOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: options.name,
    id: options.id,
    key: options.key,
    description: options.description,
    icon: options.icon,
    instructions: options.instructions,
    sharedSpaceIds: options.shared,
    defaultRetrievalMode: options.retrieval,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

function printSpaces(ctx: Ctx, answer: SpaceList) {
  const current = ctx.space ?? 'default';
  ctx.print({ ...answer, current }, () =>
    [
      table([
        ['SPACE', 'NAME', 'MEMORIES', 'THREADS'],
        ...answer.spaces.map(s => [`${s.id === current || s.name?.toLowerCase() === current.toLowerCase() ? '* ' : '  '}${s.id}`, s.name ?? s.id, String(s.usage?.memories ?? '-'), String(s.usage?.threads ?? '-')]),
      ]),
      ...(answer.enabled === false ? ['(spaces are switched off: `nmem spaces enable` offers them again)'] : []),
    ].join('\n'),
  );
}

async function list(ctx: Ctx, path: '/spaces' | '/spaces/roster') {
  let answer: SpaceList;
  try {
    answer = await ctx.api.get<SpaceList>(path);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    // An older server without a spaces listing: every space works by name; show the one in use.
    answer = { enabled: true, spaces: [{ id: ctx.space ?? 'default', name: ctx.space ?? 'default' }] };
  }
  printSpaces(ctx, answer);
}

function describe(space: Space): string {
  const lines = [`${space.name ?? space.id} (${space.id}${space.key ? `, key ${space.key}` : ''})`];
  lines.push(`  holds      ${space.usage?.memories ?? 0} memories, ${space.usage?.threads ?? 0} threads${space.usage?.hasWorkingMemory ? ', working memory' : ''}`);
  lines.push(`  retrieval  ${space.defaultRetrievalMode ?? 'strict'}${space.sharedSpaceIds?.length ? ` (shares ${space.sharedSpaceIds.join(', ')})` : ''}`);
  if (space.description) lines.push(`  about      ${space.description}`);
  if (space.instructions) lines.push(`  agents     ${space.instructions}`);
  return lines.join('\n');
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Options every profile-writing command takes. */
function withProfileOptions(command: Command): Command {
  return command
    .option('--description <text>', 'what the space is for')
    .option('--icon <name>', 'an icon name for the app')
    .option('--instructions <text>', 'guidance for agents working in the space')
    .option('--shared <space>', 'a space whose memories recall here may also read (repeatable)', collect)
    .option('--retrieval <mode>', 'default retrieval: strict, shared or all');
}

export function registerSpaceCommands(program: Command): void {
  const spaces = program.command('spaces').description('spaces: separate memory lanes by name');
  defaultSubcommand(spaces, 'list').description('every space, with what it holds').action(withCtx(ctx => list(ctx, '/spaces')));
  spaces.command('roster').description('the spaces someone provisioned').action(withCtx(ctx => list(ctx, '/spaces/roster')));
  spaces
    .command('show')
    .argument('<space>', 'id, key or name')
    .description('one space')
    .action(withCtx(async (ctx, ref: string) => {
      const space = await ctx.api.get<Space>(`/spaces/${encodeURIComponent(ref)}`);
      ctx.print(space, () => describe(space));
    }));
  withProfileOptions(spaces.command('create').argument('<name>', 'the name people see').option('--id <id>', 'the id records carry (default: from the name)').option('--key <key>', 'a short key'))
    .description('create a space')
    .action(withCtx(async (ctx, name: string, options: ProfileOptions) => printSpaces(ctx, await ctx.api.send<SpaceList>('POST', '/spaces', { ...profileBody(options), name }))));
  withProfileOptions(spaces.command('update').argument('<space>', 'id, key or name').option('--name <name>', 'a new name (the old one stays an alias)'))
    .description("change a space's profile")
    .action(withCtx(async (ctx, ref: string, options: ProfileOptions) => printSpaces(ctx, await ctx.api.send<SpaceList>('PATCH', `/spaces/${encodeURIComponent(ref)}`, profileBody(options)))));
  spaces
    .command('delete')
    .argument('<space>', 'id, key or name')
    .option('--purge-working-memory', 'also delete its working memory')
    .description('delete an empty space')
    .action(withCtx(async (ctx, ref: string, options: { purgeWorkingMemory?: boolean }) =>
      printSpaces(ctx, await ctx.api.send<SpaceList>('DELETE', `/spaces/${encodeURIComponent(ref)}`, undefined, options.purgeWorkingMemory ? { purge_working_memory: 'true' } : undefined)),
    ));
  for (const [verb, enabled] of [['enable', true], ['disable', false]] as const) {
    spaces
      .command(verb)
      .description(enabled ? 'offer spaces in the app and to plugins' : 'stop offering spaces (space_id still works)')
      .action(withCtx(async ctx => printSpaces(ctx, await ctx.api.send<SpaceList>('POST', '/spaces/config', { enabled }))));
  }
}
