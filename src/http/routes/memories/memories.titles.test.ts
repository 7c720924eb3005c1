import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, patch, post } from '../../../../test/helpers.ts';

describe('automatic titles follow the content', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const searchIds = async (query: string) => (await post(app, '/memories/search', { query })).body.map((r: any) => r.memory.id);

  test('editing the content re-derives an automatic title, and the removed words no longer match', async () => {
    const id = await createMemory(app, { content: 'Flamingo sightings at the lake\nmore details' });
    assert.equal((await get(app, `/memories/${id}`)).body.title, 'Flamingo sightings at the lake');
    const edited = await patch(app, `/memories/${id}`, { content: 'Heron sightings at the river' });
    assert.equal(edited.body.title, 'Heron sightings at the river');
    assert.deepEqual(await searchIds('flamingo'), []);
    assert.deepEqual(await searchIds('heron'), [id]);
  });

  test('a title the caller gave stays when the content changes', async () => {
    const id = await createMemory(app, { title: 'Birding log', content: 'Osprey over the bay' });
    const edited = await patch(app, `/memories/${id}`, { content: 'Kestrel over the field' });
    assert.equal(edited.body.title, 'Birding log');
  });

  test('an empty title in a patch goes back to an automatic one', async () => {
    const id = await createMemory(app, { title: 'Given', content: 'Wren in the hedge' });
    const edited = await patch(app, `/memories/${id}`, { title: '' });
    assert.equal(edited.body.title, 'Wren in the hedge');
    const again = await patch(app, `/memories/${id}`, { content: 'Robin in the hedge' });
    assert.equal(again.body.title, 'Robin in the hedge');
  });

  test('an upsert with new content re-derives an automatic title but keeps a given one', async () => {
    const auto = await createMemory(app, { id: 'upsert-auto', content: 'Puffin colony census' });
    await post(app, '/memories', { id: auto, content: 'Gannet colony census' });
    assert.equal((await get(app, `/memories/${auto}`)).body.title, 'Gannet colony census');
    assert.deepEqual(await searchIds('puffin'), []);

    const given = await createMemory(app, { id: 'upsert-given', title: 'Census notes', content: 'Tern colony census' });
    await post(app, '/memories', { id: given, content: 'Skua colony census' });
    assert.equal((await get(app, `/memories/${given}`)).body.title, 'Census notes');
  });
});
