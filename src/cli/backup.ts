import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { backupData, restoreData } from '../mainBackup.ts';

const dataDirOption = ['--data-dir <dir>', 'where the database lives (CAIRN_DATA_DIR, default ~/.cairn)'] as const;

/** "12.3 MB" */
function size(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** "120 memories, 4 labels, …" */
const counts = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([name, n]) => `${n} ${name.replace('_', ' ')}`)
    .join(', ');

/** `cairn backup PATH` and `cairn restore PATH`: copies of the data dir's database, without the HTTP server. */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('copy the database into one consistent file, while the server runs or not')
    .argument('<path>', 'the backup file to write (or a folder to write cairn-backup-<time>.db into)')
    .option('--overwrite', 'replace the file when it exists')
    .option('--force', 'same as --overwrite; also back up a data dir whose store `cairn migrate` moved to PostgreSQL (stale) anyway')
    .option(...dataDirOption)
    .action(async (path: string, options: { overwrite?: boolean; force?: boolean; dataDir?: string }) => {
      const summary = await backupData(loadConfig(options), path, { overwrite: options.overwrite || options.force, useMovedStore: options.force });
      process.stdout.write(`Backed up to ${summary.path} (${size(summary.bytes)}): ${counts(summary.counts)}\n`);
    });

  program
    .command('restore')
    .description("replace the data dir's database with a backup (stop the server first)")
    .argument('<path>', 'a file written by `cairn backup`')
    .option(...dataDirOption)
    .action(async (path: string, options: { dataDir?: string }) => {
      const summary = await restoreData(loadConfig(options), path);
      process.stdout.write(`Restored ${summary.path} (${size(summary.bytes)}): ${counts(summary.counts)}\n`);
      if (summary.previous) process.stdout.write(`The database it replaced is kept as ${summary.previous}\n`);
    });
}
