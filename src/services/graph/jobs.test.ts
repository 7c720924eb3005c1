import { test } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, get, post } from '../../../test/helpers.ts';
import { createRulesExtractor } from '../../providers/extractor/rules.ts';
import type { Store } from '../../storage/ports.ts';
import { createExtractionJobs } from './jobs.ts';
import { createLlmHealth } from './setup.ts';

test('a batch whose writer must yield (yieldWrites) writes one memory per transaction, and the same graph', async () => {
  const app = await buildTestApp();
  try {
    app.deps.extraction.jobs?.stop(); // the queue is worked below, by a second worker that yields after every memory
    const cities = ['Lisbon', 'Berlin', 'Osaka', 'Quito', 'Dublin'];
    for (const [i, city] of cities.entries()) assert.equal((await post(app, '/memories', { content: `Priya met Tomas in ${city}, note ${i}.` })).status, 200);
    let transactions = 0;
    const store: Store = { ...app.deps.store, transaction: work => (transactions++, app.deps.store.transaction(work)) };
    const rules = createRulesExtractor();
    const jobs = createExtractionJobs({
      store,
      extractor: rules,
      fallback: rules,
      health: createLlmHealth(),
      clock: app.deps.clock,
      ids: app.deps.ids,
      giveWayMaxMs: 0,
      yieldWrites: () => true,
    });
    jobs.kick();
    await jobs.settle();
    assert.equal(await jobs.pending(), 0);
    // Five graph transactions (one per memory) and one for the batch's EVOLVES rows.
    assert.equal(transactions, cities.length + 1);
    const entities = (await get<{ name: string; mention_count: number }[]>(app, '/entities?limit=50')).body;
    assert.equal(entities.find(e => e.name === 'Priya')?.mention_count, cities.length);
    assert.equal(entities.find(e => e.name === 'Tomas')?.mention_count, cities.length);
    for (const city of cities) assert.equal(entities.find(e => e.name === city)?.mention_count, 1, city);
  } finally {
    await app.close();
  }
});
