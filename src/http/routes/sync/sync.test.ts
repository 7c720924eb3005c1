/**
 * POST /sync and GET /sync/status between two services sharing a folder remote. The change log records writes on
 * SQLite only (services/sync/log.ts), so these tests name their storage instead of looping over backends.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';
import type { App } from '../../../main.ts';
import type { SyncConfig } from '../../../config.ts';

const dirs: string[] = [];
after(() => dirs.forEach(dir => rmSync(dir, { recursive: true, force: true })));
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-sync-http-'));
  dirs.push(dir);
  return dir;
};

/** A device: its own SQLite file, syncing with `remote` only when asked. */
function device(remote: string, passphrase = 'the same on every device', intervalS = 0): Promise<App> {
  const dir = newDir();
  const sync: SyncConfig = { remote: { kind: 'folder', path: remote }, passphrase, intervalS, segmentChanges: 100, testCrash: null };
  return buildTestApp({ storage: 'sqlite', dataDir: dir, databasePath: join(dir, 'cairn.db'), sync });
}

const contents = async (app: App) => ((await get(app, '/memories?limit=100')).body.memories as { content: string }[]).map(m => m.content).sort();

describe('POST /sync and GET /sync/status', () => {
  test('a memory written on one device reaches the other after a round on each; status shows both devices', async () => {
    const remote = newDir();
    const [laptop, phone] = [await device(remote), await device(remote)];
    await createMemory(laptop, { content: 'The router password is on the fridge' });
    const pushed = await post(laptop, '/sync');
    assert.equal(pushed.status, 200, pushed.text);
    assert.equal(pushed.body.errors.length, 0);
    assert.ok(pushed.body.pushed >= 1);
    const pending = (await get(phone, '/sync/status')).body;
    assert.ok(pending.pending.pull >= 1, 'the phone sees what waits for it');
    const pulled = await post(phone, '/sync');
    assert.equal(pulled.body.pulled, pushed.body.pushed);
    assert.deepEqual(await contents(phone), ['The router password is on the fridge']);
    const status = (await get(phone, '/sync/status')).body;
    assert.equal(status.enabled, true);
    assert.equal(status.encrypted, true);
    assert.equal(status.devices.length, 2);
    assert.deepEqual(status.pending, { push: 0, pull: 0 });
    assert.equal(status.last_round.pulled, pulled.body.pulled);
    assert.deepEqual((await post(phone, '/sync')).body, { pushed: 0, pulled: 0, conflicts: 0, errors: [] });
    await Promise.all([laptop.close(), phone.close()]);
  });

  test('a tampered segment is refused whole: the round and the status say which and why, and nothing from it is applied', async () => {
    const remote = newDir();
    const [laptop, phone] = [await device(remote), await device(remote)];
    await createMemory(laptop, { content: 'First memory' });
    await createMemory(laptop, { content: 'Second memory' });
    await post(laptop, '/sync');
    const segments = readdirSync(remote, { recursive: true, withFileTypes: true }).filter(e => e.name.endsWith('.seg'));
    assert.equal(segments.length, 1);
    const path = join(segments[0]!.parentPath, segments[0]!.name);
    const bytes = readFileSync(path);
    bytes[bytes.length - 20]! ^= 0xff;
    writeFileSync(path, bytes);
    const round = await post(phone, '/sync');
    assert.equal(round.status, 200);
    assert.equal(round.body.pulled, 0);
    assert.match(round.body.errors[0].message, /rejected: failed authentication.*nothing from it was applied/);
    assert.deepEqual(await contents(phone), []);
    const status = (await get(phone, '/sync/status')).body;
    assert.equal(status.errors[0].segment, segments[0]!.name);
    await Promise.all([laptop.close(), phone.close()]);
  });

  test('background rounds every CAIRN_SYNC_INTERVAL_S send a write without anyone asking', async () => {
    const remote = newDir();
    const [laptop, phone] = [await device(remote, undefined, 1), await device(remote)];
    await createMemory(laptop, { content: 'Sent by a background round' });
    const deadline = Date.now() + 20_000;
    while ((await contents(phone)).length === 0 && Date.now() < deadline) {
      await post(phone, '/sync');
      await new Promise(resolve => setTimeout(resolve, 300));
    }
    assert.deepEqual(await contents(phone), ['Sent by a background round']);
    const status = (await get(laptop, '/sync/status')).body;
    assert.equal(status.interval_s, 1);
    assert.equal(status.last_round.error, null);
    assert.equal(status.pending.push, 0, 'everything the laptop wrote is on the remote');
    await Promise.all([laptop.close(), phone.close()]);
  });

  test('a wrong passphrase is a 409 that says so, and nothing is written to the remote', async () => {
    const remote = newDir();
    const laptop = await device(remote);
    await post(laptop, '/sync');
    const intruder = await device(remote, 'a guess');
    await createMemory(intruder, { content: 'should not leave' });
    const refused = await post(intruder, '/sync');
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error_code, 'sync_setup');
    assert.match(refused.body.detail, /Wrong CAIRN_SYNC_PASSPHRASE/);
    assert.equal(readdirSync(remote, { recursive: true }).filter(name => String(name).endsWith('.seg')).length, 0);
    await Promise.all([laptop.close(), intruder.close()]);
  });
});
