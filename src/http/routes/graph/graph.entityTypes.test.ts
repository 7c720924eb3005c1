import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';

/** A date, an amount or a unit written as a name: none may be drawn as a node or name a topic. */
const VALUE_LIKE = /^(?:URLs|\d[\d\s.,:/-]*(?:\s?(?:MB|GB|KB|ms|%))?|\d{4}-\d{2}-\d{2}|\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December)(?: \d{4})?|MB|GB|KB|\$\d+)$/;

describe('the graph draws things, not values', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ extractor: 'rules' });
    await createMemory(app, { content: 'Deployed the Heron app to Backblaze B2 on 4 March 2026; the bundle is 500 MB and costs $40 a month.' });
    await createMemory(app, { content: 'Nadia Petrova reviewed the Heron app with Tomasz on 4 March 2026. The upload limit is 250 MB.' });
    const memory = await createMemory(app, { content: 'Release notes for the Heron app.' });
    // What a language model might send: a date typed as a date, related to the things of the memory.
    const applied = await post(app, `/memories/${memory}/extract-kg/apply`, {
      entities: [
        { name: 'Heron', entity_type: 'product' },
        { name: '12 May 2026', entity_type: 'date' },
        { name: 'GB', entity_type: 'other' },
        { name: 'URLs', entity_type: 'concept' },
        { name: 'Nadia Petrova', entity_type: 'person' },
      ],
      relationships: [
        { source: 'Heron', target: '12 May 2026', relation_type: 'RELATED_TO' },
        { source: 'Nadia Petrova', target: '12 May 2026', relation_type: 'RELATED_TO' },
        { source: 'Heron', target: 'GB', relation_type: 'RELATED_TO' },
        { source: 'Heron', target: 'URLs', relation_type: 'RELATED_TO' },
        { source: 'Nadia Petrova', target: 'URLs', relation_type: 'RELATED_TO' },
        { source: 'Nadia Petrova', target: 'Heron', relation_type: 'RELATED_TO' },
      ],
    });
    assert.equal(applied.status, 200, applied.text);
  });
  after(() => app.close());

  test('GET /graph/overview has no date, money or unit nodes, and no edge to one', async () => {
    const overview = await get(app, '/graph/overview?limit=200');
    assert.equal(overview.status, 200);
    const entities = overview.body.nodes.filter((n: { node_type: string }) => n.node_type === 'Entity');
    const labels = entities.map((n: { label: string }) => n.label);
    assert.ok(labels.includes('Heron') && labels.includes('Backblaze B2') && labels.includes('Nadia Petrova'), labels.join(', '));
    for (const node of entities) {
      assert.ok(!['date', 'money', 'url', 'email'].includes(node.node_subtype), `${node.label} is a ${node.node_subtype}`);
    }
    assert.deepEqual(labels.filter((l: string) => VALUE_LIKE.test(l)), []);
    assert.equal(overview.body.node_counts.Entity, entities.length);
    const ids = new Set(overview.body.nodes.map((n: { id: string }) => n.id));
    for (const edge of overview.body.edges) assert.ok(ids.has(edge.source) && ids.has(edge.target), JSON.stringify(edge));
  });

  test('topics are not clustered around dates nor named after dates or units', async () => {
    assert.equal((await post(app, '/communities/detect')).status, 200);
    const list = await get(app, '/communities?limit=50');
    assert.equal(list.status, 200);
    assert.ok(list.body.communities.length > 0);
    for (const community of list.body.communities) {
      for (const part of community.name.split(/, | & /)) assert.ok(!VALUE_LIKE.test(part), `topic named "${community.name}"`);
      for (const entity of community.top_entities) assert.notEqual(entity.entity_type, 'date', `${entity.name} in "${community.name}"`);
    }
    const index = await get(app, '/library/wiki-index');
    assert.equal(index.status, 200, index.text);
    const topics: { name: string; entities: { name: string }[] }[] = index.body.rows;
    assert.ok(topics.length > 0, index.text.slice(0, 300));
    for (const topic of topics) {
      for (const part of topic.name.split(/, | & /)) assert.ok(!VALUE_LIKE.test(part), `Library topic named "${topic.name}"`);
      for (const entity of topic.entities) assert.ok(!VALUE_LIKE.test(entity.name), `${entity.name} listed in the Library topic "${topic.name}"`);
    }
  });

  test('a value sent typed as a thing is stored as the value it is', async () => {
    const listed = await get(app, '/entities?limit=100');
    const byName = Object.fromEntries(listed.body.map((e: { name: string; entity_type: string }) => [e.name, e.entity_type]));
    assert.equal(byName.GB, 'quantity');
    assert.equal(byName.URLs, 'url');
  });
});

describe('POST /memories/extract-kg/preview-content types names as a person would', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ extractor: 'rules' });
  });
  after(() => app.close());

  const cases: [string, Record<string, string>][] = [
    ["Mum had her operation at St Thomas' Hospital, then we flew Air India to Delhi.", { "St Thomas' Hospital": 'organization', 'Air India': 'organization', Delhi: 'location' }],
    ['Ran the Boston Marathon in April and went to Glastonbury Festival with Ines.', { 'Boston Marathon': 'event', 'Glastonbury Festival': 'event', Ines: 'person' }],
    ['We spent Thanksgiving with the Okafors. Payments are down again.', { Thanksgiving: 'event', Okafors: 'person' }],
    ['The Kestrel project moved its tiles from Leafly to MapStack.', { Kestrel: 'product', Leafly: 'technology', MapStack: 'technology' }],
    ['Interview with Brightwell next week; they run the GIN index on REST logs of 20 MB.', { Brightwell: 'organization' }],
  ];
  for (const [text, expected] of cases) {
    test(text, async () => {
      const preview = await post(app, '/memories/extract-kg/preview-content', { memory_title: 'log', memory_content: text });
      assert.equal(preview.status, 200, preview.text);
      const named = Object.fromEntries(
        preview.body.entities
          .filter((e: { entity_type: string }) => !['date', 'money', 'url', 'email'].includes(e.entity_type))
          .map((e: { name: string; entity_type: string }) => [e.name, e.entity_type]),
      );
      assert.deepEqual(named, expected);
    });
  }
});
