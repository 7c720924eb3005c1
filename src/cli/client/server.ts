/**
 * The commands that run the service or work on its data dir (serve, keys, backup, restore, export, import, mcp-config) are
 * parsed and run by ../index.ts, which needs the server's modules: it is loaded (through tsx) only when one of them
 * is called, so the client commands never pay for it.
 */
import type { Command } from 'commander';

export const SERVER_COMMANDS: [string, string][] = [
  ['serve', 'run the service in the foreground (--host, --port, --data-dir)'],
  ['keys', 'manage API keys: create, list, revoke'],
  ['backup', 'copy the database into one consistent file, while the server runs or not'],
  ['restore', "replace the data dir's database with a backup (stop the server first)"],
  ['export', 'export everything (through the running server, or the data dir directly)'],
  ['import', 'import an export (through the running server, or the data dir directly)'],
  ['mcp-config', 'print the MCP configuration for an AI assistant (--client claude-code|claude-desktop|cursor|codex|gemini-cli)'],
];

/** Loads the server-side program. From the compiled client, the TypeScript sources are loaded through tsx. */
async function loadServerCli(): Promise<{ runServerCli(args: string[]): Promise<void> }> {
  if (!import.meta.url.endsWith('.ts')) {
    const { register } = await import('tsx/esm/api');
    register();
  }
  // Same relative path from src/cli/client/ and from dist/cli/client/: the repository root, then src/cli/index.ts.
  const entry = new URL('../../../src/cli/index.ts', import.meta.url).href;
  return (await import(entry)) as { runServerCli(args: string[]): Promise<void> };
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
        // The server program parses (and checks) everything from the command name on.
        const at = argv.indexOf(name);
        const { runServerCli } = await loadServerCli();
        await runServerCli(argv.slice(at));
      });
  }
}
