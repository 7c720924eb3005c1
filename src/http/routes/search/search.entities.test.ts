import assert from 'node:assert/strict';
import { test } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

test('deep search expands through the entities a query names; results carry their entities', async () => {
  const app = await buildTestApp();
  try {
    const pottery = await createMemory(app, { content: 'Caroline signed up for a pottery class in Portland.' });
    const dog = await createMemory(app, { content: 'Caroline adopted a rescue dog last spring.' });
    await createMemory(app, { content: 'Melanie went hiking near Denver with her kids.' });
    await createMemory(app, { content: 'The weekly team meeting moved to Thursday.' });

    const deep = await post(app, '/memories/search', { query: 'what hobbies does Caroline have', mode: 'deep' });
    assert.equal(deep.status, 200);
    assert.deepEqual(new Set(deep.body.slice(0, 2).map((r: any) => r.memory.id)), new Set([pottery, dog]), 'memories naming Caroline come first');
    const top = deep.body[0];
    assert.match(top.relevance_reason, /same entity Caroline/);
    assert.ok(top.score_breakdown.entity > 0);
    assert.ok(top.related_entities.some((e: any) => e.name === 'Caroline' && e.node_type === 'Entity'));

    const bare = await post(app, '/memories/search', { query: 'pottery', include_entities: false });
    assert.equal(bare.body[0].memory.id, pottery);
    assert.deepEqual(bare.body[0].related_entities, []);
    const withEntities = await post(app, '/memories/search', { query: 'pottery' });
    assert.ok(withEntities.body[0].related_entities.some((e: any) => e.name === 'Portland'));

    const fast = await post(app, '/memories/search', { query: 'what hobbies does Caroline have', mode: 'fast' });
    assert.ok(fast.body.every((r: any) => r.score_breakdown.entity === 0), 'fast mode does not expand through the graph');
  } finally {
    await app.close();
  }
});
