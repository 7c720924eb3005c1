/**
 * Sync between real server processes, each with its own data dir, through one remote: random interleavings of writes
 * and rounds end with identical memories on every device; a round killed (SIGKILL) mid-push or mid-pull resumes to the
 * same end state; a folder remote holds no plaintext; a Cairn server works as the hub.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';
import { callServer, createMemoryOn } from '../server.ts';
import { readableText } from '../syncReading.ts';

const started: ServerProcess[] = [];
const dirs: string[] = [];
after(async () => {
  await Promise.all(started.map(server => server.stop('SIGKILL')));
  for (const dir of dirs) removeDir(dir);
});
function tempDir(): string {
  const dir = makeTempDir('cairn-sync-e2e-');
  dirs.push(dir);
  return dir;
}

const PASSPHRASE = 'a passphrase for the tests';

/** A device: a server on its own data dir syncing with `remote` only when asked (small segments, to make several). */
async function device(dataDir: string, remote: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({
    entry: 'launcher',
    dataDir,
    timeoutMs: 60_000, // several servers start on a machine busy with the rest of the suite
    env: { CAIRN_SYNC_REMOTE: remote, CAIRN_SYNC_PASSPHRASE: PASSPHRASE, CAIRN_SYNC_INTERVAL_S: '0', CAIRN_SYNC_SEGMENT_CHANGES: '3', CAIRN_COMMUNITY_DEBOUNCE_MS: '3600000', ...env },
  });
  started.push(server);
  return server;
}

async function sync(server: ServerProcess): Promise<{ pushed: number; pulled: number; conflicts: number; errors: unknown[] }> {
  const round = await callServer(server, 'POST', '/sync');
  assert.equal(round.status, 200, `POST /sync: ${JSON.stringify(round.body)}`);
  assert.deepEqual(round.body.errors, []);
  return round.body;
}

