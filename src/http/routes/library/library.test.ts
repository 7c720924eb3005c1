import { after, before, describe, test } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';
import { CPP, SECRET, seedLibrary } from '../../../../test/library.ts';

describe('Library reads', () => {
  let app: App;
  let seeded: Awaited<ReturnType<typeof seedLibrary>>;
  before(async () => {
    app = await buildTestApp();
    seeded = await seedLibrary(app);
  });
  after(() => app.close());

  test('the wiki index has one row per community, largest first, with its central entities and crystals', async () => {
    const { status, body } = await get(app, '/library/wiki-index?top_per_community=2');
    assert.equal(status, 200);
    assert.equal(body.total, 3);
    assert.deepEqual(body.rows.map((r: any) => [r.community_id, r.name, r.entity_count]), [[1, 'Cooking', 4], [2, 'Programming', 3], [3, 'Baking', 1]]);
    assert.deepEqual(body.rows[0].entities.map((e: any) => e.name), ['Pasta Carbonara', 'Guanciale']);
    assert.deepEqual(body.rows[0].crystals, [{ id: seeded.crystals.fresh, title: 'Carbonara, distilled', stale: false }]);
    assert.equal(body.rows[1].crystals[0].stale, true);
    assert.ok(body.rows.every((r: any) => !('top_memories' in r)), 'no top memories unless asked');
  });

  test('the wiki index lists top memories only when asked, never forgotten ones', async () => {
    const { body } = await get(app, '/library/wiki-index?include_top_memories=8');
    const cooking = body.rows[0].top_memories.map((m: any) => m.id);
    assert.equal(cooking[0], seeded.memories.carbonara, 'the memory naming most of the topic comes first');
    assert.ok(!body.rows.flatMap((r: any) => r.top_memories).some((m: any) => m.id === seeded.memories.secret));
    assert.deepEqual((await get(app, '/library/wiki-index?include_top_memories=0')).body.rows[0].top_memories, []);
  });

  test('the export summary counts the graph without forgotten memories', async () => {
    const { body } = await get(app, '/library/wiki-export-summary');
    assert.equal(body.communities, 3);
    assert.equal(body.crystals, 2);
    const memories = (await app.deps.store.memories.list({ space_id: 'default', states: ['active'], importance_min: 0, limit: 100, offset: 0 })).total;
    assert.equal(body.memories, memories);
    assert.equal(body.estimated_files, 1 + 3 + body.entities + 2);
  });

  test('a community subgraph has its entities, their RELATES_TO edges and the memories mentioning them', async () => {
    const { status, body } = await get(app, '/library/community/1/subgraph');
    assert.equal(status, 200);
    const byType = (t: string) => body.nodes.filter((n: any) => n.node_type === t).map((n: any) => n.label).sort();
    assert.deepEqual(byType('Entity'), ['Guanciale', 'Pancetta', 'Pasta Carbonara', 'Pecorino Romano']);
    assert.deepEqual(byType('Crystal'), ['Carbonara, distilled']);
    assert.ok(byType('Memory').includes('Carbonara night'));
    assert.ok(!body.nodes.some((n: any) => n.id === seeded.memories.secret));
    const ids = new Set(body.nodes.map((n: any) => n.id));
    assert.equal(body.edges.filter((e: any) => e.edge_type === 'RELATES_TO').length, 3);
    assert.ok(body.edges.some((e: any) => e.edge_type === 'MENTIONS'));
    assert.ok(body.edges.every((e: any) => ids.has(e.source) && ids.has(e.target) && ['RELATES_TO', 'MENTIONS'].includes(e.edge_type)));
  });

  test('a subgraph without memories has entity nodes only', async () => {
    const { body } = await get(app, '/library/community/1/subgraph?include_top_memories=0&max_entities=10');
    assert.ok(body.nodes.every((n: any) => n.node_type === 'Entity'));
    assert.ok(body.edges.every((e: any) => e.edge_type === 'RELATES_TO'));
  });

  test('recent memories of a community are newest first and never forgotten', async () => {
    const { body } = await get(app, '/library/community/1/recent-memories?limit=20');
    assert.equal(body.community_id, 1);
    const times = body.memories.map((m: any) => m.created_at);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.ok(body.memories.some((m: any) => m.id === seeded.memories.carbonara));
    assert.ok(!body.memories.some((m: any) => m.id === seeded.memories.secret));
    assert.equal((await get(app, '/library/community/1/recent-memories?limit=1')).body.memories.length, 1);
  });

  test('related communities are ranked by the RELATES_TO edges between them', async () => {
    assert.deepEqual((await get(app, '/library/community/1/related')).body, { community_id: 1, related: [{ community_id: 2, name: 'Programming', shared_edges: 1 }] });
    assert.deepEqual((await get(app, '/library/community/3/related')).body, { community_id: 3, related: [] });
  });

  test('a crystal lists its sources by contribution weight, hiding a forgotten one and saying it is stale', async () => {
    const { body } = await get(app, `/library/crystal/${seeded.crystals.stale}/source-memories`);
    assert.equal(body.crystal_id, seeded.crystals.stale);
    assert.deepEqual(body.sources.map((s: any) => [s.memory.id, s.contribution_weight]), [[seeded.memories.book, 0.5], [seeded.memories.rust, 0.2]]);
    assert.equal(body.stale, true);
    assert.ok(!JSON.stringify(body).includes(SECRET) && !JSON.stringify(body).includes(seeded.memories.secret));
    assert.equal((await get(app, `/library/crystal/${seeded.crystals.stale}/source-memories?limit=1`)).body.sources.length, 1);
  });

  test('unknown communities, crystals and entities are 404s with their codes', async () => {
    for (const url of ['/library/community/99/subgraph', '/library/community/99/recent-memories', '/library/community/99/related', '/library/wiki-page/topic/99']) {
      const response = await get(app, url);
      assert.equal(response.status, 404, url);
      assert.equal(response.body.error_code, 'community_not_found', url);
    }
    for (const url of ['/library/crystal/nope/source-memories', '/library/wiki-page/crystal/nope', `/library/wiki-page/crystal/${seeded.memories.carbonara}`]) {
      assert.equal((await get(app, url)).body.error_code, 'crystal_not_found', url);
    }
    const entity = await get(app, '/library/wiki-page/entity/nobody%20at%20all');
    assert.deepEqual([entity.status, entity.body.error_code], [404, 'entity_not_found']);
  });

  test('a community id that is not an integer is a 422', async () => {
    const response = await get(app, '/library/community/abc/subgraph');
    assert.equal(response.status, 422);
    assert.deepEqual(response.body.detail[0].loc, ['path', 'community_id']);
  });

  test('the Library reads the global graph, memories of every space included', async () => {
    const id = await createMemory(app, { content: 'Guanciale from the work canteen.', space_id: 'work' });
    await post(app, `/memories/${id}/extract-kg/apply`, { entities: [{ name: 'Guanciale', entity_type: 'concept' }] });
    const { body } = await get(app, '/library/community/1/recent-memories?space_id=default');
    assert.equal(body.memories[0].id, id);
    assert.equal((await get(app, '/library/wiki-index?space_id=elsewhere')).body.total, 3);
    assert.ok((await get(app, `/library/wiki-page/entity/${encodeURIComponent(CPP)}?space_id=elsewhere`)).text.includes('Reading list'));
  });
});
