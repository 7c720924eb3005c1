/**
 * Durability of the real server process: every write the service acknowledged must survive a SIGKILL,
 * and SIGTERM must shut down cleanly (exit code 0, promptly) with the data intact.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { createMemoryOn } from '../server.ts';

const started: ServerProcess[] = [];
const dirs: string[] = [];

/** A server on `dataDir` that is killed after the tests whatever happens in between. */
async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({ entry: 'launcher', dataDir, env });
  started.push(server);
  return server;
}

function tempDir(): string {
  const dir = makeTempDir('cairn-e2e-');
  dirs.push(dir);
  return dir;
}

after(async () => {
  await Promise.all(started.map(server => server.stop('SIGKILL')));
  for (const dir of dirs) removeDir(dir);
});

/** Asserts that every acknowledged memory can be read back with its content. */
async function assertAllPresent(server: ServerProcess, acknowledged: Map<string, string>) {
  for (const [id, content] of acknowledged) {
    const response = await fetch(`${server.url}/memories/${id}`);
    assert.equal(response.status, 200, `memory ${id} is missing after restart`);
    assert.equal(((await response.json()) as { content: string }).content, content);
  }
  const list = (await (await fetch(`${server.url}/memories?limit=1`)).json()) as { pagination: { total: number } };
  assert.ok(list.pagination.total >= acknowledged.size, `list counts ${list.pagination.total} memories, ${acknowledged.size} were acknowledged`);
}

// The memory-write queue on the server's thread, and on background threads with their own connections (mainBackgroundPool.ts).
for (const [setup, env] of [
  ['', { CAIRN_BACKGROUND_WORKERS: '0' }],
  [' (background threads)', { CAIRN_BACKGROUND_WORKERS: '2' }],
] as const) describe(`durability of the server process${setup}`, () => {
  test('every acknowledged write survives SIGKILL, even with writes in flight', async () => {
    const dataDir = tempDir();
    const server = await start(dataDir, env);
    const total = 200;
    const killAfter = 150;
    const acknowledged = new Map<string, string>();
    let next = 0;
    let killed: Promise<unknown> | undefined;

    // 10 writers; once 150 writes are acknowledged the process is killed while the others are still in flight.
    const writer = async () => {
      while (next < total && !killed) {
        const content = `Durability check ${next++}: the kettle is in the second cupboard from the left.`;
        try {
          const id = await createMemoryOn(server, content, next % 3 === 0 ? ['e2e', 'kitchen'] : undefined);
          acknowledged.set(id, content);
        } catch (error) {
          if (!killed) throw error; // after the kill, refused or cut connections are expected
          return;
        }
        if (acknowledged.size >= killAfter && !killed) killed = server.stop('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 10 }, writer));
    const exit = await server.exited;
    assert.equal(exit.signal, 'SIGKILL');
    assert.ok(acknowledged.size >= killAfter);

    const restarted = await start(dataDir, env);
    await assertAllPresent(restarted, acknowledged);
    await restarted.stop('SIGKILL');
  });

  test('memories queued for their graph when the process is killed are processed exactly once after restart', async () => {
    const dataDir = tempDir();
    const server = await start(dataDir, env);
    const cities = ['Lisbon', 'Berlin', 'Osaka', 'Quito', 'Dublin', 'Cairo'];
    const acknowledged = new Map<string, string>();
    let next = 0;
    // A burst at full speed: the background queue falls behind the acknowledgements.
    const writer = async () => {
      while (next < 300) {
        const i = next++;
        const content = `Priya now lives in ${cities[i % cities.length]} with her two cats, note ${i}.`;
        acknowledged.set(await createMemoryOn(server, content), content);
      }
    };
    await Promise.all(Array.from({ length: 16 }, writer));
    const backlog = ((await (await fetch(`${server.url}/health`)).json()) as { background_queue: { pending: number } }).background_queue.pending;
    await server.stop('SIGKILL');
    assert.ok(backlog > 0, 'the kill should find memories still queued');

    const restarted = await start(dataDir, env);
    await assertAllPresent(restarted, acknowledged);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { background_queue } = (await (await fetch(`${restarted.url}/health`)).json()) as { background_queue: { pending: number; failed: number } };
      assert.equal(background_queue.failed, 0);
      if (background_queue.pending === 0) break;
      assert.ok(Date.now() < deadline, `still ${background_queue.pending} queued a minute after restart`);
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    // Every memory mentions Priya once: a memory processed twice or never would change her count.
    const total = ((await (await fetch(`${restarted.url}/memories?limit=1`)).json()) as { pagination: { total: number } }).pagination.total;
    const entities = (await (await fetch(`${restarted.url}/entities?search=Priya&limit=5`)).json()) as { name: string; mention_count: number }[];
    assert.equal(entities.find(e => e.name === 'Priya')?.mention_count, total);
    // And each memory has at most one EVOLVES edge to an older one: detection ran at most once per memory.
    for (const id of acknowledged.keys()) {
      const { relations } = (await (await fetch(`${restarted.url}/memories/${id}/relations?types=EVOLVES&direction=out`)).json()) as { relations: unknown[] };
      assert.ok(relations.length <= 1, `memory ${id} has ${relations.length} EVOLVES edges`);
    }
    await restarted.stop('SIGKILL');
  });

  test('SIGTERM exits 0 promptly and the data is there after restart', async () => {
    const dataDir = tempDir();
    const server = await start(dataDir, env);
    const acknowledged = new Map<string, string>();
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const content = `Shutdown check ${i}: the spare bulbs are in the hall drawer.`;
        acknowledged.set(await createMemoryOn(server, content), content);
      }),
    );

    const t0 = performance.now();
    const exit = await server.stop('SIGTERM', 5_000);
    const elapsed = performance.now() - t0;
    assert.deepEqual(exit, { code: 0, signal: null }, 'SIGTERM should end the process with exit code 0');
    assert.ok(elapsed < 3_000, `shutdown took ${elapsed.toFixed(0)} ms`);

    const restarted = await start(dataDir, env);
    await assertAllPresent(restarted, acknowledged);
    await restarted.stop('SIGKILL');
  });
});
