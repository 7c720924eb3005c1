import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { migrateData, redactUrl } from '../mainMigrate.ts';
import { counted } from '../domain/text.ts';

interface MigrateFlags {
  to: string;
  databaseUrl?: string;
  dataDir?: string;
  force?: boolean;
  merge?: boolean;
}

/** One line per stage at each tenth: the move of a large store takes minutes. */
function progressLines() {
  const last: Record<string, number> = {};
  return (stage: string, fraction: number) => {
    const tenth = Math.floor(Math.max(0, Math.min(1, fraction)) * 10);
    if (tenth > (last[stage] ?? -1)) {
      last[stage] = tenth;
      process.stderr.write(`${stage}: ${tenth * 10}%\n`);
    }
  };
}

/** `cairn migrate --to postgres --database-url URL`: the data dir's SQLite store into PostgreSQL, verified by counts. */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description("move the data dir's SQLite store into PostgreSQL (stop the server first); the SQLite file is left as it was")
    .requiredOption('--to <backend>', 'the backend to move to: postgres')
    .option('--database-url <url>', 'the PostgreSQL database (postgres://user:password@host:port/database; CAIRN_DATABASE_URL)')
    .option('--data-dir <dir>', 'the SQLite data dir to move (CAIRN_DATA_DIR, default ~/.cairn)')
    .option('--merge', 'add to a target database that already holds memories (matched by id; labels by name)')
    .option('--force', 'replace everything the target database holds')
    .action(async (flags: MigrateFlags) => {
      const config = loadConfig({ dataDir: flags.dataDir });
      const databaseUrl = flags.databaseUrl ?? config.databaseUrl;
      if (!databaseUrl) throw new Error('cairn migrate needs --database-url (or CAIRN_DATABASE_URL): postgres://user:password@host:port/database');
      process.stderr.write(`Moving ${config.databasePath} into ${redactUrl(databaseUrl)}\n`);
      const summary = await migrateData(config, { to: flags.to, databaseUrl, force: flags.force, merge: flags.merge, progress: progressLines() });

      const width = Math.max(...summary.kinds.map(k => k.kind.length));
      const lines = summary.kinds.map(k => `  ${k.kind.padEnd(width)}  ${String(k.source).padStart(8)}  ${String(k.target).padStart(10)}`);
      process.stdout.write(`${'  kind'.padEnd(width + 2)}    SQLite  PostgreSQL\n${lines.join('\n')}\n`);
      for (const warning of summary.warnings) process.stdout.write(`warning: ${warning}\n`);
      if (summary.mismatches.length > 0) {
        process.stderr.write(`cairn: the counts do not match after the move:\n${summary.mismatches.map(m => `  ${m}`).join('\n')}\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(
        `Moved in ${summary.seconds.toFixed(1)} s (${summary.mode === 'overwrite' ? 'replacing what the target held' : summary.targetHeldData ? 'merged into what the target held' : 'into an empty database'}); counts verified. ` +
          `The SQLite store at ${config.databasePath} is unchanged.\n` +
          (summary.apiKeys > 0 ? `${counted(summary.apiKeys, 'API key')} (cairn keys) came along: clients keep their keys. ` : '') +
          (summary.embeddings.carried > 0 ? `${counted(summary.embeddings.carried, 'embedding')} (${summary.embeddings.model}) came along. ` : '') +
          (summary.toEmbed > 0
            ? `${summary.toEmbed === 1 ? '1 memory is' : `${summary.toEmbed} memories are`} queued for embedding: the first server on PostgreSQL embeds ${summary.toEmbed === 1 ? 'it' : 'them'} with its CAIRN_EMBEDDER ` +
              `(${summary.embeddings.model ? `only embeddings of ${summary.embeddings.model} that were current are carried` : 'no CAIRN_EMBEDDER is set here, so no embeddings were carried'}; search answers from full text meanwhile).\n`
            : 'No memory waits for embedding.\n') +
          `Next, start Cairn on PostgreSQL with:\n  CAIRN_STORAGE=postgres\n  CAIRN_DATABASE_URL=${redactUrl(databaseUrl)}${databaseUrl === redactUrl(databaseUrl) ? '' : '   (with your password)'}\n`,
      );
    });
}
