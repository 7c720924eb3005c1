/** `nmem search`: memories and conversations together, through the real binary against a real server process. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { runBin } from '../../../test/cli.ts';

let server: ServerProcess;
let dir: string;
const nmem = (args: string[]) => runBin('nmem', args, { env: { NMEM_API_URL: server.url } });

type Answer = { results: { kind: string; thread_id?: string; position?: number; memory_id?: string; title: string }[]; total: number };

describe('nmem search', () => {
  before(async () => {
    dir = makeTempDir('cairn-cli-search-');
    server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data') });
    const thread = await fetch(`${server.url}/threads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        thread_id: 'cache-talk', title: 'Cache layer',
        messages: [{ role: 'user', content: 'Redis or Memcached for the session cache?' }, { role: 'assistant', content: 'We decided on Redis for the session cache.' }],
      }),
    });
    assert.equal(thread.status, 200);
    assert.equal((await nmem(['m', 'add', 'Session cache entries expire after 30 minutes', '-t', 'Session cache TTL'])).code, 0);
  });
  after(async () => {
    await server?.stop();
    removeDir(dir);
  });

  test('finds memories and thread messages in one list, --json with each kind and its link', async () => {
    const found = await nmem(['--json', 'search', 'what did we decide about the session cache?']);
    assert.equal(found.code, 0, found.stderr);
    const { results } = found.json<Answer>();
    assert.deepEqual(new Set(results.map(r => r.kind)), new Set(['memory', 'thread']));
    const message = results.find(r => r.kind === 'thread')!;
    assert.equal(message.thread_id, 'cache-talk');
    assert.equal(message.position, 1);
    assert.ok(results.find(r => r.kind === 'memory')!.memory_id);
  });

  test('--kinds and -n narrow it; the table names each kind and where it opens', async () => {
    const threads = await nmem(['--json', 'search', 'session', 'cache', '--kinds', 'thread', '-n', '1']);
    assert.equal(threads.code, 0, threads.stderr);
    assert.deepEqual(threads.json<Answer>().results.map(r => r.kind), ['thread']);
    const memories = await nmem(['--json', 'search', 'session', 'cache', '--kinds', 'memories']);
    assert.ok(memories.json<Answer>().results.every(r => r.kind === 'memory'));
    const human = await nmem(['search', 'session', 'cache']);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /^KIND\s+WHERE/m);
    assert.match(human.stdout, /thread\s+cache-talk#1/);
    const none = await nmem(['search', 'kubernetes']);
    assert.equal(none.code, 0);
    assert.match(none.stdout, /Nothing matches "kubernetes"/);
  });

  test('a bad --kinds is a usage error (exit 2)', async () => {
    const bad = await nmem(['search', 'cache', '--kinds', 'emails']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /expected memory, thread/);
  });
});
