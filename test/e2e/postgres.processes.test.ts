/**
 * Several Cairn processes on one PostgreSQL database, as behind a load balancer: what one acknowledges the other
 * reads and finds at once, the background queue is split between them (no memory processed twice), and killing one
 * mid-write loses nothing either acknowledged. Needs CAIRN_TEST_DATABASE_URL (npm test starts a throwaway cluster).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { TEST_DATABASE_URL, testDatabase } from '../postgres.ts';
import { callServer, createMemoryOn } from '../server.ts';

const skip = !TEST_DATABASE_URL && 'needs CAIRN_TEST_DATABASE_URL: a PostgreSQL server (npm test starts one when PostgreSQL is installed)';

type Queue = { pending: number; claimed_here: number };
const queueOf = async (server: ServerProcess) => (await callServer<{ background_queue: Queue }>(server, 'GET', '/health')).body.background_queue;

/** Waits until the shared queue is empty as both processes see it. */
async function drained(servers: ServerProcess[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const queues = await Promise.all(servers.map(queueOf));
    if (queues.every(q => q.pending === 0)) return queues;
    assert.ok(Date.now() < deadline, `the queue did not drain: ${JSON.stringify(queues)}`);
    await new Promise(resolve => setTimeout(resolve, 200));
  }
}

describe('two Cairn processes on one PostgreSQL database', { skip }, () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let database: { url: string; drop(): Promise<void> };

  async function start(): Promise<ServerProcess> {
    const dir = makeTempDir('cairn-pg-process-');
    dirs.push(dir);
    const env = { CAIRN_STORAGE: 'postgres', CAIRN_DATABASE_URL: database.url, CAIRN_PG_POOL_SIZE: '4' };
    const server = await startServer({ entry: 'launcher', dataDir: dir, env, timeoutMs: 30_000 });
    servers.push(server);
    return server;
  }

  before(async () => {
    if (skip) return;
    database = await testDatabase();
  });
  after(async () => {
    await Promise.all(servers.map(server => server.stop('SIGKILL')));
    for (const dir of dirs) removeDir(dir);
    await database?.drop();
  });

  test('a memory written through one process is read and found by search through the other at once', async () => {
    const [a, b] = [await start(), await start()];
    const id = await createMemoryOn(a, 'The quarterly board meeting moved to the Lisbon office');
    const read = await callServer<{ content: string }>(b, 'GET', `/memories/${id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.content, 'The quarterly board meeting moved to the Lisbon office');
    const found = await callServer<{ memory: { id: string } }[]>(b, 'POST', '/memories/search', { query: 'board meeting Lisbon' });
    assert.deepEqual(found.body.map(r => r.memory.id), [id]);
    const edited = await callServer(b, 'PATCH', `/memories/${id}`, { content: 'The quarterly board meeting moved to the Porto office' });
    assert.equal(edited.status, 200);
    assert.equal((await callServer<{ content: string }>(a, 'GET', `/memories/${id}`)).body.content.includes('Porto'), true);
  });

  test('the background queue is shared: every memory is processed once, by one process or the other', async () => {
    const [a, b] = servers;
    const before = await Promise.all([a!, b!].map(queueOf));
    const total = 40;
    const ids = await Promise.all(
      Array.from({ length: total }, (_, i) => createMemoryOn(i % 2 ? a! : b!, `Priya Raman reviewed the Acme Corp contract, note ${i}`)),
    );
    assert.equal(new Set(ids).size, total);
    const after = await drained([a!, b!]);
    const claimed = after.reduce((sum, q, i) => sum + q.claimed_here - before[i]!.claimed_here, 0);
    assert.equal(claimed, total, `claims across both processes: ${JSON.stringify(after)}`);
    const entities = (await callServer<{ name: string; mention_count: number }[]>(a!, 'GET', '/entities?limit=100')).body;
    const acme = entities.find(e => /acme/i.test(e.name));
    assert.ok(acme, `Acme was extracted: ${JSON.stringify(entities.map(e => e.name))}`);
    assert.equal(acme.mention_count, total);
  });

  test('killing one process mid-write loses nothing that either acknowledged', async () => {
    const [a, b] = servers;
    const acknowledged = new Map<string, string>();
    let killed: Promise<unknown> | undefined;
    let next = 0;
    const writer = (server: ServerProcess) => async () => {
      while (next < 120) {
        const content = `Shared durability check ${next++}: the spare keys are under the blue pot`;
        try {
          acknowledged.set(await createMemoryOn(server, content), content);
        } catch (error) {
          if (server === a && killed) return; // the killed process's refused or cut requests
          throw error;
        }
        if (acknowledged.size >= 60 && !killed) killed = a!.stop('SIGKILL');
      }
    };
    await Promise.all([...Array.from({ length: 4 }, writer(a!)), ...Array.from({ length: 4 }, writer(b!))]);
    await killed;
    for (const [id, content] of acknowledged) {
      const read = await callServer<{ content: string }>(b!, 'GET', `/memories/${id}`);
      assert.equal(read.status, 200, `memory ${id} acknowledged before the kill is missing`);
      assert.equal(read.body.content, content);
    }
  });
});
