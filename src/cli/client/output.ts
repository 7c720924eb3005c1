/** How a command answers: JSON for machines (`--json`), plain lines for people; errors with the exit code they mean. */
import type { Command } from 'commander';
import { type Api, createApi } from './api.ts';
import { type GlobalFlags, resolveSettings, type Settings } from './settings.ts';

export type Env = Record<string, string | undefined>;

/** A usage error found after parsing (a missing option, a bad combination): exit code 2. */
export class UsageError extends Error {}

/** The command could not do what was asked (nothing to save, an unsupported client): exit code 1, with a JSON body. */
export class Failure extends Error {
  constructor(
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

/** What every command gets: the answer channel, the resolved settings and a client for the server. */
export interface Ctx {
  json: boolean;
  settings: Settings;
  api: Api;
  env: Env;
  /** The space to send as `space_id`, when one is configured. */
  space: string | undefined;
  /** JSON on `--json`, else the human text. */
  print(data: unknown, human: () => string): void;
}

/** Set once by the entry point: the environment the process was started with, and its arguments. */
export const runtime: { env: Env; program: string; argv: string[] } = { env: {}, program: 'nmem', argv: [] };

export function createCtx(command: Command): Ctx {
  const flags = command.optsWithGlobals() as GlobalFlags;
  const settings = resolveSettings(flags, runtime.env);
  const json = flags.json === true;
  return {
    json,
    settings,
    api: createApi(settings),
    env: runtime.env,
    space: settings.space ?? undefined,
    print(data, human) {
      process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : ensureNewline(human()));
    },
  };
}

const ensureNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

/** Wraps a command's action so it receives its Ctx first, then its arguments and options as commander gives them. */
export function withCtx<A extends unknown[]>(fn: (ctx: Ctx, ...args: A) => Promise<void> | void) {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    await fn(createCtx(command), ...(args.slice(0, -1) as A));
  };
}

/** One line of text cut to `max` characters. */
export function clip(text: unknown, max: number): string {
  const line = String(text ?? '').replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(rows: string[][]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map(r => (r[i] ?? '').length)));
  return rows.map(r => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

export const day = (iso: unknown) => (typeof iso === 'string' && iso.length >= 10 ? iso.slice(0, 10) : '-');

/**
 * The subcommand a group runs when given none (`nmem m` lists memories). A word that names no subcommand stays a
 * usage error with a suggestion (`unknown command 'serch' (Did you mean search?)`), never a silent list.
 */
export function defaultSubcommand(group: Command, name: string): Command {
  return group
    .command(name, { isDefault: true })
    .allowExcessArguments()
    .hook('preAction', command => {
      // Commander's own 'unknown command' error, with its suggestion (public at run time, absent from its typings).
      if (command.args.length > 0) (group as unknown as { unknownCommand(): never }).unknownCommand();
    });
}
