/**
 * A PostgreSQL server that goes away and comes back (a restart, a failover): requests meanwhile get a 503 that says
 * to retry, /health says unhealthy, and the service carries on once the server is back, its data intact. Runs on a
 * cluster of its own (scripts/pg-cluster.sh), so the suite's shared server stays up; needs PostgreSQL's binaries.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { REPO_ROOT } from '../../bench/lib.ts';
import type { App } from '../../src/main.ts';
import { buildTestApp, get, patch, post, settleBackground, type TestResponse } from '../helpers.ts';
import { TEST_DATABASE_URL } from '../postgres.ts';

const skip = !TEST_DATABASE_URL && 'needs PostgreSQL (npm test starts a cluster when it is installed)';
const script = join(REPO_ROOT, 'scripts/pg-cluster.sh');
const cluster = (...args: string[]) => execFileSync('bash', [script, ...args], { encoding: 'utf8' }).trim();
/** The same, without blocking the event loop: requests keep going while the server stops or starts. */
const clusterAsync = (...args: string[]) => promisify(execFile)('bash', [script, ...args]);
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

const WRITERS = 32;
const OUTAGES = 3;

describe('a PostgreSQL outage', { skip }, () => {
  let app: App;
  let dir: string;
  let url: string;
  before(async () => {
    url = cluster('start');
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

  test('under 32 writers, outage after outage: the process stays up, each write is stored (2xx) or a 503, never a 500 or half stored', async t => {
    // Its own app with a larger pool: group commits, transactions and reads each hold connections when the server goes.
    const loaded = await buildTestApp({ storage: 'postgres', databaseUrl: url, pgPoolSize: 8 });
    const answers: { id: string; writer: number; reply: TestResponse }[] = [];
    const edits: TestResponse[] = [];
    let running = true;
    const writer = async (n: number) => {
      for (let i = 0; running; i++) {
        const id = `outage-${n}-${i}`;
        const reply = await post(loaded, '/memories', { id, content: `writer ${n}, write ${i}`, labels: [`writer-${n}`] });
        answers.push({ id, writer: n, reply });
        // Every third write also edits this writer's first stored memory (a transaction of its own, not a group commit).
        const first = answers.find(a => a.writer === n && a.reply.status === 200);
        if (i % 3 === 2 && first) edits.push(await patch(loaded, `/memories/${first.id}`, { content: `writer ${n}, edited at ${i}` }));
        if (reply.status === 503) await sleep(20); // as a client honouring Retry-After would, only sooner
      }
    };
    try {
      const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
      for (let outage = 0; outage < OUTAGES; outage++) {
        await sleep(800);
        await clusterAsync('halt', dir);
        await sleep(200);
        await clusterAsync('resume', dir);
      }
      await sleep(400); // writes go on after the last outage
      running = false;
      await Promise.all(writers);

      const statuses = new Set([...answers, ...edits.map(reply => ({ reply }))].map(a => a.reply.status));
      const failures = [...answers.map(a => a.reply), ...edits].filter(r => r.status !== 200 && r.status !== 503);
      assert.deepEqual(failures.map(r => `${r.status} ${r.text}`), [], `statuses seen: ${[...statuses]}`);
      const count = (status: number) => answers.filter(a => a.reply.status === status).length;
      t.diagnostic(`${answers.length} creates (${count(200)} × 200, ${count(503)} × 503), ${edits.length} edits, through ${OUTAGES} outages`);
      assert.ok(count(503) > 0, 'the outages were felt');
      for (const reply of [...answers.map(a => a.reply), ...edits].filter(r => r.status === 503)) {
        assert.equal(reply.body.error_code, 'database_unavailable');
        assert.equal(reply.headers['retry-after'], '5');
      }
      // Stored means whole: the memory with its label. A 503 was answered for a write that did not commit (or, if the
      // connection broke in the very reply to COMMIT, that did: then whole too).
      for (const { id, writer: n, reply } of answers) {
        const stored = await get(loaded, `/memories/${id}`);
        if (reply.status === 200) assert.equal(stored.status, 200, `acknowledged ${id} lost`);
        if (stored.status !== 200) continue;
        const labels = (await get(loaded, `/memories/${id}/labels`)).body.labels.map((l: { name: string }) => l.name);
        assert.deepEqual(labels, [`writer-${n}`], `${id} stored without its label`);
      }
      // The service carries on by itself, background work included: the extraction queue drains. The first test's app
      // works the same queue (as a second process would): it may hold a batch it claimed, or one whose run the last
      // outage broke off (taken back on its next look at the queue), so both are settled.
      assert.equal((await get(loaded, '/health')).body.database_connected, true);
      assert.equal((await post(loaded, '/memories', { content: 'written after the outages' })).status, 200);
      const pending = () => loaded.deps.extraction.jobs?.pending();
      // Settled together until nothing is left: either may claim, between the other's settling, what the other released.
      for (let round = 0; round < 5 && (await pending()) !== 0; round++) await Promise.all([settleBackground(app), settleBackground(loaded)]);
      assert.equal(await pending(), 0);
    } finally {
      running = false;
      await loaded.close();
    }
  });
});
