import type { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { cp, lstat, mkdir, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { openDataDir } from '../main.ts';
import { exportData } from '../services/exports/export.ts';
import { importData, type ImportMode } from '../services/exports/import.ts';
import { INCLUDE_FLAGS, type IncludeFlags } from '../services/exports/kinds.ts';
import { isCairnExport } from '../services/exports/paths.ts';
import { ApiError, createApi, describeDetail, statusHint } from './client/api.ts';
import { serverCommandSettings, type Settings } from './client/settings.ts';

export interface ServerOptions {
  apiUrl?: string;
  apiKey?: string;
  dataDir?: string;
}

type Result = { [key: string]: unknown; counts?: Record<string, unknown> };

const everything = Object.fromEntries(INCLUDE_FLAGS.map(flag => [flag, true])) as IncludeFlags;

/** A progress bar on a terminal; plain lines at each tenth when output goes to a file or pipe. */
function progressReporter(label: string) {
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  return {
    update(fraction: number) {
      const percent = Math.floor(Math.max(0, Math.min(1, fraction)) * 100);
      if (tty) {
        const filled = Math.round(percent / 4);
        process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(25 - filled)}] ${String(percent).padStart(3)}%`);
      } else if (Math.floor(percent / 10) > lastTenth) {
        lastTenth = Math.floor(percent / 10);
        process.stderr.write(`${label}: ${percent}%\n`);
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/** Whether a Cairn server answers at that address (its /health, not just anything listening there). */
export async function serverAt(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json().catch(() => null)) as { database_connected?: unknown; storage?: unknown } | null;
    return typeof body?.database_connected === 'boolean' && body.storage !== undefined;
  } catch {
    return false;
  }
}

interface Target {
  config: Config;
  settings: Settings;
}

/**
 * Through the running server, unless `--data-dir` names a data dir: then that one, directly (its lock refuses
 * while a server holds it), so an explicit data dir is never mistaken for whatever server answers.
 */
export const useServer = async (options: ServerOptions, { settings }: Target) => {
  if (options.dataDir) return false;
  if (await serverAt(settings.apiUrl)) return true;
  // A server named with --api-url that does not answer is an error, never a silent switch to the local data dir.
  if (options.apiUrl) throw new Error(`No Cairn server answers at ${settings.apiUrl}: start it, or leave out --api-url to work on the data dir`);
  return false;
};

/** The server's refusal as a person reads it, with what to do about a missing key or a lockout. */
export function explained(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const hint = statusHint(error.status);
  return new Error(`the server answered ${error.status}: ${describeDetail(error.detail)}${hint ? `\n  hint: ${hint}` : ''}`);
}

/** Starts the job on the server and polls its status until it is completed or failed. */
async function runOnServer({ settings }: Target, kind: 'export' | 'import', body: Record<string, unknown>, label: string): Promise<Result> {
  const api = createApi(settings);
  try {
    const started = await api.send<Result>('POST', `/data/${kind}`, { ...body, async: true });
    const progress = progressReporter(label);
    for (;;) {
      const status = await api.get<Result>(`/data/${kind}/status/${String(started.job_id)}`);
      progress.update(Number(status.progress ?? 0));
      if (status.status === 'completed' || status.status === 'failed') {
        progress.done();
        if (status.status === 'failed') throw new Error(String(status.error));
        return status.result as Result;
      }
      await new Promise(resolve => setTimeout(resolve, 200));
    }
  } catch (error) {
    throw explained(error);
  }
}

/** Runs the same service function on the data dir itself, holding its lock, when no server runs. */
async function runLocally(
  { config, settings }: Target,
  label: string,
  force: boolean | undefined,
  work: (deps: Awaited<ReturnType<typeof openDataDir>>['deps'], progress: (f: number) => void) => Promise<Result>,
) {
  process.stderr.write(`No server at ${settings.apiUrl}: working on ${config.dataDir} directly\n`);
  const opened = await openDataDir(config, label, { force });
  const progress = progressReporter(label);
  try {
    return await work(opened.deps, fraction => progress.update(fraction));
  } finally {
    progress.done();
    await opened.close();
  }
}

function summary(result: Result): string {
  const counts = Object.entries(result.counts ?? {}).map(([kind, n]) => {
    const value = typeof n === 'number' ? n : Object.entries(n as Record<string, number>).filter(([, v]) => v > 0).map(([k, v]) => `${v} ${k}`).join(', ') || '0';
    return `  ${kind}: ${value}`;
  });
  return counts.join('\n');
}

/** The data dir from flags and CAIRN_*, the server and key from the client settings every command shares. */
export function targetFor(options: ServerOptions): Target {
  const config = loadConfig({ dataDir: options.dataDir });
  return { config, settings: serverCommandSettings({ apiUrl: options.apiUrl, apiKey: options.apiKey }, process.env, config.serverUrl) };
}

const exists = (path: string) => lstat(path).then(() => true, () => false);

/**
 * Where `cairn export PATH` writes: PATH as its user typed it (relative to the working folder, `.zip` added for a zip).
 * The export root bounds what the HTTP API may write, not what a local user may. An existing target is refused
 * unless `--overwrite`, and even then only an earlier export is replaced.
 */
async function exportTarget(path: string, format: 'zip' | 'folder', overwrite: boolean): Promise<string> {
  const target = resolve(format === 'zip' && !path.toLowerCase().endsWith('.zip') ? `${path}.zip` : path);
  if (await exists(target)) {
    if (!overwrite) throw new Error(`${target} already exists: pass --overwrite to replace it`);
    if (!(await isCairnExport(target))) throw new Error(`${target} exists and is not a Cairn export: refusing to replace it`);
  }
  return target;
}

/** Moves a finished archive to where its user asked (a copy when it crosses file systems). */
async function moveArchive(from: string, to: string, overwrite: boolean): Promise<void> {
  if (!(await exists(from))) throw new Error(`The server wrote the export at ${from}, which this machine cannot see: fetch it from there`);
  await mkdir(dirname(to), { recursive: true, mode: 0o700 });
  if (overwrite) await rm(to, { recursive: true, force: true });
  await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  });
}

/** The 409 of the service, in the words of this command line (its flag is --overwrite, not the API's `overwrite: true`). */
function inCliWords(error: unknown): unknown {
  if (error instanceof AppError && error.status === 409) return new Error(error.message.replace('pass overwrite: true', 'pass --overwrite'));
  return error;
}

type ExportFlags = ServerOptions & { format?: string; overwrite?: boolean; force?: boolean };

async function runExportCommand(path: string | undefined, options: ExportFlags) {
  if (options.format && options.format !== 'zip' && options.format !== 'folder') throw new Error('--format must be zip or folder');
  const format = (options.format ?? 'zip') as 'zip' | 'folder';
  const overwrite = options.overwrite === true || options.force === true; // --force: the older name, kept
  const target = path === undefined ? null : await exportTarget(path, format, overwrite);
  const on = targetFor(options);
  let result: Result;
  if (await useServer(options, on)) {
    // The server writes inside its export root (a fresh name there); the archive then moves where its user asked.
    result = await runOnServer(on, 'export', { export_path: target ? `cli-export-${randomUUID()}` : undefined, format, compress: true, overwrite: false }, 'export');
    if (target) {
      await moveArchive(String(result.export_path), target, overwrite);
      result = { ...result, export_path: target };
    }
  } else {
    // Locally the export "root" is the target's own folder: the service's checks (a symlink, an earlier export) still apply.
    const deps = (d: Awaited<ReturnType<typeof openDataDir>>['deps']) => (target ? { ...d, exportDir: dirname(target) } : d);
    const input = { ...everything, export_path: target ? basename(target) : undefined, format, compress: true, overwrite };
    result = await runLocally(on, 'export', options.force, (d, progress) => exportData(deps(d), input, progress)).catch(error => {
      throw inCliWords(error);
    });
  }
  process.stdout.write(`Exported to ${String(result.export_path)}\n${summary(result)}\n`);
}

type ImportFlags = ServerOptions & { mode: string; force?: boolean };

async function runImportCommand(path: string, options: ImportFlags) {
  if (!['merge', 'skip', 'overwrite'].includes(options.mode)) throw new Error('--mode must be merge, skip or overwrite');
  if (!(await exists(resolve(path)))) throw new Error(`No export found at ${resolve(path)}`);
  const source = await realpath(resolve(path)); // a link the user made is where they say the archive is
  const on = targetFor(options);
  const mode = options.mode as ImportMode;
  let result: Result;
  if (await useServer(options, on)) {
    result = await runOnServer(on, 'import', { import_path: source, mode }, 'import').catch(async error => {
      // The server reads inside its export root only: an archive elsewhere is copied into the export root this
      // machine configures (CAIRN_EXPORT_DIR, or <data dir>/exports, as the server has it) and the copy removed after.
      if (!(error instanceof Error && /inside the export root/.test(error.message))) throw error;
      const root = on.config.exportDir;
      const copy = resolve(root, `.cli-import-${randomUUID()}${source.toLowerCase().endsWith('.zip') ? '.zip' : ''}`);
      try {
        await cp(source, copy, { recursive: true });
        return await runOnServer(on, 'import', { import_path: relative(root, copy).split(sep).join('/'), mode }, 'import');
      } catch (retry) {
        const elsewhere = retry instanceof Error && /No export found/.test(retry.message);
        throw elsewhere ? new Error(`${retry.message}\n  hint: the server's export root is not ${root}: set CAIRN_EXPORT_DIR as the server has it`) : retry;
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    });
  } else {
    const input = { ...everything, import_path: basename(source), mode };
    result = await runLocally(on, 'import', options.force, (d, progress) => importData({ ...d, exportDir: dirname(source) }, input, progress));
  }
  process.stdout.write(`Imported ${source} (${options.mode})\n${summary(result)}\n`);
}

