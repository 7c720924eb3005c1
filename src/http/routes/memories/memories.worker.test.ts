import { test, describe } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { buildTestApp, get, post, settleBackground } from '../../../../test/helpers.ts';

const TURNS = [
  'Caroline: I went to the LGBTQ support group in Boston yesterday with Melanie.',
  'Melanie: Priya joined Stripe as a staff engineer in Dublin last March.',
  'Caroline: Melanie and Priya are painting a mural for the Boston library.',
];

/** The graph as a client sees it, without ids and times: entities with their type and counts. */
async function graphOf(extractorWorker: boolean, backgroundWorkers = 1) {
  const app = await buildTestApp({ extractorWorker, backgroundWorkers });
  try {
    assert.equal(app.deps.extraction.primary?.offThread === true, extractorWorker);
    if (extractorWorker) assert.equal(app.deps.extraction.primary?.threads, backgroundWorkers);
    for (const content of TURNS) assert.equal((await post(app, '/memories', { content })).status, 200);
    await settleBackground(app);
    const entities = (await get(app, '/entities?limit=100')).body as Record<string, unknown>[];
    return entities
      .map(e => ({ name: e.name, type: e.entity_type, mentions: e.mention_count }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  } finally {
    await app.close();
  }
}

describe('the background queue with the rules in a worker thread', () => {
  test('writes the same graph as the rules run inline', async () => {
    const [inWorker, inline] = [await graphOf(true), await graphOf(false)];
    assert.ok(inline.some(e => e.name === 'Stripe'), JSON.stringify(inline));
    assert.deepEqual(inWorker, inline);
  });

  test('on several threads (CAIRN_BACKGROUND_WORKERS) the graph is the same, and /health counts the threads', async () => {
    assert.deepEqual(await graphOf(true, 3), await graphOf(false));
    const app = await buildTestApp({ extractorWorker: true, backgroundWorkers: 3 });
    try {
      assert.equal((await get(app, '/health')).body.workers.background_workers, 3);
    } finally {
      await app.close();
    }
  });
});
