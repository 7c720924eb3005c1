/**
 * The server's log: readable lines in a terminal, JSON lines for a pipe (log collectors), CAIRN_LOG_FORMAT to choose;
 * the start line says where the web app opens. The terminal is a real pseudo-terminal (util-linux `script`).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { makeTempDir, REPO_ROOT, removeDir } from '../../bench/lib.ts';
import { scratchDir } from '../scratch.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) removeDir(dir);
});

// What `npm start` runs: the server bundle when it is up to date (npm test builds it), else the sources through tsx.
const SERVE = [process.execPath, 'bin/cairn.js', 'serve', '--port', '0'];
const hasScript = spawnSync('script', ['--version']).status === 0;

/** Starts the server (in a pseudo-terminal when asked) and resolves with its output up to the "listening on" line. */
function startLine(env: Record<string, string>, terminal = false): Promise<string> {
  const dir = makeTempDir('cairn-logs-');
  dirs.push(dir);
  const command = [...SERVE, '--data-dir', dir];
  const quoted = command.map(part => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const [program, ...args] = terminal ? ['script', '-qfec', `exec ${quoted}`, '/dev/null'] : command;
  const child = spawn(program!, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, CAIRN_LOG_LEVEL: 'info', CAIRN_HOST: '127.0.0.1', CAIRN_API_KEY: '', CAIRN_LOG_FORMAT: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening on" line in 30 s:\n${out}\n${err}`));
    }, 30_000);
    child.stderr!.on('data', chunk => (err += chunk));
    child.stdout!.on('data', chunk => {
      out = (out + chunk).replace(/\r\n/g, '\n'); // a terminal ends lines with \r\n
      if (!/listening on .*\n/.test(out)) return;
      clearTimeout(timer);
      child.kill('SIGTERM');
      resolve(out);
    });
    child.once('exit', code => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${out}\n${err}`));
    });
  });
}

const lineWith = (output: string, text: string) => output.split('\n').find(line => line.includes(text)) ?? '';
const PRETTY_START = /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Cairn \S+ listening on (http:\/\/127\.0\.0\.1:\d+) \(data in .+\) — open \1\/app$/;

describe('the server log', () => {
  test('piped, the log is JSON lines, and the start line names the web app', async () => {
    const line = lineWith(await startLine({}), 'listening on');
    const record = JSON.parse(line);
    assert.equal(record.level, 30);
    assert.match(record.msg, /^Cairn \S+ listening on (http:\/\/127\.0\.0\.1:\d+) \(data in .+\) — open \1\/app$/);
  });

  test('CAIRN_LOG_FORMAT=pretty gives readable lines even into a pipe', async () => {
    const line = lineWith(await startLine({ CAIRN_LOG_FORMAT: 'pretty' }), 'listening on');
    assert.match(line, PRETTY_START);
  });

  test('in a terminal the log is readable lines, and CAIRN_LOG_FORMAT=json keeps JSON there', { skip: hasScript ? false : 'util-linux `script` is missing' }, async () => {
    const pretty = lineWith(await startLine({}, true), 'listening on');
    // Coloured level names in a terminal: the escape codes aside, the line reads as in a pipe.
    assert.match(pretty.replace(/\x1b\[\d+m/g, ''), PRETTY_START);
    const json = lineWith(await startLine({ CAIRN_LOG_FORMAT: 'json' }, true), 'listening on');
    assert.match(JSON.parse(json).msg, /listening on http:\/\/127\.0\.0\.1:\d+ .*— open http:\/\/127\.0\.0\.1:\d+\/app$/);
  });

  test('an unknown CAIRN_LOG_FORMAT refuses to start, saying what it takes', () => {
    const run = spawnSync(SERVE[0]!, [...SERVE.slice(1), '--data-dir', scratchDir('cairn-logs-')], {
      cwd: REPO_ROOT,
      env: { ...process.env, CAIRN_LOG_FORMAT: 'fancy', CAIRN_HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /Invalid CAIRN_LOG_FORMAT: "fancy" \(use json, pretty or auto\)/);
  });
});
