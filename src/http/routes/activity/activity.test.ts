import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';

/** Makes the app's clock tick one second per reading from `start`, so every write has its own time. */
function tickingClock(app: App, start: string) {
  let at = Date.parse(start);
  app.deps.clock.now = () => new Date((at += 1000)).toISOString();
}

const evolve = (app: App, newer: string, older: string, extra: Record<string, unknown> = {}) =>
  post(app, `/memories/${newer}/relations`, { target_memory_id: older, relation_type: 'EVOLVES', ...extra });

describe('EVOLVES history (GET /agent/evolves)', () => {
  let app: App;
  let v1: string, v2: string, v3: string, other: string;
  before(async () => {
    app = await buildTestApp();
    tickingClock(app, '2030-01-01T00:00:00Z');
    v1 = await createMemory(app, { title: 'Deploy v1', content: 'Deploys go out from the ops laptop' });
    v2 = await createMemory(app, { title: 'Deploy v2', content: 'Deploys also need a change ticket' });
    v3 = await createMemory(app, { title: 'Deploy v3', content: 'Deploys are done by the pipeline alone' });
    other = await createMemory(app, { title: 'Lunch', content: 'Lunch orders close at 11' });
    assert.equal((await evolve(app, v2, v1, { properties: { relation: 'enriches', detected_by: 'auto' }, reviewed: false })).status, 200);
    assert.equal((await evolve(app, v3, v2, { properties: { relation: 'replaces' } })).status, 200);
  });
  after(() => app.close());

  test("a memory's history lists the edges where it is the newer or the older one, newest first, with titles", async () => {
    const response = await get(app, `/agent/evolves?memory_id=${v2}`);
    assert.equal(response.status, 200);
    assert.equal(response.body.total, 2);
    assert.deepEqual(
      response.body.edges.map((e: any) => [e.newer_id, e.older_id, e.newer_title, e.older_title, e.content_relation]),
      [
        [v3, v2, 'Deploy v3', 'Deploy v2', 'replaces'],
        [v2, v1, 'Deploy v2', 'Deploy v1', 'enriches'],
      ],
    );
    assert.deepEqual(response.body.items, response.body.edges);
    assert.deepEqual(response.body.evolves, response.body.edges);
    assert.equal(response.body.edges[1].detected_by, 'auto');
    assert.equal(response.body.edges[1].reviewed, false);
  });

  test('content_relation and unreviewed_only narrow the list, and total counts under the same filters', async () => {
    const enriches = await get(app, '/agent/evolves?content_relation=enriches');
    assert.deepEqual(enriches.body.edges.map((e: any) => e.newer_id), [v2]);
    assert.equal(enriches.body.total, 1);
    const unreviewed = await get(app, '/agent/evolves?unreviewed_only=true');
    assert.deepEqual(unreviewed.body.edges.map((e: any) => e.newer_id), [v2]);
    assert.equal(unreviewed.body.total, 1);
    const none = await get(app, '/agent/evolves?content_relation=challenges');
    assert.deepEqual([none.body.edges, none.body.total], [[], 0]);
  });

  test('limit and offset page through the edges', async () => {
    const first = await get(app, '/agent/evolves?limit=1');
    const second = await get(app, '/agent/evolves?limit=1&offset=1');
    assert.deepEqual([first.body.total, first.body.has_more, second.body.has_more], [2, true, false]);
    assert.deepEqual([first.body.edges[0].newer_id, second.body.edges[0].newer_id], [v3, v2]);
  });

  test('a memory without history has none; edges touching a forgotten memory are not listed', async () => {
    assert.deepEqual((await get(app, `/agent/evolves?memory_id=${other}`)).body.edges, []);
    const a = await createMemory(app, { content: 'Backups run nightly at 2am' });
    const b = await createMemory(app, { content: 'Backups run hourly now' });
    await evolve(app, b, a);
    assert.equal((await get(app, `/agent/evolves?memory_id=${a}`)).body.total, 1);
    assert.equal((await post(app, `/memories/${a}/forget`, {})).status, 200);
    assert.equal((await get(app, `/agent/evolves?memory_id=${b}`)).body.total, 0);
  });

  test('limit is 1..200', async () => {
    assert.deepEqual(validationLocs(await get(app, '/agent/evolves?limit=0')), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, '/agent/evolves?limit=201')), ['query.limit']);
  });
});

