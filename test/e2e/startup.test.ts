/**
 * Starting the server fast: `npm start` (node bin/cairn.js serve) runs the server bundle built by `npm ci` and serves
 * the API, and a starting server loads none of the heavy libraries it needs only later (NLP models, the MCP SDK, the
 * OpenAI client, the vector index addon): they load where first used.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeTempDir, REPO_ROOT, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';

const dirs: string[] = [];
const started: ServerProcess[] = [];
after(async () => {
  await Promise.all(started.map(server => server.stop('SIGKILL')));
  for (const dir of dirs) removeDir(dir);
});

test("npm start's command (node bin/cairn.js serve) serves memories", async () => {
  const dir = makeTempDir('cairn-e2e-start-');
  dirs.push(dir);
  const server = await startServer({ dataDir: dir, entry: 'launcher' });
  started.push(server);
  assert.equal((await fetch(`${server.url}/livez`)).status, 200);
  const created = await fetch(`${server.url}/memories`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Alice moved the weekly sync with Google to Thursday in Berlin' }),
  });
  assert.equal(created.status, 200);
  const { id } = (await created.json()) as { id: string };
  const read = (await (await fetch(`${server.url}/memories/${id}`)).json()) as { content: string };
  assert.equal(read.content, 'Alice moved the weekly sync with Google to Thursday in Berlin');
  assert.equal((await server.stop('SIGTERM')).code, 0);
});

test('a starting server loads no NLP library, MCP SDK, OpenAI client or vector index addon', () => {
  const dir = makeTempDir('cairn-e2e-start-');
  dirs.push(dir);
  // The server program npm start would run (bundle or sources), started in a process that records what it loads.
  const script = `
    import { createRequire } from 'node:module';
    const { loadServerCli } = await import(${JSON.stringify(join(REPO_ROOT, 'bin/launch.js'))});
    const { runServerCli } = await loadServerCli();
    await runServerCli(['serve', '--port', '0', '--data-dir', ${JSON.stringify(dir)}]);
    await new Promise(resolve => setTimeout(resolve, 200));
    const loaded = [...globalThis.cairnLoadedModules, ...Object.keys(createRequire(import.meta.url).cache)];
    process.stdout.write(JSON.stringify(loaded));
    process.exit(0);`;
  const run = spawnSync(process.execPath, ['--import', './test/fixtures/recordLoads.mjs', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    // Read workers are threads with their own loads (and a program given by -e cannot start them): on a machine of 4
    // cores or more they would be on by default, so they are off here, where the server's own start is measured.
    env: { ...process.env, CAIRN_LOG_LEVEL: 'warn', CAIRN_HOST: '127.0.0.1', CAIRN_API_KEY: '', CAIRN_EXTRACTOR: 'rules', CAIRN_READ_WORKERS: '0' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const loaded = JSON.parse(run.stdout) as string[];
  assert.ok(loaded.some(path => /node_modules[\\/]better-sqlite3[\\/]/.test(path)), 'the recording sees what the server loads');
  const heavy = loaded.filter(path => /node_modules[\\/](compromise|chrono-node|wink-nlp|wink-eng-lite-web-model|openai|@modelcontextprotocol|@energetic-ai|usearch)[\\/]/.test(path));
  assert.deepEqual(heavy, []);
});
