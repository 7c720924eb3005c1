import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, patch, post, validationLocs } from '../../../../test/helpers.ts';

interface Entity {
  id: string;
  name: string;
  entity_type: string;
  aliases: string[];
  mention_count: number;
  canonical_name: string;
}

const namesOf = (entities: Entity[]) => entities.map(e => e.name).sort();

async function entityNamed(app: App, name: string): Promise<Entity | undefined> {
  const list = await get<Entity[]>(app, `/entities?search=${encodeURIComponent(name)}&limit=200`);
  return list.body.find(e => e.name === name);
}

describe('extraction on create and update', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a memory created with ?wait=graph reports its entities and is linked to them by MENTIONS edges', async () => {
    const created = await post(app, '/memories?wait=graph', { content: 'Priya joined Stripe as a staff engineer in Dublin.' });
    assert.equal(created.body.extraction, 'done');
    assert.equal(created.status, 200);
    assert.deepEqual(namesOf(created.body.extracted_entities), ['Dublin', 'Priya', 'Stripe']);
    const priya = created.body.extracted_entities.find((e: Entity) => e.name === 'Priya');
    assert.equal(priya.entity_type, 'person');
    assert.equal(priya.node_type, 'Entity');
    assert.equal(priya.mention_count, 1);
    assert.ok(created.body.created_relationships >= 3, 'three MENTIONS edges at least');
    const read = await get(app, `/entities/${priya.id}`);
    assert.deepEqual(read.body.memories.map((m: { id: string }) => m.id), [created.body.id]);
    assert.ok(read.body.relationships.some((r: { relation_type: string; entity: Entity }) => r.relation_type === 'WORKS_AT' && r.entity.name === 'Stripe'));
  });

  test('"Acme Corp", "ACME Corp." and the short name resolve to one entity; a different thing stays apart', async () => {
    await createMemory(app, { content: 'We signed the deal with Acme Corp on Monday.' });
    await createMemory(app, { content: 'The invoice from ACME Corp. arrived late.' });
    await createMemory(app, { content: 'Our contact at Acme moved to another team.' });
    await createMemory(app, { content: 'I visited Acme Labs, a different startup.' });
    const acme = await entityNamed(app, 'Acme Corp');
    assert.ok(acme, 'Acme Corp exists');
    assert.equal(acme.mention_count, 3);
    assert.ok(acme.aliases.includes('Acme'), `aliases ${acme.aliases}`);
    assert.equal(await entityNamed(app, 'ACME Corp.'), undefined);
    assert.equal((await entityNamed(app, 'Acme Labs'))?.mention_count, 1);
  });

  test('changing the content re-extracts: old mentions go, new ones come', async () => {
    const id = await createMemory(app, { content: 'Lunch with Gretchen in Hamburg.' });
    const updated = await patch(app, `/memories/${id}`, { content: 'Lunch with Ingeborg in Bremen.' });
    assert.equal(updated.status, 200);
    assert.equal(await entityNamed(app, 'Gretchen'), undefined, 'an entity only the old text mentioned is gone');
    assert.equal((await entityNamed(app, 'Ingeborg'))?.mention_count, 1);
    await patch(app, `/memories/${id}`, { importance: 0.9 });
    assert.equal((await entityNamed(app, 'Bremen'))?.mention_count, 1, 'other changes leave the graph alone');
  });

  test('deleting with cascade removes entities no other memory mentions; shared ones keep their other mentions', async () => {
    const first = await createMemory(app, { content: 'Rosalind met Wilhelmina in Reykjavik.' });
    await createMemory(app, { content: 'Wilhelmina flew home.' });
    const deleted = await del(app, `/memories/${first}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.deleted_entities, 2, 'Rosalind and Reykjavik');
    assert.ok(deleted.body.deleted_relationships >= 3);
    assert.equal(await entityNamed(app, 'Rosalind'), undefined);
    assert.equal((await entityNamed(app, 'Wilhelmina'))?.mention_count, 1);
  });

  test('deleting without cascade keeps the entities, without the mention', async () => {
    const id = await createMemory(app, { content: 'Thaddeus sold his bakery in Ghent.' });
    const deleted = await del(app, `/memories/${id}?cascade_delete=false`);
    assert.equal(deleted.body.deleted_entities, 0);
    assert.equal((await entityNamed(app, 'Thaddeus'))?.mention_count, 0);
  });

  test('capabilities say the offline extractor runs inline', async () => {
    const caps = await get(app, '/capabilities');
    assert.equal(caps.body.features.knowledge_graph, true);
    assert.equal(caps.body.features.llm_extraction, false);
    assert.deepEqual([caps.body.extraction.extractor, caps.body.extraction.inline, caps.body.extraction.available], ['rules', true, true]);
  });
});

describe('CAIRN_EXTRACTOR=none', () => {
  test('nothing is extracted on create, and capabilities say so', async () => {
    const app = await buildTestApp({ extractor: 'none' });
    try {
      const created = await post(app, '/memories', { content: 'Priya joined Stripe.' });
      assert.deepEqual(created.body.extracted_entities, []);
      assert.deepEqual((await get(app, '/entities')).body, []);
      const caps = await get(app, '/capabilities');
      assert.equal(caps.body.extraction.extractor, 'none');
      assert.equal(caps.body.features.entity_extraction, false);
    } finally {
      await app.close();
    }
  });

  test('an unknown extractor refuses to start', async () => {
    await assert.rejects(buildTestApp({ extractor: 'magic' }), /CAIRN_EXTRACTOR/);
    await assert.rejects(buildTestApp({ extractor: 'llm' }), /CAIRN_LLM_URL/);
  });
});

describe('reading entities', () => {
  let app: App;
  let memoryIds: string[];
  before(async () => {
    app = await buildTestApp();
    memoryIds = [
      await createMemory(app, { content: 'Anneliese works at Siemens in Munich.' }),
      await createMemory(app, { content: 'Anneliese visited Vienna with Bartholomew.', space_id: 'home' }),
      await createMemory(app, { content: 'Bartholomew uses Kubernetes at Siemens.' }),
    ];
  });
  after(() => app.close());

  test('GET /entities lists entity nodes newest first; include_stats adds counts, most mentioned first', async () => {
    const plain = await get<Entity[]>(app, '/entities');
    assert.equal(plain.status, 200);
    assert.ok(plain.body.length >= 6);
    assert.equal(plain.body[0].name, 'Kubernetes');
    const stats = await get<{ entity: Entity; mention_count: number }[]>(app, '/entities?include_stats=true');
    const counts = stats.body.map(s => s.mention_count);
    assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
    assert.equal(stats.body.find(s => s.entity.name === 'Siemens')?.mention_count, 2);
  });

  test('GET /entities filters by type, searches names, and pages', async () => {
    assert.deepEqual(namesOf((await get<Entity[]>(app, '/entities?entity_type=person')).body), ['Anneliese', 'Bartholomew']);
    assert.deepEqual(namesOf((await get<Entity[]>(app, '/entities?entity_type=Person')).body), ['Anneliese', 'Bartholomew']);
    assert.deepEqual(namesOf((await get<Entity[]>(app, '/entities?search=ANNE')).body), ['Anneliese']);
    assert.deepEqual(namesOf((await get<Entity[]>(app, '/entities?q=vien')).body), ['Vienna']);
    const all = (await get<Entity[]>(app, '/entities?limit=200')).body;
    const page = (await get<Entity[]>(app, '/entities?limit=2&offset=1')).body;
    assert.deepEqual(page.map(e => e.id), all.slice(1, 3).map(e => e.id));
  });

  test('GET /entities bounds: limit 1..200, offset >= 0', async () => {
    assert.deepEqual(validationLocs(await get(app, '/entities?limit=0')), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, '/entities?limit=201')), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, '/entities?offset=-1')), ['query.offset']);
    assert.deepEqual(validationLocs(await get(app, '/entities?include_stats=maybe')), ['query.include_stats']);
  });

  test('GET /entities/{id} gives the entity with its relationships and mentioning memories; unknown → 404', async () => {
    const siemens = (await get<Entity[]>(app, '/entities?search=siemens')).body[0];
    const read = await get(app, `/entities/${siemens.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.name, 'Siemens');
    assert.equal(read.body.mention_count, 2);
    assert.deepEqual(read.body.memories.map((m: { id: string }) => m.id).sort(), [memoryIds[0], memoryIds[2]].sort());
    const partners = read.body.relationships.map((r: { entity: Entity; direction: string; relation_type: string }) => `${r.direction} ${r.relation_type} ${r.entity.name}`);
    assert.ok(partners.includes('in WORKS_AT Anneliese'), partners.join(', '));
    assert.ok(partners.includes('out LOCATED_IN Munich'), partners.join(', '));
    const missing = await get(app, '/entities/no-such-entity');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'entity_not_found');
  });

  test('GET /entities/{id}/relationships follows RELATES_TO edges to the asked depth', async () => {
    const anneliese = (await get<Entity[]>(app, '/entities?search=anneliese')).body[0];
    const one = await get(app, `/entities/${anneliese.id}/relationships`);
    assert.equal(one.status, 200);
    assert.equal(one.body.entity.name, 'Anneliese');
    assert.ok(one.body.relationships.relates_to.every((r: { depth: number }) => r.depth === 1));
    assert.equal(one.body.relationships.mentioned_in.length, 2);
    const two = await get(app, `/entities/${anneliese.id}/relationships?depth=2`);
    const far = two.body.relationships.relates_to.filter((r: { depth: number }) => r.depth === 2).map((r: { target_entity: { name: string } }) => r.target_entity.name);
    assert.ok(far.includes('Kubernetes'), `depth 2 reaches Kubernetes through Bartholomew or Siemens: ${far}`);
    assert.deepEqual(validationLocs(await get(app, `/entities/${anneliese.id}/relationships?depth=4`)), ['query.depth']);
  });

  test('GET /graph/expand/{entity} gives neighbour nodes and edges in the reference shape', async () => {
    const anneliese = (await get<Entity[]>(app, '/entities?search=anneliese')).body[0];
    const expanded = await get(app, `/graph/expand/${anneliese.id}`);
    assert.equal(expanded.status, 200);
    assert.equal(expanded.body.center_node, anneliese.id);
    assert.equal(expanded.body.depth, 1);
    const labels = expanded.body.neighbors.map((n: { label: string; node_type: string }) => `${n.node_type}:${n.label}`);
    for (const label of ['Entity:Siemens', 'Entity:Munich', 'Entity:Vienna', 'Entity:Bartholomew']) assert.ok(labels.includes(label), labels.join(', '));
    assert.equal(expanded.body.neighbors.filter((n: { node_type: string }) => n.node_type === 'Memory').length, 2);
    assert.equal(expanded.body.total_neighbors, expanded.body.neighbors.length);
    const ids = new Set([anneliese.id, ...expanded.body.neighbors.map((n: { id: string }) => n.id)]);
    for (const edge of expanded.body.edges) {
      assert.ok(ids.has(edge.source) && ids.has(edge.target), 'edges join returned nodes');
      assert.ok(['RELATES_TO', 'MENTIONS'].includes(edge.edge_type));
    }
    assert.deepEqual(Object.keys(expanded.body.metadata).sort(), ['error', 'expansion_depth', 'include_metadata', 'max_limit', 'query_type']);
  });

  test('expand honours limit, include_metadata, the space guard, and expands from a memory too', async () => {
    const anneliese = (await get<Entity[]>(app, '/entities?search=anneliese')).body[0];
    assert.equal((await get(app, `/graph/expand/${anneliese.id}?limit=2`)).body.neighbors.length, 2);
    const bare = await get(app, `/graph/expand/${anneliese.id}?include_metadata=false`);
    assert.ok(bare.body.neighbors.every((n: { metadata: object }) => Object.keys(n.metadata).length === 0));
    const home = await get(app, `/graph/expand/${anneliese.id}?space_id=home`);
    assert.deepEqual(home.body.neighbors.filter((n: { node_type: string }) => n.node_type === 'Memory').map((n: { id: string }) => n.id), [memoryIds[1]]);
    const fromMemory = await get(app, `/graph/expand/${memoryIds[2]}`);
    assert.equal(fromMemory.body.metadata.query_type, 'memory');
    assert.deepEqual(namesOf(fromMemory.body.neighbors.map((n: { label: string }) => ({ name: n.label }) as Entity)), ['Bartholomew', 'Kubernetes', 'Siemens']);
    const deeper = await get(app, `/graph/expand/${memoryIds[2]}?depth=2`);
    assert.ok(deeper.body.neighbors.some((n: { label: string; hop_count: number }) => n.label === 'Anneliese' && n.hop_count === 2));
  });

  test('expand: unknown node → 404, bounds → 422', async () => {
    const missing = await get(app, '/graph/expand/nothing-here');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'entity_not_found');
    assert.equal((await get(app, `/graph/expand/${memoryIds[1]}?space_id=work`)).status, 404);
    assert.deepEqual(validationLocs(await get(app, `/graph/expand/${memoryIds[0]}?depth=6`)), ['query.depth']);
    assert.deepEqual(validationLocs(await get(app, `/graph/expand/${memoryIds[0]}?limit=101`)), ['query.limit']);
  });
});
