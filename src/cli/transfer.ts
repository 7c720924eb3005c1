import type { Command } from 'commander';
import { loadConfig, type Config } from '../config.ts';
import { openDataDir } from '../main.ts';
import { exportData } from '../services/exports/export.ts';
import { importData, type ImportMode } from '../services/exports/import.ts';
import { INCLUDE_FLAGS, type IncludeFlags } from '../services/exports/kinds.ts';

interface ServerOptions {
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
async function serverAt(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json().catch(() => null)) as { database_connected?: unknown; storage?: unknown } | null;
    return typeof body?.database_connected === 'boolean' && body.storage !== undefined;
  } catch {
    return false;
  }
}

/**
 * Through the running server, unless `--data-dir` names a data dir: then that one, directly (its lock refuses
 * while a server holds it), so an explicit data dir is never mistaken for whatever server answers.
 */
const useServer = async (options: ServerOptions, config: Config) => {
  if (options.dataDir) return false;
  if (await serverAt(config.serverUrl)) return true;
  // A server named with --api-url that does not answer is an error, never a silent switch to the local data dir.
  if (options.apiUrl) throw new Error(`No Cairn server answers at ${config.serverUrl}: start it, or leave out --api-url to work on the data dir`);
  return false;
};

async function request(config: Config, apiKey: string | null, method: string, path: string, body?: unknown): Promise<Result> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const response = await fetch(`${config.serverUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const payload = (await response.json().catch(() => ({}))) as Result & { detail?: unknown };
  if (!response.ok) {
    const detail = Array.isArray(payload.detail) ? payload.detail.map(d => (d as { msg: string }).msg).join('; ') : String(payload.detail ?? response.statusText);
    throw new Error(`${response.status}: ${detail}`);
  }
  return payload;
}

/** Starts the job on the server and polls its status until it is completed or failed. */
async function runOnServer(config: Config, apiKey: string | null, kind: 'export' | 'import', body: Record<string, unknown>, label: string): Promise<Result> {
  const started = await request(config, apiKey, 'POST', `/data/${kind}`, { ...body, async: true });
  const progress = progressReporter(label);
  for (;;) {
    const status = await request(config, apiKey, 'GET', `/data/${kind}/status/${String(started.job_id)}`);
    progress.update(Number(status.progress ?? 0));
    if (status.status === 'completed' || status.status === 'failed') {
      progress.done();
      if (status.status === 'failed') throw new Error(String(status.error));
      return status.result as Result;
    }
    await new Promise(resolve => setTimeout(resolve, 200));
  }
}

/** Runs the same service function on the data dir itself, holding its lock, when no server runs. */
async function runLocally(config: Config, label: string, work: (deps: Awaited<ReturnType<typeof openDataDir>>['deps'], progress: (f: number) => void) => Promise<Result>) {
  process.stderr.write(`No server at ${config.serverUrl}: working on ${config.dataDir} directly\n`);
  const opened = await openDataDir(config);
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

function configFor(options: ServerOptions): { config: Config; apiKey: string | null } {
  const config = loadConfig({ dataDir: options.dataDir });
  if (options.apiUrl) config.serverUrl = options.apiUrl.replace(/\/+$/, '');
  return { config, apiKey: options.apiKey ?? config.apiKey };
}

const serverOptions = (command: Command) =>
  command
    .option('--api-url <url>', 'the running server (CAIRN_URL, default http://127.0.0.1:14242)')
    .option('--api-key <key>', 'API key for the server (CAIRN_API_KEY)')
    .option('--data-dir <dir>', 'work on this data dir directly instead of through a running server (without it: CAIRN_DATA_DIR, default ~/.cairn, when no server runs)');

/** `cairn export [PATH]` and `cairn import PATH`: through the running server's jobs, or on the data dir when none runs. */
export function registerTransferCommands(program: Command): void {
  serverOptions(
    program
      .command('export [path]')
      .description('export every memory, label, graph, thread and more to a .zip or folder inside the export root (CAIRN_EXPORT_DIR)')
      .option('--format <format>', 'zip or folder (default zip)')
      .option('--overwrite', 'replace an existing archive at PATH'),
  ).action(async (path: string | undefined, options: ServerOptions & { format?: string; overwrite?: boolean }) => {
    if (options.format && options.format !== 'zip' && options.format !== 'folder') throw new Error('--format must be zip or folder');
    const { config, apiKey } = configFor(options);
    const input = { export_path: path, format: options.format as 'zip' | 'folder' | undefined, compress: true, overwrite: options.overwrite === true };
    const result = (await useServer(options, config))
      ? await runOnServer(config, apiKey, 'export', input, 'export')
      : await runLocally(config, 'export', (deps, progress) => exportData(deps, { ...everything, ...input }, progress));
    process.stdout.write(`Exported to ${String(result.export_path)}\n${summary(result)}\n`);
  });

  serverOptions(
    program
      .command('import <path>')
      .description('import an export (.zip or folder inside the export root); verified before anything is written')
      .option('--mode <mode>', 'merge (insert and update), skip (insert missing only) or overwrite (replace everything)', 'merge'),
  ).action(async (path: string, options: ServerOptions & { mode: string }) => {
    if (!['merge', 'skip', 'overwrite'].includes(options.mode)) throw new Error('--mode must be merge, skip or overwrite');
    const { config, apiKey } = configFor(options);
    const input = { import_path: path, mode: options.mode as ImportMode };
    const result = (await useServer(options, config))
      ? await runOnServer(config, apiKey, 'import', input, 'import')
      : await runLocally(config, 'import', (deps, progress) => importData(deps, { ...everything, ...input }, progress));
    process.stdout.write(`Imported ${String(result.import_path)} (${options.mode})\n${summary(result)}\n`);
  });
}
