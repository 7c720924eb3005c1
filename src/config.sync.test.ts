import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { loadConfig } from './config.ts';

describe('sync configuration', () => {
  test('no CAIRN_SYNC_REMOTE: no sync', () => {
    assert.equal(loadConfig({}, {}).sync, null);
  });

  test('a remote without a passphrase refuses to start unless CAIRN_SYNC_PLAINTEXT=1', () => {
    assert.throws(() => loadConfig({}, { CAIRN_SYNC_REMOTE: '/mnt/usb/cairn' }), /without CAIRN_SYNC_PASSPHRASE.*CAIRN_SYNC_PLAINTEXT=1/);
    const plain = loadConfig({}, { CAIRN_SYNC_REMOTE: '/mnt/usb/cairn', CAIRN_SYNC_PLAINTEXT: '1' }).sync;
    assert.equal(plain?.passphrase, null);
    assert.throws(() => loadConfig({}, { CAIRN_SYNC_REMOTE: '/x', CAIRN_SYNC_PASSPHRASE: 'p', CAIRN_SYNC_PLAINTEXT: '1' }), /not both/);
  });

  test('a folder or a server URL, with defaults for the interval and segment size', () => {
    const folder = loadConfig({}, { CAIRN_SYNC_REMOTE: 'sync/cairn', CAIRN_SYNC_PASSPHRASE: 'p' }).sync;
    assert.deepEqual(folder?.remote, { kind: 'folder', path: resolve('sync/cairn') });
    assert.equal(folder?.intervalS, 300);
    assert.equal(folder?.segmentChanges, 1000);
    const server = loadConfig({}, { CAIRN_SYNC_REMOTE: 'https://hub.example.org/', CAIRN_SYNC_REMOTE_KEY: 'k', CAIRN_SYNC_PASSPHRASE: 'p', CAIRN_SYNC_INTERVAL_S: '0' }).sync;
    assert.deepEqual(server?.remote, { kind: 'server', url: 'https://hub.example.org', key: 'k' });
    assert.equal(server?.intervalS, 0);
  });

  test('values out of bounds refuse to start, naming the variable', () => {
    const base = { CAIRN_SYNC_REMOTE: '/x', CAIRN_SYNC_PASSPHRASE: 'p' };
    assert.throws(() => loadConfig({}, { ...base, CAIRN_SYNC_INTERVAL_S: 'often' }), /CAIRN_SYNC_INTERVAL_S/);
    assert.throws(() => loadConfig({}, { ...base, CAIRN_SYNC_SEGMENT_CHANGES: '0' }), /CAIRN_SYNC_SEGMENT_CHANGES/);
    assert.throws(() => loadConfig({}, { ...base, CAIRN_SYNC_REMOTE: 'ftp://host/x' }), /CAIRN_SYNC_REMOTE/);
    assert.throws(() => loadConfig({}, { ...base, CAIRN_SYNC_HUB: 'maybe' }), /CAIRN_SYNC_HUB/);
  });
});
