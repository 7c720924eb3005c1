import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';

interface Node {
  id: string;
  label: string;
  node_type: 'Entity' | 'Memory';
  community_id: number | null;
  mention_count?: number;
  degree?: number;
}
interface Edge {
  source: string;
  target: string;
  edge_type: string;
}

/** Writes entities and relations for a memory the way an extraction does (apply, exact names). */
async function apply(app: App, memoryId: string, names: string[], relations: [string, string][] = []) {
  const applied = await post(app, `/memories/${memoryId}/extract-kg/apply`, {
    entities: names.map(name => ({ name, entity_type: 'other' })),
    relationships: relations.map(([source, target]) => ({ source, target, relation_type: 'RELATED_TO' })),
    resolution: 'exact',
  });
  assert.equal(applied.status, 200, applied.text);
}

const labels = (nodes: Node[]) => nodes.map(n => n.label);
const edgeKey = (e: Edge, byId: Map<string, string>) => `${byId.get(e.source)}-${byId.get(e.target)}`;

describe('GET /graph/overview', () => {
  let app: App;
  let first: string;
  let second: string;
  before(async () => {
    app = await buildTestApp({ extractor: 'none' });
    first = await createMemory(app, { content: 'first holder of the graph', importance: 0.9 });
    second = await createMemory(app, { content: 'second holder of the graph', importance: 0.2 });
    // Hub is mentioned by both memories; Spoke1..3 hang off it; Loner has no relation at all.
    await apply(app, first, ['Hub', 'Spoke1', 'Spoke2', 'Spoke3', 'Loner'], [['Hub', 'Spoke1'], ['Hub', 'Spoke2'], ['Spoke2', 'Spoke3']]);
    await apply(app, second, ['Hub']);
  });
  after(() => app.close());

  test('an empty graph answers no nodes, no edges and nothing more to page', async () => {
    const empty = await buildTestApp({ extractor: 'none' });
    try {
      const answer = await get(empty, '/graph/overview');
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body.nodes, []);
      assert.deepEqual(answer.body.edges, []);
      assert.equal(answer.body.total_nodes, 0);
      assert.equal(answer.body.has_more, false);
    } finally {
      await empty.close();
    }
  });

  test('entities come first, most mentioned then most related, with their relations and without content', async () => {
    const answer = await get(app, '/graph/overview?node_types=Entity');
    assert.equal(answer.status, 200);
    assert.deepEqual(labels(answer.body.nodes), ['Hub', 'Spoke2', 'Spoke1', 'Spoke3', 'Loner']);
    const hub = answer.body.nodes[0];
    assert.equal(hub.mention_count, 2);
    assert.equal(hub.degree, 2);
    assert.equal(hub.community_id, null);
    assert.equal('content' in hub || 'metadata' in hub, false);
    const byId = new Map<string, string>(answer.body.nodes.map((n: Node) => [n.id, n.label]));
    assert.deepEqual(answer.body.edges.map((e: Edge) => edgeKey(e, byId)).sort(), ['Hub-Spoke1', 'Hub-Spoke2', 'Spoke2-Spoke3']);
    assert.ok(answer.body.edges.every((e: Edge) => e.edge_type === 'RELATES_TO'));
    assert.equal(answer.body.total_nodes, 5);
  });

  test('an entity without relations is in the overview', async () => {
    const answer = await get(app, '/graph/overview?node_types=Entity');
    assert.ok(labels(answer.body.nodes).includes('Loner'));
  });

  test('paging with offset gives every node once and, together, every edge among them', async () => {
    // limit is at least 10: the graph is padded to 25 entities (a chain of 20) and paged by 10.
    const extra = await createMemory(app, { content: 'padding holder' });
    await apply(app, extra, Array.from({ length: 20 }, (_, i) => `Pad${i}`), Array.from({ length: 19 }, (_, i) => [`Pad${i}`, `Pad${i + 1}`] as [string, string]));
    const whole = await get(app, '/graph/overview?node_types=Entity&limit=2000');
    const paged = { nodes: [] as Node[], edges: [] as Edge[] };
    for (let offset = 0, more = true; more; offset += 10) {
      const page = await get(app, `/graph/overview?node_types=Entity&limit=10&offset=${offset}`);
      assert.equal(page.status, 200);
      assert.ok(page.body.nodes.length <= 10);
      paged.nodes.push(...page.body.nodes);
      paged.edges.push(...page.body.edges);
      more = page.body.has_more;
    }
    assert.equal(whole.body.total_nodes, 25);
    assert.deepEqual(paged.nodes.map(n => n.id), whole.body.nodes.map((n: Node) => n.id));
    const key = (e: Edge) => `${e.source}>${e.target}`;
    assert.deepEqual(paged.edges.map(key).sort(), whole.body.edges.map(key).sort());
    assert.equal(paged.edges.length, 3 + 19);
  });

  test('memories come after the entities, with MENTIONS edges to them; node_types=Memory leaves entities out', async () => {
    const all = await get(app, '/graph/overview?limit=2000');
    const types = all.body.nodes.map((n: Node) => n.node_type);
    assert.equal(types.indexOf('Memory'), types.lastIndexOf('Entity') + 1, 'every entity before every memory');
    const memories = all.body.nodes.filter((n: Node) => n.node_type === 'Memory').map((n: Node) => n.id);
    assert.equal(memories[0], first, 'the most important memory first');
    assert.ok(memories.includes(second));
    assert.ok(all.body.edges.some((e: Edge) => e.edge_type === 'MENTIONS' && e.source === second));
    const only = await get(app, '/graph/overview?node_types=Memory');
    assert.ok(only.body.nodes.every((n: Node) => n.node_type === 'Memory'));
    assert.deepEqual(only.body.edges, []);
  });

  test('a community detection colours the entities by community_id', async () => {
    const detected = await post(app, '/communities/detect');
    assert.equal(detected.status, 200, detected.text);
    const answer = await get(app, '/graph/overview?node_types=Entity&limit=2000');
    const hub = answer.body.nodes.find((n: Node) => n.label === 'Hub');
    const spoke = answer.body.nodes.find((n: Node) => n.label === 'Spoke1');
    assert.equal(typeof hub.community_id, 'number');
    assert.equal(spoke.community_id, hub.community_id);
  });

  test('space_id is a lens: only entities its memories mention', async () => {
    const elsewhere = await createMemory(app, { content: 'work holder', space_id: 'work' });
    await apply(app, elsewhere, ['Hub', 'Desk']);
    const work = await get(app, '/graph/overview?space_id=work&node_types=Entity');
    assert.deepEqual(labels(work.body.nodes).sort(), ['Desk', 'Hub']);
    assert.equal(work.body.nodes.find((n: Node) => n.label === 'Hub').mention_count, 1);
  });

  test('limit outside 10..2000, a negative offset or an unknown node type is a 422', async () => {
    for (const [query, loc] of [
      ['limit=9', 'limit'],
      ['limit=2001', 'limit'],
      ['offset=-1', 'offset'],
      ['node_types=Thread', 'node_types'],
    ]) {
      const answer = await get(app, `/graph/overview?${query}`);
      assert.equal(answer.status, 422, query);
      assert.ok(validationLocs(answer).some(l => l.includes(loc)), `${query}: ${JSON.stringify(answer.body)}`);
    }
  });
});
