import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post, settleBackground } from '../../../../test/helpers.ts';

describe('EVOLVES detection when a memory is created', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const evolvesOf = (id: string) => app.deps.store.evolves.listForMemory(id);

  test('a memory that says an older one changed is linked newer → older, automatic and unreviewed', async () => {
    const older = await createMemory(app, { content: 'Priya lives in Berlin with her two cats' });
    const created = await post(app, '/memories', { content: 'Priya now lives in Lisbon with her two cats' });
    assert.equal(created.status, 200);
    await settleBackground(app); // EVOLVES detection follows from the background queue
    const edges = await evolvesOf(older);
    assert.equal(edges.length, 1);
    const [edge] = edges;
    assert.deepEqual([edge!.from_memory_id, edge!.to_memory_id, edge!.relation, edge!.detected_by, edge!.reviewed], [created.body.id, older, 'replaces', 'auto', false]);
    assert.match(edge!.reason, /'now'/);
    assert.ok(edge!.confidence > 0 && edge!.confidence < 1);
    const read = (await get(app, `/memories/${older}`)).body;
    assert.deepEqual([read.is_latest, read.lifecycle_state], [true, 'active'], 'an unreviewed edge changes no visibility');
    const listed = await get(app, `/memories/${older}/relations?types=EVOLVES`);
    assert.equal(listed.body.relations[0].reviewed, false);
    assert.equal(listed.body.relations[0].source, 'auto');
  });

  test('memories processed in one batch each get the edge to the memory they update, and only that one', async () => {
    const olders = [];
    for (const content of ['Amara lives in Nairobi with her sister', 'The standup meets every Monday at nine', 'Tomas drives a blue Volvo to work']) {
      olders.push(await createMemory(app, { content }));
    }
    // Created together, so the background queue detects their EVOLVES edges in one batch (its reads shared).
    const newers = [];
    for (const content of ['Amara now lives in Kampala with her sister', 'Nobody noticed the lights were off', 'The standup meets every Monday at nine.']) {
      newers.push((await post(app, '/memories', { content })).body.id);
    }
    await settleBackground(app);
    const [amara, standup, tomas] = await Promise.all(olders.map(evolvesOf));
    assert.deepEqual(amara.map(e => [e.from_memory_id, e.relation]), [[newers[0], 'replaces']]);
    assert.deepEqual(standup.map(e => [e.from_memory_id, e.relation]), [[newers[2], 'confirms']]);
    assert.deepEqual(tomas, []);
    assert.deepEqual(await evolvesOf(newers[1]), []);
  });

  test('a restatement is linked as confirms', async () => {
    const older = await createMemory(app, { content: 'The release train leaves every second Tuesday at noon' });
    const newer = await createMemory(app, { content: 'The release train leaves every second Tuesday at noon.' });
    const [edge] = await evolvesOf(older);
    assert.deepEqual([edge?.from_memory_id, edge?.relation], [newer, 'confirms']);
  });

  test('a change cue about something else links nothing', async () => {
    const older = await createMemory(app, { content: 'Marco prefers green tea in the morning' });
    await createMemory(app, { content: 'The deploy pipeline now runs on every merge' });
    await createMemory(app, { content: 'Jonas now prefers black coffee in the morning' });
    assert.deepEqual(await evolvesOf(older), []);
  });

  test('memories of another space are never linked', async () => {
    const older = await createMemory(app, { content: 'The build server runs Debian 11', space_id: 'infra' });
    const newer = await createMemory(app, { content: 'The build server now runs Debian 12', space_id: 'home' });
    assert.deepEqual(await evolvesOf(older), []);
    assert.deepEqual(await evolvesOf(newer), []);
  });

  test('updating a memory by its caller id does not link it', async () => {
    const older = await createMemory(app, { content: 'The wiki lives on Confluence' });
    const id = await createMemory(app, { content: 'The staging cluster has three nodes' });
    const upsert = await post(app, '/memories', { id, content: 'The wiki now lives on Notion' });
    assert.equal(upsert.body.action, 'updated');
    assert.deepEqual(await evolvesOf(older), []);
  });

  test('only the latest version is a candidate: a chain grows from its newest memory', async () => {
    const v1 = await createMemory(app, { content: 'The on-call rotation is weekly for the platform team' });
    const v2 = await createMemory(app, { content: 'The on-call rotation is weekly for the platform team' });
    await post(app, `/memories/${v1}/supersede`, { newer_memory_id: v2 });
    const v3 = await createMemory(app, { content: 'The on-call rotation is now biweekly for the platform team' });
    const edges = await evolvesOf(v3);
    assert.deepEqual(edges.map(e => [e.from_memory_id, e.to_memory_id]), [[v3, v2]]);
  });
});
