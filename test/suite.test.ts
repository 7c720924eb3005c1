/**
 * The backend loop of the HTTP suite (test/suite.ts, test/backends.ts): a file's suites and tests run once per
 * backend, hooks and nested tests on their suite's backend, and an app built outside the loop is refused.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { REPO_ROOT } from '../bench/lib.ts';
import { buildTestApp } from './helpers.ts';

/** Runs test/fixtures/suite/loop.ts under node --test with `env`; its exit status and the lines its tests printed. */
function runLoop(env: Record<string, string>): { status: number | null; lines: string[]; output: string } {
  // Not this run's backends, nor its NODE_TEST_CONTEXT (which would make the child report to a parent runner).
  const { CAIRN_TEST_DATABASE_URL, CAIRN_REQUIRE_POSTGRES, CAIRN_TEST_BACKENDS, NODE_TEST_CONTEXT, ...rest } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', 'test/fixtures/suite/loop.ts'], {
    cwd: REPO_ROOT,
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
  const output = run.stdout + run.stderr;
  const lines = output.split('\n').map(line => line.replace(/^\s*# /, '')).filter(line => / on /.test(line) && !line.startsWith('Subtest'));
  return { status: run.status, lines, output };
}

// The URL is only named: the fixture builds no app, so no server need be there.
const POSTGRES = { CAIRN_TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' };

test('every suite and top-level test (skipped ones too) runs on SQLite, and on PostgreSQL when a server is named', () => {
  const run = runLoop(POSTGRES);
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.lines.sort(), [
    'nested test on postgres',
    'nested test on sqlite',
    'suite test on postgres, its hook on postgres',
    'suite test on sqlite, its hook on sqlite',
    'top-level test on postgres',
    'top-level test on sqlite',
  ]);
  assert.match(run.output, /a suite \(postgres\)/);
  assert.match(run.output, /a skipped test \(postgres\) # SKIP/, 'test.skip loops too');
});

test('a file that searches vectors runs on PGlite too; without a server named, not on PostgreSQL', () => {
  const run = runLoop({ LOOP_WITH_VECTORS: '1' });
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.lines.filter(line => line.startsWith('top-level')).sort(), ['top-level test on pglite', 'top-level test on sqlite']);
});

test('CAIRN_TEST_BACKENDS keeps only the backends it names', () => {
  const run = runLoop({ ...POSTGRES, LOOP_WITH_VECTORS: '1', CAIRN_TEST_BACKENDS: 'pglite' });
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.lines.filter(line => line.startsWith('top-level')), ['top-level test on pglite']);
});

test('CAIRN_REQUIRE_POSTGRES=1 without a server fails the file loudly instead of skipping PostgreSQL', () => {
  const run = runLoop({ CAIRN_REQUIRE_POSTGRES: '1' });
  assert.notEqual(run.status, 0);
  assert.match(run.output, /CAIRN_REQUIRE_POSTGRES=1 but CAIRN_TEST_DATABASE_URL is not set/);
});

test('an app built outside the loop (a test imported from node:test) is refused, not silently put on SQLite', async () => {
  await assert.rejects(buildTestApp(), /import describe and test from test\/suite\.ts/);
});
