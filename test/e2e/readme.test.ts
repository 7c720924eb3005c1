/**
 * The README's quick start and its HTTP examples, run as a newcomer would paste them, against the real server process.
 * Only the address changes: the examples name the default port, the test server listens on a free one.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeTempDir, REPO_ROOT, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { tempHome } from '../cli.ts';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The body of the `## title` section, up to the next `## ` heading. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has a "${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

const shellBlocks = (text: string) => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map(match => match[1]);

const hasCurl = spawnSync('sh', ['-c', 'command -v curl']).status === 0;

describe('README', () => {
  let server: ServerProcess;
  let dataDir: string;
  before(async () => {
    dataDir = makeTempDir('cairn-readme-');
    server = await startServer({ entry: 'launcher', dataDir });
  });
  after(async () => {
    await server.stop();
    removeDir(dataDir);
  });

  /** Runs a pasted block in bash, stopping at the first failing command; returns its output. */
  function paste(block: string): string {
    const script = block.replaceAll('127.0.0.1:14242', `127.0.0.1:${server.port}`).replaceAll('localhost:14242', `127.0.0.1:${server.port}`);
    return execFileSync('bash', ['-e', '-o', 'pipefail', '-c', script], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH!, HOME: tempHome(), NMEM_API_URL: server.url },
      encoding: 'utf8',
      timeout: 60_000,
    });
  }

  test('opens with a quick start and names no issue numbers', () => {
    const firstSection = /\n## (.+)\n/.exec(readme)?.[1];
    assert.equal(firstSection, 'Quick start');
    assert.doesNotMatch(readme, /\bissues? #?\d+/i);
  });

  test('the quick start works when pasted: add, search, connect an assistant', () => {
    const [, commands] = shellBlocks(section('Quick start'));
    assert.ok(commands, 'the quick start has the commands to paste into a second terminal');
    const output = paste(commands);
    assert.match(output, /Saved memory [0-9a-f-]+: Database decision/);
    assert.match(output, /Database decision\s+\d\.\d\d/, 'the search finds the memory just added');
    assert.match(output, /claude mcp add/);
  });

  test('the HTTP examples work when pasted, ids captured in a variable', { skip: hasCurl ? false : 'curl is not installed' }, () => {
    const [block] = shellBlocks(section('Try it over HTTP'));
    const output = paste(block);
    assert.match(output, /"lifecycle_state":"archived"/);
    assert.match(output, /pottery/);
  });
});
