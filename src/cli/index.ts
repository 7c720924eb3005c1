#!/usr/bin/env node
import { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { VERSION } from '../version.ts';
import { createApiKey } from '../services/auth/keys.ts';
import { registerBackupCommands } from './backup.ts';

/** The server and the services load only for the commands that use them: `cairn backup` starts fast, beside a live server. */
const main = () => import('../main.ts');
import { registerTransferCommands } from './transfer.ts';
import { registerMcpConfigCommand } from './mcpConfig.ts';

const program = new Command()
  .name('cairn')
  .description('Cairn: a local-first knowledge-memory service')
  .version(VERSION);

program
  .command('serve')
  .description('run the service in the foreground')
  .option('--host <host>', 'address to bind (CAIRN_HOST, default 127.0.0.1)')
  .option('--port <port>', 'port to listen on; 0 picks a free one (CAIRN_PORT, default 14242)')
  .option('--data-dir <dir>', 'where the database lives (CAIRN_DATA_DIR, default ~/.cairn)')
  .action(async options => {
    const { serve } = await main();
    await serve(loadConfig(options));
  });

const keys = program.command('keys').description('manage API keys');
keys
  .command('create')
  .description('create an API key; it is printed once and stored only as a hash')
  .option('--data-dir <dir>', 'where the database lives (CAIRN_DATA_DIR, default ~/.cairn)')
  .action(async options => {
    const config = loadConfig(options);
    const { buildDeps, openStore } = await main();
    const store = await openStore(config);
    try {
      const { key } = await createApiKey(buildDeps(store, config));
      process.stdout.write(`${key}\n`);
      process.stderr.write('Keep this key now: it will not be shown again. Every endpoint but /capabilities, /health and /livez requires it.\n');
    } finally {
      await store.close();
    }
  });

registerBackupCommands(program);
registerTransferCommands(program);
registerMcpConfigCommand(program);

program.parseAsync().catch(error => {
  process.stderr.write(`cairn: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
