/**
 * What keeps the suite inside CI's time (docs/testing.md): server processes and the server's commands start from the
 * built bundle, not from the sources through tsx (a quarter of the CPU), and a PGlite app is a clone of one migrated
 * instance, as fresh as a new one.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../bench/lib.ts';
import { serverProgram } from './cli.ts';
import { openPgliteStore } from './postgres.ts';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const THIS_FILE = 'test/suiteSpeed.test.ts';
const sources = ['src', 'test', 'bench']
  .flatMap(dir => testFiles(join(REPO_ROOT, dir)))
  .map(path => ({ name: relative(REPO_ROOT, path), text: readFileSync(path, 'utf8') }))
  .filter(({ name }) => name !== THIS_FILE);

/** The argument list of each `startServer(` call in `text`, up to its closing parenthesis. */
function startServerCalls(text: string): string[] {
  const calls: string[] = [];
  for (let at = text.indexOf('startServer('); at >= 0; at = text.indexOf('startServer(', at + 1)) {
    let depth = 0;
    let end = at + 'startServer'.length;
    do {
      if (text[end] === '(') depth++;
      else if (text[end] === ')') depth--;
      end++;
    } while (depth > 0 && end < text.length);
    calls.push(text.slice(at, end));
  }
  return calls;
}

test('every test that starts a server process starts the launcher (the bundle when it is up to date)', () => {
  assert.ok(sources.length > 100, `found the test files (${sources.length})`);
  const offenders = sources.flatMap(({ name, text }) => startServerCalls(text).filter(call => !/entry: 'launcher'/.test(call)).map(call => `${name}: ${call}`));
  assert.deepEqual(offenders, [], 'pass entry: \'launcher\' to startServer (docs/testing.md)');
  // The check itself finds a call without it, across lines and nested braces.
  assert.equal(startServerCalls("await startServer({\n  dataDir, env: { A: '1' } });").filter(call => !/entry: 'launcher'/.test(call)).length, 1);
});

test('no test runs the server program from its sources through tsx: serverProgram() picks the bundle when it is up to date', async () => {
  const offenders = sources.filter(({ text }) => /['"`]src\/cli\/index\.ts['"`]/.test(text)).map(({ name }) => name);
  assert.deepEqual(offenders, [], 'run `cairn <command>` through serverProgram() of test/cli.ts, or bin/cairn.js');
  const program = await serverProgram();
  const { serverBundle } = (await import(join(REPO_ROOT, 'bin/launch.js'))) as { serverBundle(): URL | null };
  if (serverBundle()) assert.deepEqual(program, [join(REPO_ROOT, 'dist/server/cairn.js')]);
  else assert.equal(program.at(-1), join(REPO_ROOT, 'src/cli/index.ts'), 'no up-to-date bundle: the sources');
});

test('a PGlite store is a clone of a migrated one: fresh, migrated, and sharing nothing with the others', async () => {
  const now = new Date().toISOString();
  const first = await openPgliteStore();
  const second = await openPgliteStore();
  try {
    await first.settings.set('suite-speed-probe', { in: 'first' }, now);
    assert.deepEqual(await first.settings.get('suite-speed-probe'), { in: 'first' });
    assert.equal(await second.settings.get('suite-speed-probe'), undefined, 'the second store does not see the first one’s write');
    assert.ok((await second.describeTables()).some(table => table.name === 'memories'), 'migrated');
  } finally {
    await first.close();
    await second.close();
  }
  const third = await openPgliteStore();
  try {
    assert.equal(await third.settings.get('suite-speed-probe'), undefined, 'a later store starts empty too');
  } finally {
    await third.close();
  }
});
