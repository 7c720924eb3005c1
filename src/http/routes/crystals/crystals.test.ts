import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, patch, post, validationLocs } from '../../../../test/helpers.ts';
import { splitSentences } from '../../../domain/crystalSynthesis.ts';

const weightSum = (sources: { contribution_weight: number }[]) => sources.reduce((sum, s) => sum + s.contribution_weight, 0);

const SUPPORT_GROUP = [
  'Caroline joined the LGBTQ support group in May. The support group meets every Tuesday in the community centre. ' +
    'Caroline says the group gave her the courage to start the adoption process. ' +
    'The group organises a pride picnic for the summer. She brought cookies once.',
  'Caroline said the support group meets every Tuesday at the community centre. Her dog is called Oscar.',
];

describe('making a crystal (POST /crystals)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a crystal of two memories is a memory marked is_crystal, with its sources and their weights', async () => {
    const ids = [await createMemory(app, { content: SUPPORT_GROUP[0] }), await createMemory(app, { content: SUPPORT_GROUP[1] })];
    const response = await post(app, '/crystals', { memory_ids: ids });
    assert.equal(response.status, 200, response.text);
    const { id, crystal, sources } = response.body;
    assert.equal(crystal.id, id);
    assert.equal(crystal.is_crystal, true);
    assert.equal(crystal.unit_type, 'learning');
    assert.deepEqual(crystal.crystal, { synthesis: 'extractive', community_id: null, source_count: 2, stale: false, stale_sources: [] });
    assert.deepEqual(sources.map((s: { memory_id: string }) => s.memory_id), ids);
    assert.equal((await get(app, `/memories/${id}`)).body.crystal.source_count, 2);
  });

  test('the source the crystal uses more weighs more, and the weights sum to 1', async () => {
    const ids = [await createMemory(app, { content: SUPPORT_GROUP[0] }), await createMemory(app, { content: SUPPORT_GROUP[1] })];
    const { sources } = (await post(app, '/crystals', { memory_ids: ids })).body;
    assert.ok(Math.abs(weightSum(sources) - 1) < 1e-9);
    assert.ok(sources[0].contribution_weight > sources[1].contribution_weight, JSON.stringify(sources));
  });

  test('every sentence of an extractive crystal is a sentence of one of its sources', async () => {
    const contents = [
      'We moved the billing service to Fly.io in March. Deploys now take two minutes. The old Heroku app is read-only.',
      'Billing on Fly.io costs less than Heroku did. The team likes the faster deploys.',
      'Fly.io machines for billing run in Frankfurt and Paris. Dr. Chen reviewed the setup on 3.5 hours of notice.',
    ];
    const ids = [];
    for (const content of contents) ids.push(await createMemory(app, { content }));
    const { crystal } = (await post(app, '/crystals', { memory_ids: ids })).body;
    const sentences = splitSentences(crystal.content);
    assert.ok(sentences.length >= 3);
    for (const sentence of sentences) assert.ok(contents.some(c => c.includes(sentence)), sentence);
  });

  test('a sentence several sources repeat appears once', async () => {
    const ids = [
      await createMemory(app, { content: 'The release train leaves every second Thursday. QA signs off on Wednesdays.' }),
      await createMemory(app, { content: 'Reminder: the release train leaves every second Thursday! Hotfixes go out any day.' }),
      await createMemory(app, { content: 'The release train leaves every second Thursday. Release notes are written by the on-call engineer.' }),
    ];
    const { crystal } = (await post(app, '/crystals', { memory_ids: ids })).body;
    assert.equal(crystal.content.match(/release train leaves every second Thursday/gi)?.length, 1, crystal.content);
  });

  test('fifty memories make one crystal, within the content bound', async () => {
    const ids = [];
    for (let i = 0; i < 50; i++) {
      ids.push(await createMemory(app, { content: `Sprint ${i} closed ${i % 7} tickets about the search index. Ticket ${i} was about Redis caching.` }));
    }
    const response = await post(app, '/crystals', { memory_ids: ids });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.sources.length, 50);
    assert.equal(response.body.crystal.crystal.source_count, 50);
    assert.ok(Math.abs(weightSum(response.body.sources) - 1) < 1e-9);
    assert.ok(response.body.crystal.content.length <= 32768);
  });

  test('one or fifty-one memories, or the same memory twice, are refused with 422', async () => {
    const one = await createMemory(app, { content: 'A lonely memory' });
    assert.deepEqual(validationLocs(await post(app, '/crystals', { memory_ids: [one] })), ['body.memory_ids']);
    const many = Array.from({ length: 51 }, (_, i) => `id-${i}`);
    assert.deepEqual(validationLocs(await post(app, '/crystals', { memory_ids: many })), ['body.memory_ids']);
    assert.deepEqual(validationLocs(await post(app, '/crystals', { memory_ids: [one, one] })), ['body.memory_ids']);
  });

  test('an unknown source is a 404 and no crystal is made', async () => {
    const before = (await get(app, '/memories?is_crystal=true')).body.pagination.total;
    const known = await createMemory(app, { content: 'Known memory about gardening' });
    const response = await post(app, '/crystals', { memory_ids: [known, 'no-such-memory'] });
    assert.equal(response.status, 404);
    assert.equal(response.body.error_code, 'memory_not_found');
    assert.equal((await get(app, '/memories?is_crystal=true')).body.pagination.total, before);
  });

  test('a forgotten source is a 404, like any read of a forgotten memory', async () => {
    const a = await createMemory(app, { content: 'Tomatoes need full sun' });
    const b = await createMemory(app, { content: 'Tomatoes need deep watering' });
    await post(app, `/memories/${b}/forget`, {});
    const response = await post(app, '/crystals', { memory_ids: [a, b] });
    assert.equal(response.status, 404);
    assert.equal(response.body.error_code, 'memory_not_found');
  });

  test('the title is the caller\'s, or else names what the sources share', async () => {
    const ids = [await createMemory(app, { content: SUPPORT_GROUP[0] }), await createMemory(app, { content: SUPPORT_GROUP[1] })];
    assert.equal((await post(app, '/crystals', { memory_ids: ids, title: 'Support group' })).body.crystal.title, 'Support group');
    assert.equal((await post(app, '/crystals', { memory_ids: ids })).body.crystal.title, 'Caroline');
  });

  test('the crystal lives in the space of its sources unless told otherwise', async () => {
    const ids = [
      await createMemory(app, { content: 'Kafka topics are partitioned by customer', space_id: 'work' }),
      await createMemory(app, { content: 'Kafka consumers read partitions in order', space_id: 'work' }),
    ];
    assert.equal((await post(app, '/crystals', { memory_ids: ids })).body.crystal.space_id, 'work');
    assert.equal((await post(app, '/crystals', { memory_ids: ids, space_id: 'notes' })).body.crystal.space_id, 'notes');
  });
});