/** What must be identical on every device: each memory's synced fields and labels, by id. */
async function memoriesOn(server: ServerProcess): Promise<unknown[]> {
  const list = await callServer<{ memories: Record<string, any>[] }>(server, 'GET', '/memories?limit=100');
  assert.equal(list.status, 200);
  return list.body.memories
    .map(m => ({ id: m.id, title: m.title, content: m.content, importance: m.importance, labels: (m.labels as { name: string }[] | string[]).map(l => (typeof l === 'string' ? l : l.name)).sort() }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Rounds on every device, twice over: whatever one device holds reaches all the others. */
async function settle(devices: ServerProcess[]): Promise<void> {
  for (let pass = 0; pass < 2; pass++) for (const server of devices) await sync(server);
}

async function assertIdentical(devices: ServerProcess[]): Promise<unknown[]> {
  const first = await memoriesOn(devices[0]!);
  for (const other of devices.slice(1)) assert.deepEqual(await memoriesOn(other), first);
  return first;
}

/** What anyone can read of every file under a folder (inflated where it is only compressed). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter(e => e.isFile()).map(e => readableText(readFileSync(join(e.parentPath, e.name))));
}

describe('sync between server processes', { timeout: 600_000 }, () => {
  test('three devices, random interleavings of writes and rounds, end with identical memories; the folder holds no plaintext', async () => {
    const remote = tempDir();
    const devices = [await device(tempDir(), remote), await device(tempDir(), remote), await device(tempDir(), remote)];
    const step = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), on: fc.nat(2), word: fc.constantFrom('kettle', 'harbour', 'lantern', 'orchard') }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), on: fc.nat(2), pick: fc.nat(20), word: fc.constantFrom('north', 'south', 'east') }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), on: fc.nat(2), pick: fc.nat(20) }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('round' as const), on: fc.nat(2) }) },
    );
    let written = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 15 }), async steps => {
        for (const s of steps) {
          const server = devices[s.on]!;
          if (s.kind === 'round') await sync(server);
          else if (s.kind === 'create') await createMemoryOn(server, `Memory ${++written}: the ${s.word} secret`, [s.word]);
          else {
            const memories = (await memoriesOn(server)) as { id: string }[];
            if (memories.length === 0) continue;
            const target = memories[s.pick % memories.length]!.id;
            const response =
              s.kind === 'edit'
                ? await callServer(server, 'PATCH', `/memories/${target}`, { content: `Edited on device ${s.on}: the ${s.word} secret` })
                : await callServer(server, 'DELETE', `/memories/${target}`);
            assert.equal(response.status, 200, `${s.kind}: ${JSON.stringify(response.body)}`);
          }
        }
        await settle(devices);
        await assertIdentical(devices);
      }),
      { numRuns: 6 },
    );
    for (const text of filesUnder(remote)) assert.ok(!text.includes('secret') && !text.includes('kettle'), 'a remote file holds plaintext');
  });

  for (const point of ['after-push-segment', 'after-pull-segment'] as const) {
    test(`a round killed ${point.replace(/-/g, ' ')} resumes to the same end state`, async () => {
      const remote = tempDir();
      const [dirA, dirB] = [tempDir(), tempDir()];
      const crashEnv = { CAIRN_SYNC_TEST_CRASH: point };
      let a = await device(dirA, remote, point === 'after-push-segment' ? crashEnv : {});
      let b = await device(dirB, remote, point === 'after-pull-segment' ? crashEnv : {});
      for (let i = 1; i <= 7; i++) await createMemoryOn(a, `Memory ${i} written before the crash`);
      await createMemoryOn(b, 'A memory of the second device');
      if (point === 'after-pull-segment') await sync(a);
      const victim = point === 'after-push-segment' ? a : b;
      await assert.rejects(fetch(`${victim.url}/sync`, { method: 'POST' }), 'the process dies mid-round');
      assert.equal((await victim.exited).signal, 'SIGKILL');
      if (victim === a) a = await device(dirA, remote);
      else b = await device(dirB, remote);
      await settle([a, b]);
      const memories = await assertIdentical([a, b]);
      assert.equal(memories.length, 8);
    });
  }

  test('a device that stayed away for many rounds catches up, and a wrong passphrase is refused clearly', async () => {
    const remote = tempDir();
    const [a, b] = [await device(tempDir(), remote), await device(tempDir(), remote)];
    for (let round = 0; round < 4; round++) {
      await createMemoryOn(a, `Round ${round} on the first device`);
      await createMemoryOn(b, `Round ${round} on the second device`);
      await settle([a, b]);
    }
    const late = await device(tempDir(), remote);
    assert.equal((await sync(late)).pulled > 0, true);
    await settle([a, b, late]);
    assert.equal((await assertIdentical([a, b, late])).length, 8);
    const wrong = await device(tempDir(), remote, { CAIRN_SYNC_PASSPHRASE: 'not the passphrase' });
    const refused = await callServer(wrong, 'POST', '/sync');
    assert.equal(refused.status, 409);
    assert.match(refused.body.detail, /Wrong CAIRN_SYNC_PASSPHRASE/);
    const status = await callServer(wrong, 'GET', '/sync/status');
    assert.match(status.body.last_round.error, /Wrong CAIRN_SYNC_PASSPHRASE/);
  });

  test('a Cairn server as the hub: two devices sync through it with its API key', async () => {
    const hub = await startServer({ entry: 'launcher', dataDir: tempDir(), timeoutMs: 60_000, env: { CAIRN_SYNC_HUB: '1', CAIRN_API_KEY: 'hub-key' } });
    started.push(hub);
    const withKey = { CAIRN_SYNC_REMOTE_KEY: 'hub-key' };
    const [a, b] = [await device(tempDir(), hub.url, withKey), await device(tempDir(), hub.url, withKey)];
    await createMemoryOn(a, 'The hub holds only sealed bytes');
    await createMemoryOn(b, 'The second device wrote this');
    await settle([a, b]);
    assert.equal((await assertIdentical([a, b])).length, 2);
    for (const text of filesUnder(join(hub.dataDir, 'sync-hub'))) assert.ok(!text.includes('sealed bytes'), 'the hub holds plaintext');
    const keyless = await device(tempDir(), hub.url);
    const refused = await callServer(keyless, 'POST', '/sync');
    assert.equal(refused.status, 502);
    assert.match(refused.body.detail, /401/);
  });
});
