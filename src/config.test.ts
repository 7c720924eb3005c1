import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { availableParallelism, homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { defaultWorkers, isLoopbackHost, loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('defaults: 127.0.0.1:14242, data in ~/.cairn, no API key, sqlite', () => {
    const config = loadConfig({}, {});
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 14242);
    assert.equal(config.dataDir, join(homedir(), '.cairn'));
    assert.equal(config.databasePath, join(homedir(), '.cairn', 'cairn.db'));
    assert.equal(config.exportDir, join(homedir(), '.cairn', 'exports'));
    assert.equal(config.homeDir, homedir());
    assert.equal(config.apiKey, null);
    assert.equal(config.storage, 'sqlite');
  });

  test('the rules run on the event loop unless CAIRN_EXTRACTOR_WORKER=1 or background workers ask for worker threads', () => {
    assert.equal(loadConfig({}, { CAIRN_BACKGROUND_WORKERS: '0' }).extractorWorker, false);
    assert.equal(loadConfig({}, { CAIRN_BACKGROUND_WORKERS: '0', CAIRN_EXTRACTOR_WORKER: '1' }).extractorWorker, true);
    assert.equal(loadConfig({}, { CAIRN_BACKGROUND_WORKERS: '3' }).extractorWorker, true);
    assert.equal(loadConfig({}, { CAIRN_BACKGROUND_WORKERS: '3', CAIRN_EXTRACTOR_WORKER: '0' }).extractorWorker, false);
    // By default, as many as the machine's cores say: none below 4 cores.
    assert.equal(loadConfig({}, {}).extractorWorker, defaultWorkers(availableParallelism()).backgroundWorkers > 0);
  });

  test('pool sizes follow the cores unless CAIRN_READ_WORKERS and CAIRN_BACKGROUND_WORKERS say; anything but 0..256 refuses', () => {
    assert.deepEqual(defaultWorkers(1), { readWorkers: 0, backgroundWorkers: 0 });
    assert.deepEqual(defaultWorkers(2), { readWorkers: 0, backgroundWorkers: 0 });
    assert.deepEqual(defaultWorkers(4), { readWorkers: 3, backgroundWorkers: 1 });
    assert.deepEqual(defaultWorkers(16), { readWorkers: 15, backgroundWorkers: 4 });
    assert.deepEqual(defaultWorkers(64), { readWorkers: 16, backgroundWorkers: 8 });
    const defaults = loadConfig({}, {});
    assert.deepEqual([defaults.readWorkers, defaults.backgroundWorkers], Object.values(defaultWorkers(availableParallelism())));
    const set = loadConfig({}, { CAIRN_READ_WORKERS: '0', CAIRN_BACKGROUND_WORKERS: ' 5 ' });
    assert.deepEqual([set.readWorkers, set.backgroundWorkers], [0, 5]);
    for (const bad of ['-1', 'two', '1.5', '257', '0x10']) {
      assert.throws(() => loadConfig({}, { CAIRN_READ_WORKERS: bad }), /CAIRN_READ_WORKERS must be a whole number from 0 to 256/);
      assert.throws(() => loadConfig({}, { CAIRN_BACKGROUND_WORKERS: bad }), /CAIRN_BACKGROUND_WORKERS must be a whole number from 0 to 256/);
    }
  });

  test('environment variables replace the defaults', () => {
    const config = loadConfig(
      {},
      {
        CAIRN_HOST: '0.0.0.0',
        CAIRN_PORT: '9000',
        CAIRN_DATA_DIR: '/srv/cairn',
        CAIRN_API_KEY: 'env-key',
        CAIRN_EXPORT_DIR: '/srv/exports',
        CAIRN_HOME_DIR: '/home/someone',
        CAIRN_STORAGE: 'postgres://db/cairn',
      },
    );
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.port, 9000);
    assert.equal(config.dataDir, '/srv/cairn');
    assert.equal(config.databasePath, '/srv/cairn/cairn.db');
    assert.equal(config.apiKey, 'env-key');
    assert.equal(config.exportDir, '/srv/exports');
    assert.equal(config.homeDir, '/home/someone');
    assert.equal(config.storage, 'postgres://db/cairn');
  });

  test('flags beat environment variables', () => {
    const config = loadConfig(
      { host: '127.0.0.2', port: '8123', dataDir: '/flag/dir' },
      { CAIRN_HOST: '0.0.0.0', CAIRN_PORT: '9000', CAIRN_DATA_DIR: '/env/dir' },
    );
    assert.equal(config.host, '127.0.0.2');
    assert.equal(config.port, 8123);
    assert.equal(config.dataDir, '/flag/dir');
    assert.equal(config.databasePath, '/flag/dir/cairn.db');
  });

  test('a flag port may be a number', () => {
    assert.equal(loadConfig({ port: 15000 }, {}).port, 15000);
  });

  test('port 0 is allowed: it asks for a free port', () => {
    assert.equal(loadConfig({ port: '0' }, {}).port, 0);
    assert.equal(loadConfig({}, { CAIRN_PORT: '0' }).port, 0);
  });

  test('the export dir follows the data dir unless set', () => {
    assert.equal(loadConfig({ dataDir: '/data' }, {}).exportDir, '/data/exports');
    assert.equal(loadConfig({ dataDir: '/data' }, { CAIRN_EXPORT_DIR: '/elsewhere' }).exportDir, '/elsewhere');
  });

  test('a relative data dir is made absolute', () => {
    assert.equal(loadConfig({ dataDir: 'relative/dir' }, {}).dataDir, resolve('relative/dir'));
  });

  test('an invalid port throws', () => {
    for (const port of ['abc', '-1', '65536', '80.5', '1e9', '0x50', '8o80', ' ']) {
      assert.throws(() => loadConfig({ port }, {}), /port/i, `flag port "${port}"`);
      assert.throws(() => loadConfig({}, { CAIRN_PORT: port }), /port/i, `CAIRN_PORT="${port}"`);
    }
    assert.throws(() => loadConfig({ port: '' }, {}), /port/i, 'an empty --port is not port 0');
    assert.throws(() => loadConfig({ port: -5 }, {}), /port/i);
    assert.throws(() => loadConfig({ port: 70000 }, {}), /port/i);
  });

  test('an invalid environment port is ignored when a valid flag is given', () => {
    assert.equal(loadConfig({ port: '8000' }, { CAIRN_PORT: 'nonsense' }).port, 8000);
  });

  test('empty environment variables count as unset', () => {
    const config = loadConfig({}, { CAIRN_HOST: '', CAIRN_PORT: '', CAIRN_DATA_DIR: '', CAIRN_API_KEY: '', CAIRN_EXPORT_DIR: '' });
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 14242);
    assert.equal(config.dataDir, join(homedir(), '.cairn'));
    assert.equal(config.exportDir, join(homedir(), '.cairn', 'exports'));
    assert.equal(config.apiKey, null);
  });

  test('CAIRN_AUTO_LABEL is off by default, and takes true/false, 1/0, yes/no, on/off', () => {
    assert.equal(loadConfig({}, {}).autoLabel, false);
    assert.equal(loadConfig({}, { CAIRN_AUTO_LABEL: '' }).autoLabel, false);
    for (const on of ['true', '1', 'yes', 'on', 'TRUE', ' On ']) assert.equal(loadConfig({}, { CAIRN_AUTO_LABEL: on }).autoLabel, true, on);
    for (const off of ['false', '0', 'no', 'off', 'False']) assert.equal(loadConfig({}, { CAIRN_AUTO_LABEL: off }).autoLabel, false, off);
  });

  test('an unreadable CAIRN_AUTO_LABEL refuses to start rather than guess', () => {
    assert.throws(() => loadConfig({}, { CAIRN_AUTO_LABEL: 'maybe' }), /CAIRN_AUTO_LABEL/);
  });

  test('CAIRN_TRASH_DAYS keeps deleted memories 30 days by default, 0 turns the trash off, anything else refuses', () => {
    assert.equal(loadConfig({}, {}).trashDays, 30);
    assert.equal(loadConfig({}, { CAIRN_TRASH_DAYS: '7' }).trashDays, 7);
    assert.equal(loadConfig({}, { CAIRN_TRASH_DAYS: '0' }).trashDays, 0);
    for (const bad of ['-1', '2.5', 'forever']) assert.throws(() => loadConfig({}, { CAIRN_TRASH_DAYS: bad }), /CAIRN_TRASH_DAYS/, bad);
  });

  test('CAIRN_IMPORT_UPLOAD_MAX_MB bounds archive uploads at 512 MiB by default; anything but 1..1048576 refuses', () => {
    assert.equal(loadConfig({}, {}).importUploadMaxBytes, 512 * 1024 * 1024);
    assert.equal(loadConfig({}, { CAIRN_IMPORT_UPLOAD_MAX_MB: '2048' }).importUploadMaxBytes, 2048 * 1024 * 1024);
    for (const bad of ['0', '-1', '1.5', 'lots', '2000000']) {
      assert.throws(() => loadConfig({}, { CAIRN_IMPORT_UPLOAD_MAX_MB: bad }), /CAIRN_IMPORT_UPLOAD_MAX_MB/, bad);
    }
  });

  test('sources: 50 MiB documents, a 20 s fetch and no server folder by default; CAIRN_SOURCE_ROOTS lists absolute folders', () => {
    const defaults = loadConfig({}, {});
    assert.equal(defaults.sourceMaxBytes, 50 * 1024 * 1024);
    assert.equal(defaults.sourceFetchTimeoutMs, 20_000);
    assert.deepEqual(defaults.sourceRoots, []);
    const set = loadConfig({}, { CAIRN_SOURCE_MAX_MB: '5', CAIRN_SOURCE_FETCH_TIMEOUT_SECONDS: '3', CAIRN_SOURCE_ROOTS: `/srv/docs${delimiter}/home/me/../me/notes` });
    assert.equal(set.sourceMaxBytes, 5 * 1024 * 1024);
    assert.equal(set.sourceFetchTimeoutMs, 3_000);
    assert.deepEqual(set.sourceRoots, ['/srv/docs', '/home/me/notes']);
    assert.throws(() => loadConfig({}, { CAIRN_SOURCE_MAX_MB: 'big' }), /CAIRN_SOURCE_MAX_MB/);
  });
});

describe('isLoopbackHost', () => {
  test('loopback addresses and localhost are loopback', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '127.255.255.254', 'localhost', '::1', '[::1]']) {
      assert.equal(isLoopbackHost(host), true, host);
    }
  });

  test('addresses other machines can reach are not loopback', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1', '127.0.0.1.example.com', 'evil127.0.0.1', '']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });
});
