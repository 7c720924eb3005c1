import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, patch, post } from '../../../../test/helpers.ts';

describe('label names reuse the vocabulary, and the memory list filters by them', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const labelNames = async () => (await get(app, '/labels?limit=1000')).body.map((l: any) => l.name).sort();

  test('a name that differs only in case or separators reuses the existing label', async () => {
    await createMemory(app, { content: 'Ana joined the team', labels: ['People'] });
    const created = await post(app, '/memories', { content: 'Ben joined too', labels: ['people', 'Side-Projects'] });
    assert.deepEqual(created.body.assigned_labels.sort(), ['People', 'Side-Projects']);
    const edited = await createMemory(app, { content: 'Cleo leads the side project' });
    const patched = await patch(app, `/memories/${edited}`, { labels: ['side projects', 'PEOPLE'] });
    assert.deepEqual(patched.body.labels.map((l: any) => l.name).sort(), ['People', 'Side-Projects']);
    assert.deepEqual(await labelNames(), ['People', 'Side-Projects']);
  });

  test('two spellings of one new label in the same write create it once', async () => {
    const created = await post(app, '/memories', { content: 'Quarterly planning', labels: ['Road Map', 'road-map'] });
    assert.equal(created.status, 200);
    assert.deepEqual(created.body.assigned_labels, ['Road Map']);
    assert.ok((await labelNames()).includes('Road Map'));
    assert.ok(!(await labelNames()).includes('road-map'));
  });

  test('GET /memories?labels= lists memories carrying any of the named labels', async () => {
    const a = await createMemory(app, { content: 'Tomatoes need staking', labels: ['garden'] });
    const b = await createMemory(app, { content: 'Sourdough starter fed', labels: ['Kitchen'] });
    await createMemory(app, { content: 'Unlabelled note' });
    const one = await get(app, '/memories?labels=garden');
    assert.deepEqual(one.body.memories.map((m: any) => m.id), [a]);
    assert.equal(one.body.pagination.total, 1);
    const both = await get(app, '/memories?labels=Garden,%20kitchen');
    assert.deepEqual(both.body.memories.map((m: any) => m.id).sort(), [a, b].sort());
    assert.deepEqual((await get(app, '/memories?labels=nothing-like-this')).body.memories, []);
  });
});
