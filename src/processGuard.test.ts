import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const guard = fileURLToPath(new URL('./processGuard.ts', import.meta.url));

/** Runs `body` in a node process of its own (the guard acts on the whole process); its exit code and output. */
function inProcess(body: string) {
  const script = `import { guardProcess } from ${JSON.stringify(guard)};
const log = { error: (details, message) => console.log('logged:', message, details.err?.message) };
${body}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

test('a guarded process logs a stray rejection and a stray exception, and carries on', () => {
  const run = inProcess(`guardProcess(log);
Promise.reject(new Error('nobody listened'));
setTimeout(() => { throw new Error('thrown from a timer'); }, 10);
setTimeout(() => console.log('still alive'), 50);`);
  assert.equal(run.status, 0, run.output);
  assert.match(run.output, /logged: unhandled promise rejection .* nobody listened/);
  assert.match(run.output, /logged: uncaught exception .* thrown from a timer/);
  assert.match(run.output, /still alive/);
});

test('once the guard is removed (or before it is installed: while starting) a stray error still ends the process', () => {
  const run = inProcess(`const unguard = guardProcess(log);
unguard();
Promise.reject(new Error('fatal while starting'));
setTimeout(() => console.log('still alive'), 50);`);
  assert.equal(run.status, 1, run.output);
  assert.doesNotMatch(run.output, /still alive/);
});