describe('finding crystals', () => {
  let app: App;
  let crystalId: string;
  before(async () => {
    app = await buildTestApp();
    const ids = [
      await createMemory(app, { content: 'Zanzibar spice farms grow cloves and nutmeg.' }),
      await createMemory(app, { content: 'Cloves from Zanzibar are harvested by hand.' }),
    ];
    crystalId = (await post(app, '/crystals', { memory_ids: ids, title: 'Zanzibar spices' })).body.id;
  });
  after(() => app.close());

  test('the is_crystal list filter lists crystals only, or leaves them out', async () => {
    const crystals = (await get(app, '/memories?is_crystal=true')).body.memories;
    assert.deepEqual(crystals.map((m: { id: string }) => m.id), [crystalId]);
    assert.equal(crystals[0].crystal.synthesis, 'extractive');
    const others = (await get(app, '/memories?is_crystal=false')).body.memories;
    assert.equal(others.length, 2);
    assert.ok(others.every((m: Record<string, unknown>) => m.is_crystal === false && !('crystal' in m)));
  });

  test('search finds a crystal, with its crystal field', async () => {
    const results = (await post(app, '/memories/search', { query: 'Zanzibar spices' })).body;
    const hit = results.find((r: { memory: { id: string } }) => r.memory.id === crystalId);
    assert.ok(hit, JSON.stringify(results.map((r: { memory: { title: string } }) => r.memory.title)));
    assert.equal(hit.memory.crystal.stale, false);
  });
});

describe('a stale crystal', () => {
  test('editing, forgetting and deleting sources each make the crystal stale, with the reason', async () => {
    const app = await buildTestApp();
    try {
      const ids = [
        await createMemory(app, { content: 'The office moved to Porto in 2024.' }),
        await createMemory(app, { content: 'The Porto office has twelve desks.' }),
        await createMemory(app, { content: 'The Porto office is near the river.' }),
      ];
      const crystalId = (await post(app, '/crystals', { memory_ids: ids })).body.id;
      const state = async () => (await get(app, `/memories/${crystalId}`)).body.crystal;
      assert.equal((await state()).stale, false);

      assert.equal((await patch(app, `/memories/${ids[0]}`, { content: 'The office moved to Lisbon in 2025.' })).status, 200);
      assert.deepEqual(await state(), {
        synthesis: 'extractive', community_id: null, source_count: 3, stale: true,
        stale_sources: [{ memory_id: ids[0], reason: 'source_changed' }],
      });

      await post(app, `/memories/${ids[1]}/forget`, {});
      assert.equal((await del(app, `/memories/${ids[2]}`)).status, 200);
      assert.deepEqual((await state()).stale_sources, [
        { memory_id: ids[0], reason: 'source_changed' },
        { memory_id: ids[1], reason: 'source_forgotten' },
        { memory_id: ids[2], reason: 'source_deleted' },
      ]);
    } finally {
      await app.close();
    }
  });
});
