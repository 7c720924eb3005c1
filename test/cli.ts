/** Runs the real `nmem` / `cairn` executables as child processes, with a clean environment and a temporary home. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../bench/lib.ts';
import { removeScratchDir, scratchDir } from './scratch.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (throws with the output when it is not). */
  json<T = Record<string, unknown>>(): T;
  /** stderr parsed as JSON: where a `--json` command's error goes (stdout stays for answers). */
  errorJson<T = Record<string, unknown>>(): T;
}

export interface CliOptions {
  env?: Record<string, string>;
  /** Written to the command's stdin (otherwise stdin is empty). */
  input?: string;
  cwd?: string;
}

/** A fresh, empty home directory, removed when the test process exits. */
export const tempHome = () => scratchDir('cairn-cli-home-');

/** `bin/<name>.js args…`; only PATH and the given variables are set (no NMEM_* from the surrounding shell). */
export function runBin(name: 'nmem' | 'cairn', args: string[], options: CliOptions = {}): Promise<CliResult> {
  // A command given no HOME gets a home of its own, removed as soon as it exits.
  const ownHome = options.env?.HOME === undefined ? tempHome() : null;
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', `${name}.js`), ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { PATH: process.env.PATH!, ...(ownHome ? { HOME: ownHome } : {}), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', chunk => (stdout += chunk));
    child.stderr.on('data', chunk => (stderr += chunk));
    child.on('error', reject);
    child.on('close', code =>
      resolve({
        code: code ?? -1,
        stdout,
        stderr,
        json<T>() {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`not JSON (exit ${code}):\n${stdout}\n--- stderr ---\n${stderr}`);
          }
        },
        errorJson<T>() {
          try {
            return JSON.parse(stderr) as T;
          } catch {
            throw new Error(`stderr is not JSON (exit ${code}):\n${stderr}\n--- stdout ---\n${stdout}`);
          }
        },
      }),
    );
    child.stdin.end(options.input ?? '');
  }).finally(() => ownHome && removeScratchDir(ownHome));
}

/**
 * Node's arguments for the server-side program (`cairn backup`, `export`, `migrate`… as src/cli/index.ts parses them,
 * without the client in front): the server bundle when it is up to date with the sources (npm test builds it first),
 * else the sources through tsx. The same code either way; the bundle starts in a quarter of the CPU time (docs/testing.md).
 */
export async function serverProgram(): Promise<string[]> {
  const { serverBundle } = (await import(join(REPO_ROOT, 'bin/launch.js'))) as { serverBundle(): URL | null };
  const bundle = serverBundle();
  return bundle ? [fileURLToPath(bundle)] : ['--import', import.meta.resolve('tsx'), join(REPO_ROOT, 'src/cli/index.ts')];
}
