import assert from 'node:assert/strict';
import { test } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

test('deep search favours memories dated within a time the query names, fast search does not look at dates', async () => {
  const app = await buildTestApp();
  try {
    const march = await createMemory(app, { content: 'Signed the lease for the new studio', event_start: '2024-03-12' });
    await createMemory(app, { content: 'Renewed the passport at the consulate', event_start: '2024-07-02' });
    const marchTrip = await createMemory(app, { content: 'Trip to Porto with the climbing club', event_start: '2024-03-28T09:00:00Z' });
    await createMemory(app, { content: 'Trip to Oslo for the conference', event_start: '2023-03-10' });

    const deep = await post(app, '/memories/search', { query: 'what happened in March 2024', mode: 'deep' });
    assert.equal(deep.status, 200);
    assert.deepEqual(new Set(deep.body.slice(0, 2).map((r: any) => r.memory.id)), new Set([march, marchTrip]));
    assert.match(deep.body[0].relevance_reason, /dated within 'March 2024'/);
    assert.ok(deep.body[0].score_breakdown.date > 0);

    const trips = await post(app, '/memories/search', { query: 'trip in March 2024', mode: 'deep' });
    assert.equal(trips.body[0].memory.id, marchTrip, 'the word and the date together beat the word alone');

    const fast = await post(app, '/memories/search', { query: 'what happened in March 2024', mode: 'fast' });
    assert.equal(fast.status, 200);
    assert.ok(fast.body.every((r: any) => r.score_breakdown.date === 0));
  } finally {
    await app.close();
  }
});

test('deep search counts a memory that tells of the period in its own words, though dated well after it', async () => {
  const app = await buildTestApp();
  try {
    // Said on 20 April: "last month" is March; the date rule's lag (two weeks) does not reach it.
    const told = await createMemory(app, { content: 'My colleagues and I went to a convention together last month', event_start: '2024-04-20' });
    const later = await createMemory(app, { content: 'My colleagues want another convention next year', event_start: '2024-04-22' });
    const deep = await post(app, '/memories/search', { query: 'what did my colleagues attend in March 2024', mode: 'deep' });
    assert.equal(deep.status, 200);
    assert.equal(deep.body[0].memory.id, told);
    assert.ok(deep.body[0].score_breakdown.date > 0);
    assert.match(deep.body[0].relevance_reason, /tells of 'March 2024'/);
    assert.equal(deep.body.find((r: any) => r.memory.id === later)?.score_breakdown.date, 0);
  } finally {
    await app.close();
  }
});
