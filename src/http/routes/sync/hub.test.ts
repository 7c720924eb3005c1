import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, get, post } from '../../../../test/helpers.ts';
import { fakeSyncLog } from '../../../../test/fakeSyncLog.ts';
import { readableText } from '../../../../test/syncReading.ts';
import { createSyncRunner } from '../../../services/sync/runner.ts';
import { serverRemote } from '../../../providers/syncRemote/server.ts';
import type { App } from '../../../main.ts';

const dirs: string[] = [];
after(() => dirs.forEach(dir => rmSync(dir, { recursive: true, force: true })));
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-hub-'));
  dirs.push(dir);
  return dir;
};

const octets = (app: App, method: 'GET' | 'PUT', url: string, bytes?: Buffer, headers: Record<string, string> = {}) =>
  app.server.inject({ method, url, payload: bytes, headers: bytes ? { 'content-type': 'application/octet-stream', ...headers } : headers });
const SEGMENT = '/sync/remote/devices/laptop/segments/000000000001-000000000002.seg';

describe('sync hub routes', () => {
  test('a server that is no hub refuses its routes with a 403 that says how to turn it on', async () => {
    const app = await buildTestApp({ dataDir: newDir() });
    const response = await get(app, '/sync/remote/devices');
    assert.equal(response.status, 403);
    assert.equal(response.body.error_code, 'sync_hub_off');
    assert.match(response.body.detail, /CAIRN_SYNC_HUB=1/);
    await app.close();
  });

  test('a hub stores a segment once, lists it, hands its bytes back, and never rewrites it', async () => {
    const app = await buildTestApp({ dataDir: newDir(), syncHub: true });
    const first = Buffer.from([0, 1, 2, 250, 251]);
    assert.deepEqual(JSON.parse((await octets(app, 'PUT', SEGMENT, first)).body), { created: true });
    assert.deepEqual(JSON.parse((await octets(app, 'PUT', SEGMENT, Buffer.from('other'))).body), { created: false });
    assert.deepEqual((await get(app, '/sync/remote/devices')).body, { devices: ['laptop'] });
    assert.deepEqual((await get(app, '/sync/remote/devices/laptop/segments')).body, { segments: ['000000000001-000000000002.seg'] });
    assert.deepEqual((await octets(app, 'GET', SEGMENT)).rawPayload, first);
    assert.equal((await get(app, '/sync/remote/devices/phone/segments/000000000001-000000000001.seg')).status, 404);
    await app.close();
  });

  test('the first remote.json stays; a hub answers 404 before one is set', async () => {
    const app = await buildTestApp({ dataDir: newDir(), syncHub: true });
    assert.equal((await get(app, '/sync/remote/manifest')).body.error_code, 'sync_remote_empty');
    assert.equal((await octets(app, 'PUT', '/sync/remote/manifest', Buffer.from('{"format":1}'))).body, '{"format":1}');
    assert.equal((await octets(app, 'PUT', '/sync/remote/manifest', Buffer.from('{"format":2}'))).body, '{"format":1}');
    await app.close();
  });

  test('bad device or segment names and bodies that are not bytes are 4xx, never 500', async () => {
    const app = await buildTestApp({ dataDir: newDir(), syncHub: true });
    for (const url of ['/sync/remote/devices/..%2Fetc/segments', '/sync/remote/devices/laptop/segments/passwd', '/sync/remote/devices/a%20b/segments/1-1.seg']) {
      assert.equal((await get(app, url)).status, 422, url);
    }
    const json = await app.server.inject({ method: 'PUT', url: SEGMENT, payload: '{"a":1}', headers: { 'content-type': 'application/json' } });
    assert.equal(json.statusCode, 422);
    assert.equal((await octets(app, 'PUT', SEGMENT, Buffer.alloc(0))).statusCode, 422);
    await app.close();
  });

  test('two devices sync through a hub server over HTTP, with its API key', async () => {
    const hub = await buildTestApp({ dataDir: newDir(), syncHub: true, apiKey: 'hub-key' });
    const address = await hub.server.listen({ host: '127.0.0.1', port: 0 });
    const clock = { now: () => new Date().toISOString() };
    const [a, b] = [fakeSyncLog('laptop'), fakeSyncLog('phone')];
    const runner = (log: typeof a, key: string) => createSyncRunner({ log, remote: serverRemote(address, key), passphrase: 'pw', intervalMs: 0, segmentChanges: 2, clock });
    a.write('memory', 'm1', { content: 'The hub keeps only sealed bytes' });
    a.write('memory', 'm2', { content: 'second' });
    a.write('memory', 'm3', { content: 'third' });
    await assert.rejects(runner(a, 'wrong-key').round(), /401/);
    assert.equal((await runner(a, 'hub-key').round()).pushed, 3);
    assert.equal((await runner(b, 'hub-key').round()).pulled, 3);
    assert.deepEqual(b.snapshot(), a.snapshot());
    const stored = await octets(hub, 'GET', '/sync/remote/devices/laptop/segments/000000000001-000000000002.seg', undefined, { authorization: 'Bearer hub-key' });
    assert.ok(!readableText(stored.rawPayload).includes('sealed bytes'), 'the hub holds no plaintext');
    await hub.close();
  });
});

describe('sync without a remote', () => {
  test('POST /sync says how to set sync up; GET /sync/status says it is off', async () => {
    const app = await buildTestApp();
    const round = await post(app, '/sync');
    assert.equal(round.status, 409);
    assert.equal(round.body.error_code, 'sync_not_configured');
    assert.match(round.body.detail, /CAIRN_SYNC_REMOTE/);
    const status = await get(app, '/sync/status');
    assert.equal(status.status, 200);
    assert.equal(status.body.enabled, false);
    await app.close();
  });
});
