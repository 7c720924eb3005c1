/** Helpers shared by the benchmarks (and the end-to-end tests): a real server process, timing, percentiles, RSS. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'undici';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  /** e.g. http://127.0.0.1:43125 */
  url: string;
  dataDir: string;
  /** Resolves when the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGTERM), escalates to SIGKILL after `graceMs`, and waits for the exit. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Extra node flags for the server, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
  /** How long to wait for the "listening on" line. */
  timeoutMs?: number;
  /**
   * `sources` (default): `node --import tsx src/cli/index.ts serve`, the code as it is now; `launcher`: what `npm start`
   * runs, `node bin/cairn.js serve` (the server bundle when it is up to date with the sources, else the sources).
   */
  entry?: 'sources' | 'launcher';
  /** Another server instead of Cairn (e.g. ['--import', 'tsx', 'bench/minimal/crud.ts']): given the data dir as last argument, it must log the same "listening on" line. */
  program?: string[];
}

const running = new Set<ChildProcess>();
// Never leave a server behind, whatever happens to the parent (failed assertion, thrown error, Ctrl-C).
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `cairn serve --port 0` as a child process (the server runs in that process, so the pid is the server itself)
 * and resolves once it logs "Cairn <version> listening on http://127.0.0.1:<port>".
 */
export function startServer({ dataDir, env = {}, nodeArgs = [], timeoutMs = 15_000, entry = 'sources', program }: StartOptions): Promise<ServerProcess> {
  const cairn = [...(entry === 'launcher' ? ['bin/cairn.js'] : ['--import', 'tsx', 'src/cli/index.ts']), 'serve', '--port', '0', '--data-dir', dataDir];
  const child = spawn(process.execPath, [...nodeArgs, ...(program ? [...program, dataDir] : cairn)], {
    cwd: REPO_ROOT,
    // Loopback and no API key unless the caller says otherwise, whatever the surrounding shell has set.
    env: { ...process.env, CAIRN_LOG_LEVEL: 'info', CAIRN_HOST: '127.0.0.1', CAIRN_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(resolve =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  let stderr = '';
  child.stderr!.on('data', chunk => (stderr += chunk));

  const stop: ServerProcess['stop'] = async (signal = 'SIGTERM', graceMs = 5_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    }
    return exited;
  };

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${reason}${stderr ? `\n--- server stderr ---\n${stderr}` : ''}`));
    };
    const timer = setTimeout(() => fail(`server did not report listening within ${timeoutMs} ms`), timeoutMs);
    void exited.then(({ code, signal }) => fail(`server exited before listening (code ${code}, signal ${signal})`));
    // Reading every line also keeps the pipe drained for the rest of the run.
    createInterface({ input: child.stdout! }).on('line', line => {
      const match = /listening on (http:\/\/[^\s]+:(\d+))/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ child, pid: child.pid!, port: Number(match[2]), url: match[1], dataDir, exited, stop });
    });
  });
}

export const makeTempDir = (prefix = 'cairn-') => mkdtempSync(join(tmpdir(), prefix));
export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** Resident set size of a process, from /proc/<pid>/status (Linux), in bytes; null when unavailable. */
export function rssBytes(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

let clockTicks: number | null = null;
/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK, 100 nearly everywhere). */
function ticksPerSecond(): number {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** CPU time (user + system, all threads) a process has used so far, in ms, from /proc/<pid>/stat (Linux); null when unavailable. */
export function cpuMs(pid: number): number | null {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** utime+stime in ms from a /proc stat line (process or thread). */
function statCpuMs(stat: string): number {
  // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond();
}

/** CPU time in ms of each live thread of a process, by thread id (/proc/<pid>/task; the main thread's id is the pid). */
export function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        threads.set(Number(tid), statCpuMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
      } catch {
        // the thread ended between the listing and the read
      }
    }
  } catch {
    // no /proc (not Linux) or the process is gone: no split
  }
  return threads;
}

/**
 * How busy the event loop and the other threads kept their cores over a window, from two threadCpuMs samples:
 * `event loop 0.97; other threads 3.10 (busiest 0.62 0.55 0.51 …)`.
 */
export function formatThreadBusy(pid: number, before: Map<number, number>, after: Map<number, number>, seconds: number): string {
  const busy = [...after].map(([tid, msAfter]) => ({ tid, cores: (msAfter - (before.get(tid) ?? 0)) / 1000 / seconds }));
  const main = busy.find(t => t.tid === pid)?.cores ?? 0;
  const others = busy.filter(t => t.tid !== pid).sort((a, b) => b.cores - a.cores);
  const rest = others.reduce((sum, t) => sum + t.cores, 0);
  const busiest = others.slice(0, 8).map(t => t.cores.toFixed(2)).join(' ');
  return `event loop ${main.toFixed(2)}; ${others.length} other threads ${rest.toFixed(2)} (busiest ${busiest})`;
}

export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface PhaseResult {
  name: string;
  requests: number;
  concurrency: number;
  errors: number;
  seconds: number;
  /** Per-request latencies in ms. */
  latencies: number[];
}

/**
 * Calls `task(i)` for i in 0..count-1 with at most `concurrency` in flight, timing each call.
 * A task that throws is counted as an error (the first few are printed), not fatal.
 */
export async function runPhase(name: string, count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<PhaseResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      try {
        await task(i);
        latencies.push(performance.now() - t0);
      } catch (error) {
        if (++errors <= 3) console.error(`${name} #${i} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { name, requests: count, concurrency, errors, seconds: (performance.now() - started) / 1000, latencies };
}

/** Options from `--name value` arguments, then BENCH_NAME environment variables, then the defaults given. */
export function numericOptions<T extends Record<string, number>>(argv: string[], defaults: T): T {
  const result: Record<string, number> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const flag = `--${key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}`;
    const at = argv.indexOf(flag);
    const raw = at >= 0 ? argv[at + 1] : process.env[`BENCH_${key.replace(/[A-Z]/g, c => `_${c}`).toUpperCase()}`];
    if (raw === undefined) continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${flag} needs a non-negative number, got ${raw}`);
    result[key] = value;
  }
  const known = new Set(Object.keys(defaults).map(k => `--${k.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}`));
  const unknown = argv.filter(a => a.startsWith('--') && !known.has(a));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
  return result as T;
}

/** A plain text table: the first row is the header, columns after the first are right-aligned. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  return [line(rows[0]), widths.map(w => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1));
export const mib = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** Deterministic pseudo-random numbers (mulberry32), so every run sends the same data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Which program `cairn serve` runs here, for the report: the server bundle when it is up to date (what `npm start` runs
 * after a build), else the sources through tsx, whose module loading costs CPU in the first seconds of a run (the
 * background queue's language libraries are loaded on first use, during a benchmark's burst).
 */
export async function serverEntry(): Promise<string> {
  const { serverBundle } = (await import(join(REPO_ROOT, 'bin/launch.js'))) as { serverBundle(): URL | null };
  return serverBundle() ? 'dist/server/cairn.js (up to date)' : 'sources through tsx (no up-to-date bundle: run `node scripts/build-cli.mjs server`)';
}

/** The LoCoMo conversations' folder: BENCH_LOCOMO_DIR, ../shared/bench/locomo beside the repository, or beside its worktree folder. */
export function locomoDir(): string | null {
  const candidates = [process.env.BENCH_LOCOMO_DIR, join(REPO_ROOT, '..', 'shared', 'bench', 'locomo'), join(REPO_ROOT, '..', '..', 'shared', 'bench', 'locomo')];
  return candidates.find((dir): dir is string => dir !== undefined && existsSync(dir)) ?? null;
}

/**
 * `count` LoCoMo turns as memory bodies ("Speaker: text"), the conversations cycled: a later lap varies each turn (a
 * lap number), so no two memories are equal. null when the LoCoMo data is not there.
 */
export function locomoTurns(count: number): { content: string }[] | null {
  const dir = locomoDir();
  if (!dir) return null;
  const turns: string[] = [];
  for (const file of readdirSync(dir).filter(f => f.endsWith('.json')).sort()) {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    for (let n = 1; Array.isArray(data[`session_${n}`]); n++) {
      for (const turn of data[`session_${n}`] as { speaker: string; text: string }[]) turns.push(`${turn.speaker}: ${turn.text}`);
    }
  }
  if (turns.length === 0) return null;
  return Array.from({ length: count }, (_, i) => {
    const lap = Math.floor(i / turns.length);
    return { content: lap === 0 ? turns[i % turns.length] : `${turns[i % turns.length]} (again, ${lap})` };
  });
}

/** One JSON request on an undici pool; anything but a 200 throws (with the start of the body). */
export async function requestJson(pool: Pool, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const response = await pool.request({
    method,
    path,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${method} ${path} → ${response.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/**
 * Waits until the server owes nothing to what it acknowledged: no memory waiting for its embedding
 * (`/memories/reindex/status`) or for its graph and EVOLVES detection (`/health` → `background_queue.pending`), so a
 * quality benchmark searches the store it would have after the writes settle, whatever the machine's speed.
 */
export async function waitForBackground(url: string): Promise<void> {
  const read = async (path: string) => (await fetch(`${url}${path}`)).json() as Promise<any>;
  for (;;) {
    const [reindex, health] = await Promise.all([read('/memories/reindex/status'), read('/health')]);
    if (reindex.count_needing_reindex === 0 && (health.background_queue?.pending ?? 0) === 0) return;
    await new Promise(r => setTimeout(r, 200));
  }
}