describe('activity feed (GET /agent/feed/events)', () => {
  let app: App;
  let memory: string, newer: string, mergeId: string;
  before(async () => {
    app = await buildTestApp();
    tickingClock(app, '2030-03-01T10:00:00Z');
    memory = await createMemory(app, { title: 'Standup time', content: 'Standup is at 9:30', labels: ['Team'], unit_type: 'fact' });
    await post(app, '/threads', { thread_id: 'feed-thread', title: 'Planning call', source: 'openclaw', messages: [{ role: 'user', content: 'hello' }] });
    newer = await createMemory(app, { title: 'Standup moved', content: 'Standup is at 10:00 from March' });
    await evolve(app, newer, memory, { properties: { relation: 'replaces' } });
    const labels = (await get(app, '/labels')).body as { id: string; name: string }[];
    const team = labels.find(l => l.name === 'Team')!;
    const created = await post(app, '/labels?name=People');
    mergeId = (await post(app, `/labels/merge?source_id=${team.id}&target_id=${created.body.id}`)).body.merge_id;
    assert.ok(mergeId);
  });
  after(() => app.close());

  test('memories created, a thread saved, an EVOLVES edge and a label merge all appear, newest first', async () => {
    const response = await get(app, '/agent/feed/events');
    assert.equal(response.status, 200);
    const events = response.body.events;
    const kinds = events.map((e: any) => e.event_type);
    assert.deepEqual(kinds.slice(0, 3), ['label_merged', 'evolves_detected', 'memory_created']);
    assert.deepEqual(kinds.slice(3), ['thread_saved', 'memory_created']);
    assert.equal(response.body.total, 5);
    const byType = Object.fromEntries(events.map((e: any) => [e.event_type, e]));
    assert.equal(byType.label_merged.title, 'Label "Team" merged into "People"');
    assert.equal(byType.evolves_detected.title, '"Standup moved" replaces "Standup time"');
    assert.deepEqual(byType.evolves_detected.related_memory_ids, [newer, memory]);
    assert.equal(byType.thread_saved.title, 'Planning call');
    assert.equal(byType.thread_saved.metadata.thread_id, 'feed-thread');
    assert.equal(events[4].memory_id, memory);
    assert.equal(events[4].title, 'Standup time');
    for (const e of events) {
      assert.equal(e.severity, 'info');
      assert.ok(e.created_at.startsWith('2030-03-01T10:00:'), e.created_at);
    }
  });

  test('event_type keeps one kind (or a list); types Cairn does not record find nothing', async () => {
    const created = await get(app, '/agent/feed/events?event_type=memory_created');
    assert.deepEqual(created.body.events.map((e: any) => e.memory_id), [newer, memory]);
    const two = await get(app, '/agent/feed/events?event_type=thread_saved,label_merged');
    assert.deepEqual(two.body.events.map((e: any) => e.event_type), ['label_merged', 'thread_saved']);
    const flags = await get(app, '/agent/feed/events?event_type=flag_contradiction');
    assert.deepEqual([flags.body.events, flags.body.total], [[], 0]);
    assert.deepEqual((await get(app, '/agent/feed/events?unresolved_only=true')).body.events, []);
  });

  test('pages follow one order: offset continues where the last page stopped, has_more says when more follow', async () => {
    const all = (await get(app, '/agent/feed/events')).body.events.map((e: any) => e.id);
    const first = await get(app, '/agent/feed/events?limit=2&include_total=false');
    const second = await get(app, '/agent/feed/events?limit=2&offset=2&include_total=false');
    const last = await get(app, '/agent/feed/events?limit=2&offset=4');
    assert.deepEqual([...first.body.events, ...second.body.events, ...last.body.events].map((e: any) => e.id), all);
    assert.deepEqual([first.body.total, first.body.has_more, last.body.has_more, last.body.total], [null, true, false, 5]);
  });

  test('last_n_days leaves older activity out; date_from and date_to pick whole days', async () => {
    app.deps.clock.now = () => '2030-03-20T10:00:00.000Z';
    assert.equal((await get(app, '/agent/feed/events?last_n_days=30')).body.total, 5);
    assert.equal((await get(app, '/agent/feed/events?last_n_days=7')).body.total, 0);
    assert.equal((await get(app, '/agent/feed/events?date_from=2030-03-01&date_to=2030-03-01')).body.total, 5);
    assert.equal((await get(app, '/agent/feed/events?date_from=2030-03-02')).body.total, 0);
    assert.deepEqual(validationLocs(await get(app, '/agent/feed/events?date_from=2030-03-05&date_to=2030-03-01')), ['query.date_from']);
    assert.deepEqual(validationLocs(await get(app, '/agent/feed/events?date_to=March')), ['query.date_to']);
    tickingClock(app, '2030-03-01T11:00:00Z');
  });

  test("space_id keeps that space's activity only, and forgotten memories leave the feed", async () => {
    const elsewhere = await createMemory(app, { content: 'Home wifi password rotates monthly', space_id: 'home' });
    const home = await get(app, '/agent/feed/events?space_id=home');
    assert.deepEqual(home.body.events.map((e: any) => e.memory_id), [elsewhere]);
    assert.equal((await post(app, `/memories/${elsewhere}/forget`, { space_id: 'home' })).status, 200);
    assert.deepEqual((await get(app, '/agent/feed/events?space_id=home')).body.events, []);
  });

  test('limit is 1..1000 and last_n_days 1..365', async () => {
    assert.deepEqual(validationLocs(await get(app, '/agent/feed/events?limit=1001')), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, '/agent/feed/events?last_n_days=0')), ['query.last_n_days']);
  });
});
