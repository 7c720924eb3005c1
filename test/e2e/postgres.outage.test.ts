/**
 * A PostgreSQL server that goes away and comes back (a restart, a failover): requests meanwhile get a 503 that says
 * to retry, /health says unhealthy, and the service carries on once the server is back, its data intact. Runs on a
 * cluster of its own (scripts/pg-cluster.sh), so the suite's shared server stays up; needs PostgreSQL's binaries.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { REPO_ROOT } from '../../bench/lib.ts';
import type { App } from '../../src/main.ts';
import { buildTestApp, get, post } from '../helpers.ts';
import { TEST_DATABASE_URL } from '../postgres.ts';

const skip = !TEST_DATABASE_URL && 'needs PostgreSQL (npm test starts a cluster when it is installed)';
const cluster = (...args: string[]) => execFileSync('bash', [join(REPO_ROOT, 'scripts/pg-cluster.sh'), ...args], { encoding: 'utf8' }).trim();

describe('a PostgreSQL outage', { skip }, () => {
  let app: App;
  let dir: string;
  before(async () => {
    const url = cluster('start');
    dir = readFileSync(`/tmp/cairn-pg-${new URL(url).port}.dir`, 'utf8').trim();
    app = await buildTestApp({ storage: 'postgres', databaseUrl: url, pgPoolSize: 2 });
  });
  after(async () => {
    await app?.close();
    if (dir) cluster('stop', dir);
  });

  test('is a 503 to retry while it lasts, and the service carries on after it', async () => {
    const before = await post(app, '/memories', { content: 'written before the outage' });
    assert.equal(before.status, 200);
    cluster('halt', dir);
    const during = await post(app, '/memories', { content: 'written during the outage' });
    assert.equal(during.status, 503, during.text);
    assert.equal(during.body.error_code, 'database_unavailable');
    assert.equal(during.headers['retry-after'], '5');
    const health = await get(app, '/health');
    assert.deepEqual([health.status, health.body.status, health.body.database_connected], [200, 'unhealthy', false]);
    cluster('resume', dir);
    assert.equal((await get(app, '/health')).body.database_connected, true);
    assert.equal((await get(app, `/memories/${before.body.id}`)).body.content, 'written before the outage');
    assert.equal((await post(app, '/memories', { content: 'written after the outage' })).status, 200);
  });
});
