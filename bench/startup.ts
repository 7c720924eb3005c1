/**
 * `npm run bench -- startup`: time from spawning the server to its first 200 on GET /livez (polled every few ms), for
 *   - cairn: `node bin/cairn.js serve` — what `npm start` runs (the server bundle dist/server/cairn.js when it is up to
 *     date with the sources, else the sources through tsx), on a data dir it has opened before (a restart) and on a
 *     fresh one (first start: migrations run);
 *   - cairn from sources: `node --import tsx src/cli/index.ts serve` — how `npm start` ran before (TypeScript compiled
 *     at start);
 *   - minimal Fastify: one route in plain JavaScript (bench/minimal/livez.mjs), the ceiling for a Node server;
 *   - `npm start` itself with --npm 1 (npm's own start-up included).
 * The kinds alternate run by run so that all see the same machine load; each is reported as median/min/max of
 * `--runs` (default 5) and the server's CPU time at its first 200 (/proc/<pid>/stat), which load disturbs less.
 *
 *   npm run bench -- startup [--runs 5] [--npm 0]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { cpuMs, formatTable, makeTempDir, numericOptions, percentile, REPO_ROOT, removeDir, serverEntry } from './lib.ts';

interface Kind {
  name: string;
  /** The command for a port and a data dir. */
  command(port: number, dataDir: string): string[];
  /** false: the data dir is fresh on every run; true: one dir is reused (after an uncounted first start). */
  reuseDataDir: boolean;
  /** The spawned process is not the server (npm): no CPU time reported. */
  wrapper?: boolean;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function livez(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const req = request({ host: '127.0.0.1', port, path: '/livez', agent: false, timeout: 1_000 }, res => {
      res.resume();
      res.once('end', () => resolve(res.statusCode === 200));
    });
    req.once('error', () => resolve(false));
    req.once('timeout', () => req.destroy());
    req.end();
  });
}

async function stop(child: ChildProcess, group: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise(resolve => child.once('exit', resolve));
  const kill = (signal: NodeJS.Signals) => (group ? process.kill(-child.pid!, signal) : child.kill(signal));
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Spawns one server and polls /livez until it answers 200: wall ms from spawn, and the process's CPU ms then. */
async function startOnce(kind: Kind, dataDir: string, timeoutMs = 60_000): Promise<{ wallMs: number; cpuMs: number | null }> {
  const port = await freePort();
  const [command, ...args] = kind.command(port, dataDir);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, CAIRN_HOST: '127.0.0.1', CAIRN_API_KEY: '', CAIRN_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: kind.wrapper === true, // npm → sh → node: the whole group is stopped
  });
  let stderr = '';
  child.stderr!.on('data', chunk => (stderr += chunk));
  try {
    while (!(await livez(port))) {
      if (child.exitCode !== null) throw new Error(`${kind.name} exited with code ${child.exitCode}\n${stderr}`);
      if (performance.now() - started > timeoutMs) throw new Error(`${kind.name} did not answer /livez within ${timeoutMs} ms\n${stderr}`);
      await new Promise(resolve => setTimeout(resolve, 3));
    }
    const wallMs = performance.now() - started;
    return { wallMs, cpuMs: kind.wrapper ? null : cpuMs(child.pid!) };
  } finally {
    await stop(child, kind.wrapper === true);
  }
}

export default async function startup(argv: string[]): Promise<void> {
  const options = numericOptions(argv, { runs: 5, npm: 0 });
  const node = process.execPath;
  const serve = (port: number, dir: string) => ['serve', '--port', String(port), '--data-dir', dir];
  const kinds: Kind[] = [
    { name: 'cairn, restart (node bin/cairn.js serve)', command: (p, d) => [node, 'bin/cairn.js', ...serve(p, d)], reuseDataDir: true },
    { name: 'cairn, first start (fresh data dir)', command: (p, d) => [node, 'bin/cairn.js', ...serve(p, d)], reuseDataDir: false },
    { name: 'cairn from sources (tsx), restart', command: (p, d) => [node, '--import', 'tsx', 'src/cli/index.ts', ...serve(p, d)], reuseDataDir: true },
    { name: 'minimal Fastify (ceiling)', command: p => [node, 'bench/minimal/livez.mjs', String(p)], reuseDataDir: true },
  ];
  if (options.npm) kinds.push({ name: 'npm start (npm included), restart', command: (p, d) => ['npm', 'start', '--silent', '--', ...serve(p, d).slice(1)], reuseDataDir: true, wrapper: true });

  console.log(`server entry: ${await serverEntry()}`);
  console.log(`${options.runs} runs per kind, alternated; load average ${loadavg().map(l => l.toFixed(2)).join(' ')}, node ${process.version}\n`);

  const root = makeTempDir('cairn-bench-startup-');
  const results = kinds.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  try {
    // One uncounted start per kind: it creates the reused data dirs and warms the file cache.
    const dirs = kinds.map((_, k) => join(root, `kind-${k}`));
    for (const [k, kind] of kinds.entries()) await startOnce(kind, dirs[k]);
    for (let run = 0; run < options.runs; run++) {
      for (const [k, kind] of kinds.entries()) {
        const dir = kind.reuseDataDir ? dirs[k] : join(root, `fresh-${k}-${run}`);
        const { wallMs, cpuMs: cpu } = await startOnce(kind, dir);
        results[k].wall.push(wallMs);
        if (cpu !== null) results[k].cpu.push(cpu);
      }
    }
  } finally {
    removeDir(root);
  }

  const fmt = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));
  const rows = [['spawn → first 200 on /livez', 'median ms', 'min ms', 'max ms', 'CPU ms (median)']];
  for (const [k, kind] of kinds.entries()) {
    const { wall, cpu } = results[k];
    rows.push([kind.name, fmt(percentile(wall, 50)), fmt(Math.min(...wall)), fmt(Math.max(...wall)), fmt(percentile(cpu, 50))]);
  }
  console.log(formatTable(rows));
  console.log(`\nload average at the end ${loadavg().map(l => l.toFixed(2)).join(' ')}`);
}
