import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, patch, post, validationLocs } from '../../../../test/helpers.ts';

const preview = (app: App, decision: string, memory_ids: string[]) => post(app, '/memories/evolves/revision/preview', { decision, memory_ids });
const apply = (app: App, plan_id: string, decision: string, memory_ids: string[]) =>
  post(app, '/memories/evolves/revision/apply', { plan_id, decision, memory_ids });

/** Every memory (any state) of the spaces used and every relation row: what "changes nothing" is checked against. */
async function dump(app: App) {
  const store = app.deps.store;
  const ids = [...(await store.memories.idsInSpace('default')), ...(await store.memories.idsInSpace('other'))];
  return JSON.stringify({ memories: await store.memories.getMany(ids), relations: await store.relations.listAll() });
}

/** A pair linked by supersede: older is superseded and not latest, newer → older `replaces`. */
async function supersededPair(app: App, label: string) {
  const older = await createMemory(app, { content: `${label}: the old version`, title: `${label} old` });
  const newer = await createMemory(app, { content: `${label}: the new version`, title: `${label} new` });
  assert.equal((await post(app, `/memories/${older}/supersede`, { newer_memory_id: newer, reason: 'newer' })).status, 200);
  return { older, newer };
}

const memoryState = async (app: App, id: string) => {
  const m = (await app.deps.store.memories.getById(id))!;
  return { is_latest: m.is_latest, lifecycle_state: m.lifecycle_state };
};

