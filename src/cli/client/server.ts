/**
 * The commands that run the service or work on its data dir (serve, keys, backup, restore, export, import, mcp-config) are
 * parsed and run by ../index.ts, which needs the server's modules: it is loaded (the server bundle, or the sources
 * through tsx) only when one of them is called, so the client commands never pay for it.
 */
import type { Command } from 'commander';
import { type GlobalFlags, resolveSettings } from './settings.ts';

export const SERVER_COMMANDS: [string, string][] = [
  ['serve', 'run the service in the foreground (--host, --port, --data-dir)'],
  ['keys', 'manage API keys: create, list, revoke, unlock (lift lockouts after wrong keys)'],
  ['backup', 'copy the database into one consistent file, while the server runs or not'],
  ['restore', "replace the data dir's database with a backup (stop the server first)"],
  ['export', 'export everything (through the running server, or the data dir directly)'],
  ['import', 'import an export (through the running server, or the data dir directly)'],
  ['sync', "sync with your other devices now (CAIRN_SYNC_REMOTE; through the running server, or the data dir directly)"],
  ['migrate', "move the data dir's SQLite store into PostgreSQL (--to postgres --database-url URL; --merge, --force)"],
  ['mcp-config', 'print the MCP configuration for an AI assistant (--client claude-code|claude-desktop|cursor|codex|gemini-cli)'],
];

/**
 * Loads the server-side program: the server bundle (dist/server/) when it is up to date with the sources, else the
 * TypeScript sources through tsx. bin/launch.js decides, from src/cli/client/ and from dist/cli/client/ alike.
 */
async function loadServerCli(): Promise<{ runServerCli(args: string[]): Promise<void> }> {
  const launcher = new URL('../../../bin/launch.js', import.meta.url).href;
  const { loadServerCli: load } = (await import(launcher)) as { loadServerCli(tsxRegistered: boolean): Promise<{ runServerCli(args: string[]): Promise<void> }> };
  return load(import.meta.url.endsWith('.ts'));
}

/** `--api-url`/`--api-key` from the client's resolved settings, unless the command names its own or a data dir. */
function clientServerOptions(program: Command, rest: string[]): string[] {
  const given = (flag: string) => rest.some(arg => arg === flag || arg.startsWith(`${flag}=`));
  if (given('--data-dir')) return [];
  const settings = resolveSettings(program.opts() as GlobalFlags, process.env);
  const extra: string[] = [];
  if (!given('--api-url') && settings.from.apiUrl !== 'default') extra.push('--api-url', settings.apiUrl);
  if (!given('--api-key') && settings.apiKey) extra.push('--api-key', settings.apiKey);
  return extra;
}

export function registerServerCommands(program: Command, argv: string[]): void {
  for (const [name, description] of SERVER_COMMANDS) {
    program
      .command(name)
      .description(description)
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .argument('[args...]')
      .action(async () => {
        // The server program parses (and checks) everything after the command name, as typed (`--json` included).
        const rest = argv.slice(argv.indexOf(name) + 1);
        // export and import talk to a server: the one nmem's own settings name (flags, NMEM_*, the config file).
        if (name === 'export' || name === 'import') rest.push(...clientServerOptions(program, rest));
        const { runServerCli } = await loadServerCli();
        await runServerCli([name, ...rest]);
      });
  }
}
