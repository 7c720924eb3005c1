import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post, validationLocs } from '../../../../test/helpers.ts';

const at = '2026-01-01T00:00:00.000Z';

/** Creates a memory and returns its id and the ids of the entities extracted from it, by name. */
async function remember(app: App, content: string) {
  const response = await post(app, '/memories?wait=graph', { content });
  assert.equal(response.status, 200, response.text);
  const entities = new Map<string, string>(response.body.extracted_entities.map((e: { name: string; id: string }) => [e.name, e.id]));
  return { id: response.body.id as string, entities };
}

/** Stores one community of these entities (most central first), as community detection would. */
function seedCommunity(app: App, id: number, name: string, entityIds: string[]) {
  return app.deps.store.transaction(tx =>
    tx.communities.replaceAll(
      [{ id, name, summary: '', summary_source: 'extractive', entity_count: entityIds.length, memory_count: 0, created_at: at, updated_at: at }],
      entityIds.map((entity_id, rank) => ({ community_id: id, entity_id, rank, weight: 1 })),
    ),
  );
}

describe('crystallising a community (POST /communities/{id}/crystallize)', () => {
  let app: App;
  let all: { id: string; entities: Map<string, string> };
  let two: { id: string; entities: Map<string, string> };
  let one: { id: string; entities: Map<string, string> };
  let forgotten: string;
  let unrelated: string;
  before(async () => {
    app = await buildTestApp();
    all = await remember(app, 'Caroline and Melanie went hiking near Lisbon with the Lisbon Hiking Club.');
    two = await remember(app, 'Melanie told Caroline about her new painting.');
    one = await remember(app, 'Caroline started the adoption process last week.');
    forgotten = (await remember(app, 'Caroline and Melanie planned a trip to Lisbon together.')).id;
    await post(app, `/memories/${forgotten}/forget`, {});
    unrelated = await createMemory(app, { content: 'The Kubernetes cluster needs more memory.' });
    const ids = ['Caroline', 'Melanie', 'Lisbon'].map(name => all.entities.get(name));
    assert.ok(ids.every(Boolean), JSON.stringify([...all.entities.keys()]));
    await seedCommunity(app, 7, 'Caroline, Melanie and Lisbon', ids as string[]);
  });
  after(() => app.close());

  test('the crystal is made of the memories mentioning the most of its entities, those mentioning most first', async () => {
    const response = await post(app, '/communities/7/crystallize');
    assert.equal(response.status, 200, response.text);
    const { crystal, sources } = response.body;
    assert.deepEqual(sources.map((s: { memory_id: string }) => s.memory_id), [all.id, two.id, one.id]);
    assert.equal(crystal.is_crystal, true);
    assert.equal(crystal.title, 'Caroline, Melanie and Lisbon');
    assert.equal(crystal.crystal.community_id, 7);
    assert.equal(crystal.crystal.source_count, 3);
  });

  test('forgotten memories, unrelated memories and crystals are never its sources', async () => {
    const earlier = (await post(app, '/crystals', { memory_ids: [all.id, two.id] })).body.id;
    const { sources } = (await post(app, '/communities/7/crystallize', { title: 'Again' })).body;
    const ids = sources.map((s: { memory_id: string }) => s.memory_id);
    assert.deepEqual(ids, [all.id, two.id, one.id]);
    assert.ok(![forgotten, unrelated, earlier].some(id => ids.includes(id)));
  });

  test('an unknown community is a 404', async () => {
    const response = await post(app, '/communities/999/crystallize', {});
    assert.equal(response.status, 404);
    assert.equal(response.body.error_code, 'community_not_found');
  });

  test('a community whose entities fewer than two memories mention cannot be crystallised (409)', async () => {
    const lonely = await remember(app, 'Zygmunt repaired the Trabant.');
    await seedCommunity(app, 8, 'Zygmunt', [...lonely.entities.values()]);
    const response = await post(app, '/communities/8/crystallize');
    assert.equal(response.status, 409);
    assert.equal(response.body.error_code, 'not_enough_memories');
    assert.match(response.body.detail, /at least 2/);
  });

  test('a community id that is not an integer is a 422', async () => {
    assert.deepEqual(validationLocs(await post(app, '/communities/abc/crystallize')), ['path.community_id']);
  });
});