describe('history correction preview (POST /memories/evolves/revision/preview)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('shows the exact edge, the memories with their contents, and the plan; it changes nothing', async () => {
    const { older, newer } = await supersededPair(app, 'shape');
    await createMemory(app, { content: 'an unrelated memory in another space', space_id: 'other' });
    const before = await dump(app);
    const response = await preview(app, 'enriches', [older, newer]);
    assert.equal(response.status, 200);
    const body = response.body;
    assert.equal(body.decision, 'enriches');
    assert.equal(body.current_edges.length, 1);
    const [edge] = body.current_edges;
    assert.deepEqual(
      { from: edge.from_memory_id, to: edge.to_memory_id, relation: edge.relation, by: edge.detected_by, reviewed: edge.reviewed, reason: edge.reason, confidence: edge.confidence },
      { from: newer, to: older, relation: 'replaces', by: 'user', reviewed: true, reason: 'newer', confidence: 1 },
    );
    assert.equal(body.target_relation, 'enriches');
    assert.equal(body.authoritative_memory_id, newer);
    assert.deepEqual(body.memories.map((m: any) => m.id), [older, newer]);
    assert.deepEqual(Object.keys(body.memories[0]).sort(), ['created_at', 'id', 'is_latest', 'lifecycle_state', 'space_id', 'title']);
    assert.equal(body.memories[0].lifecycle_state, 'superseded');
    assert.equal(body.memories[0].is_latest, false);
    assert.deepEqual(body.memory_contents, { [older]: 'shape: the old version', [newer]: 'shape: the new version' });
    assert.equal(body.memories_preserved, true);
    assert.equal(body.can_apply, true);
    assert.equal(body.cannot_apply_reason, '');
    assert.match(body.plan_id, /^[0-9a-f]{32}$/);
    for (const decision of ['replaces', 'confirms', 'challenges', 'reverse', 'unlink']) assert.equal((await preview(app, decision, [older, newer])).status, 200);
    assert.equal(await dump(app), before, 'previews wrote nothing');
  });

  test('plan_id is stable for the same pair, decision and edges, and changes when any of them does', async () => {
    const { older, newer } = await supersededPair(app, 'stable');
    const first = (await preview(app, 'reverse', [older, newer])).body.plan_id;
    assert.equal((await preview(app, 'reverse', [older, newer])).body.plan_id, first);
    assert.equal((await preview(app, 'reverse', [newer, older])).body.plan_id, first, 'the pair in either order');
    assert.notEqual((await preview(app, 'unlink', [older, newer])).body.plan_id, first);
    const [relation] = (await get(app, `/memories/${older}/relations?types=EVOLVES`)).body.relations;
    await patch(app, `/memories/relations/${relation.id}`, { confidence: 0.5 });
    assert.notEqual((await preview(app, 'reverse', [older, newer])).body.plan_id, first);
  });

  test('authoritative memory: the newer side for a relation, the current older side for reverse, none for unlink', async () => {
    const { older, newer } = await supersededPair(app, 'authority');
    assert.equal((await preview(app, 'challenges', [older, newer])).body.authoritative_memory_id, newer);
    const reverse = (await preview(app, 'reverse', [older, newer])).body;
    assert.equal(reverse.authoritative_memory_id, older);
    assert.equal(reverse.target_relation, 'replaces');
    const unlink = (await preview(app, 'unlink', [older, newer])).body;
    assert.equal(unlink.authoritative_memory_id, '');
    assert.equal(unlink.target_relation, '');
    assert.equal(unlink.can_apply, true);
  });

  test('cannot-apply reasons: no edge, several edges, a forgotten memory, already so, the same memory', async () => {
    const a = await createMemory(app, { content: 'unlinked a' });
    const b = await createMemory(app, { content: 'unlinked b' });
    const none = (await preview(app, 'replaces', [a, b])).body;
    assert.deepEqual([none.can_apply, none.cannot_apply_reason, none.current_edges], [false, 'no_evolves_edge', []]);

    const { older, newer } = await supersededPair(app, 'reasons');
    await post(app, `/memories/${older}/relations`, { target_memory_id: newer, relation_type: 'EVOLVES', properties: { relation: 'challenges' } });
    const several = (await preview(app, 'confirms', [older, newer])).body;
    assert.deepEqual([several.can_apply, several.cannot_apply_reason, several.current_edges.length], [false, 'multiple_edges', 2]);
    assert.equal((await preview(app, 'unlink', [older, newer])).body.can_apply, true, 'unlink clears several edges');

    const kept = await supersededPair(app, 'already');
    const same = (await preview(app, 'replaces', [kept.older, kept.newer])).body;
    assert.deepEqual([same.can_apply, same.cannot_apply_reason], [false, 'already_in_state']);

    const gone = await supersededPair(app, 'forgotten');
    await post(app, `/memories/${gone.older}/forget`);
    const forgotten = (await preview(app, 'enriches', [gone.older, gone.newer])).body;
    assert.deepEqual([forgotten.can_apply, forgotten.cannot_apply_reason], [false, 'memory_forgotten']);

    const self = (await preview(app, 'replaces', [a, a])).body;
    assert.deepEqual([self.can_apply, self.cannot_apply_reason, self.authoritative_memory_id], [false, 'same_memory', '']);
  });

  test('an unknown memory is a 404; a bad decision or pair is a 422', async () => {
    const a = await createMemory(app, { content: 'known' });
    const missing = await preview(app, 'replaces', [a, 'no-such-memory']);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
    assert.deepEqual(validationLocs(await preview(app, 'supersedes', [a, a])), ['body.decision']);
    assert.equal((await preview(app, 'replaces', [a])).status, 422);
    assert.equal((await preview(app, 'replaces', [a, a, a])).status, 422);
    assert.deepEqual(validationLocs(await post(app, '/memories/evolves/revision/preview', { decision: 'unlink' })), ['body.memory_ids']);
  });
});

