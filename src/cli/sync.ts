import type { Command } from 'commander';
import type { Config } from '../config.ts';
import { openDataDir } from '../main.ts';
import { createSync } from '../mainSync.ts';
import { syncLogFor } from '../services/sync/log.ts';
import type { SyncRoundReport } from '../services/ports.ts';
import { createApi } from './client/api.ts';
import { explained, type ServerOptions, serverOptions, targetFor, useServer } from './transfer.ts';

/** "Sent 3 changes, received 5, 1 conflict", then each refused segment on a line of its own. */
function describeRound(round: SyncRoundReport): string {
  const lines = [`Sent ${round.pushed} change${round.pushed === 1 ? '' : 's'}, received ${round.pulled}, ${round.conflicts} conflict${round.conflicts === 1 ? '' : 's'}`];
  for (const error of round.errors) lines.push(`  error: ${error.message}`);
  return `${lines.join('\n')}\n`;
}

/** One round on the data dir itself, holding its lock (a server running on it refuses this). */
async function syncDataDir(config: Config): Promise<SyncRoundReport> {
  if (!config.sync) throw new Error('Sync is not set up: set CAIRN_SYNC_REMOTE (a folder or a Cairn hub URL) and CAIRN_SYNC_PASSPHRASE (see docs/sync.md)');
  const opened = await openDataDir(config, 'sync');
  try {
    return await createSync(config, opened.deps, syncLogFor(opened.deps))!.round();
  } finally {
    await opened.close();
  }
}

/** `cairn sync`: one round through the running server, or on the data dir itself when none runs. */
async function runSyncCommand(options: ServerOptions): Promise<void> {
  const on = targetFor(options);
  let round: SyncRoundReport;
  if (await useServer(options, on)) {
    round = await createApi(on.settings).send<SyncRoundReport>('POST', '/sync', {}).catch(error => {
      throw explained(error);
    });
  } else {
    process.stderr.write(`No server at ${on.settings.apiUrl}: syncing ${on.config.dataDir} directly\n`);
    round = await syncDataDir(on.config);
  }
  process.stdout.write(describeRound(round));
  if (round.errors.length > 0) process.exitCode = 1;
}

export function registerSyncCommand(program: Command): void {
  serverOptions(
    program.command('sync').description('sync with your other devices now (CAIRN_SYNC_REMOTE): send this device\'s changes, receive theirs'),
  ).action(runSyncCommand);
}
