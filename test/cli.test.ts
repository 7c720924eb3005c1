/** The CLI test helper cleans up after itself: no temporary home is left behind in the system's temp directory. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../bench/lib.ts';

/** Runs `script` (an ES module importing test/cli.ts) in a child process whose temp directory is a fresh one; returns what our helpers left in it (tsx keeps its own cache there). */
function leftInTemp(script: string): string[] {
  const temp = mkdtempSync(join(tmpdir(), 'cairn-cli-helper-'));
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, env: { ...process.env, TMPDIR: temp }, stdio: 'pipe' });
    return readdirSync(temp).filter(name => name.startsWith('cairn-'));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

test('a command run without a HOME leaves no temporary home behind', () => {
  const left = leftInTemp(`
    import { runBin } from './test/cli.ts';
    const first = await runBin('nmem', ['--help']);
    const second = await runBin('nmem', ['--help']);
    if (first.code !== 0 || second.code !== 0) throw new Error(first.stderr + second.stderr);`);
  assert.deepEqual(left, []);
});

test('a home a test asked for is gone once the test process exits', () => {
  const left = leftInTemp(`
    import { runBin, tempHome } from './test/cli.ts';
    const home = tempHome();
    const run = await runBin('nmem', ['--help'], { env: { HOME: home } });
    if (run.code !== 0) throw new Error(run.stderr);`);
  assert.deepEqual(left, []);
});
