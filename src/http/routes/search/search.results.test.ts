/** What a search answers: the labels clients read in each hit, and forgotten memories never among the hits. */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';

const contents = (results: { memory: { content: string } }[]) => results.map(r => r.memory.content);

describe('search results as clients read them', () => {
  let app: App;
  let tagged: string;
  before(async () => {
    app = await buildTestApp();
    tagged = await createMemory(app, { content: 'We use Redis for caching sessions', labels: ['Backend', 'infra'] });
  });
  after(() => app.close());

  test('search results carry label names, as the Raycast client reads them', async () => {
    const [hit] = (await post(app, '/memories/search', { query: 'Redis' })).body;
    assert.deepEqual([...hit.memory.labels].sort(), ['Backend', 'infra']);
    assert.equal(hit.memory.label_ids.length, 2);
  });

  test('the GET search form carries label names too', async () => {
    const [item] = (await get(app, '/memories/search?q=Redis')).body.memories;
    assert.deepEqual([...item.labels].sort(), ['Backend', 'infra']);
  });

  test('a single read keeps the label objects', async () => {
    const memory = (await get(app, `/memories/${tagged}`)).body;
    assert.deepEqual(memory.labels.map((l: { name: string }) => l.name).sort(), ['Backend', 'infra']);
    assert.ok(memory.labels.every((l: { id: unknown; color: unknown }) => typeof l.id === 'string' && typeof l.color === 'string'));
  });

  test('the reason names the query words as the user wrote them, not their stems', async () => {
    const [hit] = (await post(app, '/memories/search', { query: 'Redis caching' })).body;
    assert.match(hit.relevance_reason, /matched 'Redis', 'caching'/);
    assert.doesNotMatch(hit.relevance_reason, /'redi'|'cach'/);
  });
});

describe('include_states with forgotten (contract §5: forgotten memories are never searchable)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
    await createMemory(app, { content: 'The garage door code is 4812' });
    const gone = await createMemory(app, { content: 'The old garage door code was 1234' });
    await post(app, `/memories/${gone}/forget`);
  });
  after(() => app.close());

  test('asking for forgotten memories is accepted, and they are still not returned', async () => {
    const response = await post(app, '/memories/search', { query: 'garage door code', include_states: ['active', 'forgotten'] });
    assert.equal(response.status, 200);
    assert.deepEqual(contents(response.body), ['The garage door code is 4812']);
  });

  test('asking for forgotten memories only answers an empty list', async () => {
    const response = await post(app, '/memories/search', { query: 'garage door code', include_states: ['forgotten'] });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, []);
  });
});
