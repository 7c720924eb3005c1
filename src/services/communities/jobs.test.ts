import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { buildTestApp, createMemory } from '../../../test/helpers.ts';
import { createCommunityJobs } from './jobs.ts';

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

describe('the community detection job', () => {
  let app: App;
  before(async () => {
    // The app's own job waits a minute: the jobs under test here are the only ones that run.
    app = await buildTestApp({ communityDebounceMs: 60_000 });
    await createMemory(app, { content: 'Jon and Gina opened a dance studio in Chicago.' });
  });
  after(() => app.close());
  const job = (debounceMs = 30) => createCommunityJobs({ store: app.deps.store, clock: app.deps.clock, llm: null, debounceMs });

  test('a stopped job runs no detection that was still waiting', async () => {
    const stopped = job();
    stopped.graphChanged();
    stopped.stop();
    await sleep(120);
    await stopped.settle();
    assert.equal(await app.deps.store.communityGraph.lastRun(), undefined);
  });

  test('changes in quick succession wait for the last one, then detect', async () => {
    const running = job(150);
    for (let i = 0; i < 5; i++) {
      running.graphChanged();
      await sleep(10);
    }
    assert.equal(await app.deps.store.communityGraph.lastRun(), undefined);
    await sleep(400);
    await running.settle();
    const run = await app.deps.store.communityGraph.lastRun();
    assert.equal(run?.communities, 1);
    running.stop();
  });
});