describe('applying a history correction (POST /memories/evolves/revision/apply)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  async function planned(decision: string, pair: string[]) {
    const body = (await preview(app, decision, pair)).body;
    assert.equal(body.can_apply, true, body.cannot_apply_reason);
    return body;
  }

  test('reverse swaps the edge and the latest memory; the superseded one comes back', async () => {
    const { older, newer } = await supersededPair(app, 'reverse');
    const plan = await planned('reverse', [older, newer]);
    const applied = await apply(app, plan.plan_id, 'reverse', [older, newer]);
    assert.equal(applied.status, 200, applied.text);
    assert.equal(applied.body.authoritative_memory_id, older);
    assert.deepEqual(applied.body.current_edges.map((e: any) => [e.from_memory_id, e.to_memory_id, e.relation, e.reviewed]), [[older, newer, 'replaces', true]]);
    assert.deepEqual(await memoryState(app, older), { is_latest: true, lifecycle_state: 'active' });
    assert.deepEqual(await memoryState(app, newer), { is_latest: false, lifecycle_state: 'superseded' });
    assert.equal((await get(app, `/memories/${older}`)).body.is_latest, true);
  });

  test('changing the relation keeps the direction; only replaces leaves the older memory superseded', async () => {
    const { older, newer } = await supersededPair(app, 'enrich');
    const plan = await planned('enriches', [newer, older]);
    assert.equal((await apply(app, plan.plan_id, 'enriches', [newer, older])).status, 200);
    const [edge] = await app.deps.store.evolves.between(older, newer);
    assert.deepEqual([edge!.from_memory_id, edge!.relation, edge!.reviewed], [newer, 'enriches', true]);
    assert.deepEqual(await memoryState(app, older), { is_latest: false, lifecycle_state: 'active' });
    assert.deepEqual(await memoryState(app, newer), { is_latest: true, lifecycle_state: 'active' });
  });

  test('previewing the relation an automatic edge already has answers already_in_state, and changes nothing', async () => {
    const older = await createMemory(app, { content: 'auto older' });
    const newer = await createMemory(app, { content: 'auto newer' });
    await app.deps.store.evolves.insert({
      id: app.deps.ids.next(), from_memory_id: newer, to_memory_id: older, relation: 'replaces', confidence: 0.7,
      detected_by: 'auto', reason: 'looked like an update', reviewed: false, created_at: app.deps.clock.now(),
    });
    const previewed = await preview(app, 'replaces', [older, newer]);
    assert.deepEqual([previewed.body.can_apply, previewed.body.cannot_apply_reason], [false, 'already_in_state']);
    const [edge] = await app.deps.store.evolves.between(older, newer);
    assert.deepEqual([edge!.detected_by, edge!.reviewed], ['auto', false]);
  });

  test('unlink soft-deletes the edges and leaves both memories latest and active', async () => {
    const { older, newer } = await supersededPair(app, 'unlink');
    const plan = await planned('unlink', [older, newer]);
    const applied = await apply(app, plan.plan_id, 'unlink', [older, newer]);
    assert.equal(applied.status, 200);
    assert.deepEqual(applied.body.current_edges, []);
    assert.deepEqual(await memoryState(app, older), { is_latest: true, lifecycle_state: 'active' });
    assert.deepEqual(await memoryState(app, newer), { is_latest: true, lifecycle_state: 'active' });
    assert.equal((await get(app, `/memories/${older}/relations?status=deleted&types=EVOLVES`)).body.total, 1);
    assert.equal((await preview(app, 'replaces', [older, newer])).body.cannot_apply_reason, 'no_evolves_edge');
  });

  test('a plan whose edges changed since the preview is a 409 plan_stale and changes nothing', async () => {
    const { older, newer } = await supersededPair(app, 'stale');
    const plan = await planned('reverse', [older, newer]);
    const [relation] = (await get(app, `/memories/${older}/relations?types=EVOLVES`)).body.relations;
    await patch(app, `/memories/relations/${relation.id}`, { reason: 'edited meanwhile' });
    const before = await dump(app);
    const stale = await apply(app, plan.plan_id, 'reverse', [older, newer]);
    assert.equal(stale.status, 409);
    assert.equal(stale.body.error_code, 'plan_stale');
    assert.equal(await dump(app), before);
    assert.equal((await apply(app, plan.plan_id, 'unlink', [older, newer])).body.error_code, 'plan_stale', 'a plan for another decision');
  });

  test('applying the same plan twice: the second time it is stale', async () => {
    const { older, newer } = await supersededPair(app, 'twice');
    const plan = await planned('confirms', [older, newer]);
    assert.equal((await apply(app, plan.plan_id, 'confirms', [older, newer])).status, 200);
    assert.equal((await apply(app, plan.plan_id, 'confirms', [older, newer])).body.error_code, 'plan_stale');
  });

  test('a plan that cannot be applied is a 409 cannot_apply naming the reason', async () => {
    const { older, newer } = await supersededPair(app, 'blocked');
    const plan = (await preview(app, 'replaces', [older, newer])).body;
    const refused = await apply(app, plan.plan_id, 'replaces', [older, newer]);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error_code, 'cannot_apply');
    assert.equal(refused.body.cannot_apply_reason, 'already_in_state');
  });

  test('apply validates like preview and 404s on unknown memories', async () => {
    const a = await createMemory(app, { content: 'apply validation' });
    assert.deepEqual(validationLocs(await post(app, '/memories/evolves/revision/apply', { decision: 'reverse', memory_ids: [a, a] })), ['body.plan_id']);
    assert.equal((await apply(app, 'x', 'reverse', [a, 'no-such-memory'])).status, 404);
  });
});
