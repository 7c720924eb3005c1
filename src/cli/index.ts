#!/usr/bin/env node
/**
 * The server-side commands of `cairn`: the ones that run the service or work on its data dir (serve, keys, backup,
 * restore, export, import, mcp-config, migrate). The client commands (status, m, t, …) live in ./client/, which loads this module only for
 * these commands, so that they start fast.
 */
import { Command } from 'commander';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { VERSION } from '../version.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/auth/keys.ts';
import { requestUnlock } from '../services/auth/unlockRequest.ts';
import { registerBackupCommands } from './backup.ts';
import { registerTransferCommands } from './transfer.ts';
import { registerSyncCommand } from './sync.ts';
import { registerMcpConfigCommand } from './mcpConfig.ts';
import { registerMigrateCommand } from './migrate.ts';

/** The server and the services load only for the commands that use them: `cairn backup` starts fast, beside a live server. */
const main = () => import('../main.ts');

const dataDirOption = ['--data-dir <dir>', 'where the database lives (CAIRN_DATA_DIR, default ~/.cairn)'] as const;

/**
 * Opens the data dir's store for one piece of work and closes it after. A key made in a store `cairn migrate` moved
 * away would never work on the server that holds the data now: that store is refused unless `--force`.
 */
async function withStore<T>(
  options: { dataDir?: string; force?: boolean },
  work: (deps: ReturnType<Awaited<ReturnType<typeof main>>['buildDeps']>) => Promise<T>,
): Promise<T> {
  const config = loadConfig(options);
  const { buildDeps, openStore, refuseMovedDataDir } = await main();
  refuseMovedDataDir(config, 'use the keys of', options);
  const store = await openStore(config);
  try {
    return await work(buildDeps(store, config));
  } finally {
    await store.close();
  }
}

function serverProgram(): Command {
  // Set before any command is added, so that every command inherits it: a usage error is exit code 2.
  const program = new Command()
    .name('cairn')
    .description('Cairn: a local-first knowledge-memory service')
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(run cairn <command> --help for usage)')
    .exitOverride(error => {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') process.exit(0);
      process.exit(2);
    });

  program
    .command('serve')
    .description('run the service in the foreground')
    .option('--host <host>', 'address to bind (CAIRN_HOST, default 127.0.0.1)')
    .option('--port <port>', 'port to listen on; 0 picks a free one (CAIRN_PORT, default 14242)')
    .option(...dataDirOption)
    .option('--force', 'serve a data dir whose store `cairn migrate` moved to PostgreSQL (stale) anyway')
    .action(async options => {
      const { serve } = await main();
      await serve(loadConfig(options), { force: options.force });
    });

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key; it is printed once and stored only as a hash')
    .option(...dataDirOption)
    .option('--force', 'use a data dir whose store `cairn migrate` moved to PostgreSQL (stale) anyway')
    .action(options =>
      withStore(options, async deps => {
        const { key } = await createApiKey(deps);
        process.stdout.write(`${key}\n`);
        process.stderr.write(
          'Keep this key now: it will not be shown again. Every endpoint but /capabilities, /health and /livez requires it.\n' +
            'Save it for every command (nmem, cairn export/import/mcp-config) with `nmem config client set key KEY`; open the API reference at /docs?nmem_api_key=KEY.\n',
        );
      }),
    );
  keys
    .command('list')
    .description('the stored API keys, by id and creation time (the keys themselves are not kept)')
    .option('--json', 'machine-readable output')
    .option(...dataDirOption)
    .option('--force', 'use a data dir whose store `cairn migrate` moved to PostgreSQL (stale) anyway')
    .action(options =>
      withStore(options, async deps => {
        const list = await listApiKeys(deps);
        if (options.json) process.stdout.write(`${JSON.stringify({ keys: list }, null, 2)}\n`);
        else process.stdout.write(list.length ? `${list.map(k => `${k.id}  created ${k.created_at}`).join('\n')}\n` : 'No stored API keys.\n');
      }),
    );
  keys
    .command('revoke')
    .description('revoke a stored API key by its id (see `cairn keys list`)')
    .argument('<id>')
    .option(...dataDirOption)
    .option('--force', 'use a data dir whose store `cairn migrate` moved to PostgreSQL (stale) anyway')
    .action((id: string, options) =>
      withStore(options, async deps => {
        if (!(await revokeApiKey(deps, id))) {
          process.stderr.write(`cairn: no API key with id ${id} (see \`cairn keys list\`)\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(`Revoked ${id}: a running server refuses it within a few seconds.\n`);
      }),
    );

  keys
    .command('unlock')
    .description('lift the lockouts of addresses that sent too many wrong keys, on the running server, without a restart')
    .option(...dataDirOption)
    .action((options: { dataDir?: string }) => {
      // A locked-out address is refused even with the right key, so this goes through the server's data dir, which
      // only its owner can write to: the server lifts every lockout made before this request at the next call.
      const config = loadConfig(options);
      const path = requestUnlock(config.dataDir);
      process.stdout.write(
        `Asked the server on ${config.dataDir} to lift every API key lockout (${path}): it does so at the next request from a locked-out address, no restart needed.\n` +
          'Fix the key the client or plugin sends first (`nmem config client set key KEY`), or it is locked out again after 8 wrong keys.\n',
      );
    });

  registerBackupCommands(program);
  registerTransferCommands(program);
  registerSyncCommand(program);
  registerMcpConfigCommand(program);
  registerMigrateCommand(program);
  return program;
}

/** Runs one server-side command; `args` start with the command name. */
export async function runServerCli(args: string[]): Promise<void> {
  await serverProgram().parseAsync(args, { from: 'user' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runServerCli(process.argv.slice(2)).catch(error => {
    process.stderr.write(`cairn: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