export const serverOptions = (command: Command) =>
  command
    .option('--api-url <url>', 'the running server (NMEM_API_URL, CAIRN_URL, `nmem config client set url`; default http://127.0.0.1:14242)')
    .option('--api-key <key>', 'API key for the server (NMEM_API_KEY, CAIRN_API_KEY, `nmem config client set key`)')
    .option('--data-dir <dir>', 'work on this data dir directly instead of through a running server (without it: CAIRN_DATA_DIR, default ~/.cairn, when no server runs)');

const forceOption = 'use a data dir whose store `cairn migrate` moved to PostgreSQL (stale) anyway';

/** `cairn export [PATH]` and `cairn import PATH`: through the running server's jobs, or on the data dir when none runs. */
export function registerTransferCommands(program: Command): void {
  serverOptions(
    program
      .command('export [path]')
      .description('export every memory, label, graph, thread and more to a .zip or folder (PATH as given; without it, a new archive in the export root)')
      .option('--format <format>', 'zip or folder (default zip)')
      .option('--overwrite', 'replace an earlier export at PATH')
      .option('--force', `same as --overwrite; also ${forceOption}`),
  ).action(runExportCommand);

  serverOptions(
    program
      .command('import <path>')
      .description('import an export (.zip or folder, PATH as given); verified before anything is written')
      .option('--mode <mode>', 'merge (insert and update), skip (insert missing only) or overwrite (replace everything)', 'merge')
      .option('--force', forceOption),
  ).action(runImportCommand);
}
