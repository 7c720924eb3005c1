import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, patch, post, validationLocs } from '../../../../test/helpers.ts';

const relate = (app: App, from: string, body: Record<string, unknown>) => post(app, `/memories/${from}/relations`, body);

async function relationOk(app: App, from: string, body: Record<string, unknown>) {
  const response = await relate(app, from, body);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

describe('creating memory relations (POST /memories/{id}/relations)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a relation carries both ends with their titles and spaces, and the reference defaults', async () => {
    const a = await createMemory(app, { content: 'Postgres is our main database', title: 'Database choice' });
    const b = await createMemory(app, { content: 'We run nightly backups', title: 'Backups', space_id: 'ops' });
    const created = await relationOk(app, a, { target_memory_id: b, relation_type: 'SUPPORTS' });
    assert.match(created.id, /^[0-9a-f-]{36}$/);
    assert.equal(created.source_memory_id, a);
    assert.equal(created.source_title, 'Database choice');
    assert.equal(created.source_space_id, 'default');
    assert.equal(created.target_memory_id, b);
    assert.equal(created.target_title, 'Backups');
    assert.equal(created.target_space_id, 'ops');
    assert.equal(created.relation_type, 'SUPPORTS');
    assert.equal(created.strength, 1);
    assert.equal(created.confidence, 1);
    assert.equal(created.bidirectional, false);
    assert.equal(created.status, 'active');
    assert.equal(created.reviewed, true);
    assert.equal(created.source, 'api');
    assert.deepEqual(created.properties, {});
    assert.equal(created.direction, 'out');
    assert.ok(!Number.isNaN(Date.parse(created.created_at)));
  });

  test('creating the same source, target and type again updates that relation (an upsert)', async () => {
    const a = await createMemory(app, { content: 'upsert source' });
    const b = await createMemory(app, { content: 'upsert target' });
    const first = await relationOk(app, a, { target_memory_id: b, relation_type: 'CITES', strength: 0.3, reason: 'first', properties: { page: 1 } });
    const second = await relationOk(app, a, { target_memory_id: b, relation_type: 'CITES', strength: 0.8, properties: { line: 9 } });
    assert.equal(second.id, first.id);
    assert.equal(second.strength, 0.8);
    assert.equal(second.reason, 'first', 'a field not given keeps its value');
    assert.deepEqual(second.properties, { page: 1, line: 9 });
    assert.equal(second.created_at, first.created_at);
    const other = await relationOk(app, a, { target_memory_id: b, relation_type: 'CONTRADICTS' });
    assert.notEqual(other.id, first.id, 'another type is another relation');
    const listed = await get(app, `/memories/${a}/relations`);
    assert.equal(listed.body.total, 2);
  });

  test('a bidirectional relation created from the other end is the same relation', async () => {
    const a = await createMemory(app, { content: 'bidirectional a' });
    const b = await createMemory(app, { content: 'bidirectional b' });
    const first = await relationOk(app, a, { target_memory_id: b, relation_type: 'RELATED_TO', bidirectional: true });
    const again = await relationOk(app, b, { target_memory_id: a, relation_type: 'RELATED_TO', reason: 'same topic' });
    assert.equal(again.id, first.id);
    assert.equal(again.reason, 'same topic');
    assert.equal(again.direction, 'both');
  });

  test('a suggested relation is not reviewed unless the caller says so', async () => {
    const a = await createMemory(app, { content: 'suggested a' });
    const b = await createMemory(app, { content: 'suggested b' });
    const suggested = await relationOk(app, a, { target_memory_id: b, relation_type: 'MAYBE', status: 'suggested' });
    assert.equal(suggested.status, 'suggested');
    assert.equal(suggested.reviewed, false);
  });

  test('unknown memories answer 404 memory_not_found; the space guard applies to the source', async () => {
    const a = await createMemory(app, { content: 'guarded source', space_id: 'work' });
    const missingTarget = await relate(app, a, { target_memory_id: 'no-such-memory', relation_type: 'X' });
    assert.equal(missingTarget.status, 404);
    assert.equal(missingTarget.body.error_code, 'memory_not_found');
    const missingSource = await relate(app, 'no-such-memory', { target_memory_id: a, relation_type: 'X' });
    assert.equal(missingSource.status, 404);
    const b = await createMemory(app, { content: 'guarded target' });
    const outside = await relate(app, a, { target_memory_id: b, relation_type: 'X', space_id: 'default' });
    assert.equal(outside.status, 404);
    assert.equal((await relate(app, a, { target_memory_id: b, relation_type: 'X', space_id: 'work' })).status, 200);
  });

  test('a relation to a forgotten memory is a 404', async () => {
    const a = await createMemory(app, { content: 'remembers' });
    const b = await createMemory(app, { content: 'forgotten one' });
    await post(app, `/memories/${b}/forget`);
    assert.equal((await relate(app, a, { target_memory_id: b, relation_type: 'X' })).status, 404);
  });

  test('bad input is a 422: missing fields, out-of-range numbers, unknown status, a relation to itself', async () => {
    const a = await createMemory(app, { content: 'validation source' });
    const b = await createMemory(app, { content: 'validation target' });
    assert.deepEqual(validationLocs(await relate(app, a, { relation_type: 'X' })), ['body.target_memory_id']);
    assert.deepEqual(validationLocs(await relate(app, a, { target_memory_id: b })), ['body.relation_type']);
    assert.deepEqual(validationLocs(await relate(app, a, { target_memory_id: b, relation_type: '  ' })), ['body.relation_type']);
    assert.deepEqual(validationLocs(await relate(app, a, { target_memory_id: b, relation_type: 'X', strength: 1.5 })), ['body.strength']);
    assert.deepEqual(validationLocs(await relate(app, a, { target_memory_id: b, relation_type: 'X', confidence: -0.1 })), ['body.confidence']);
    assert.deepEqual(validationLocs(await relate(app, a, { target_memory_id: b, relation_type: 'X', status: 'deleted' })), ['body.status']);
    assert.deepEqual(validationLocs(await relate(app, a, { target_memory_id: b, relation_type: 'X', status: 'bogus' })), ['body.status']);
    assert.deepEqual(validationLocs(await relate(app, a, { target_memory_id: a, relation_type: 'X' })), ['body.target_memory_id']);
    assert.deepEqual(validationLocs(await post(app, `/memories/${a}/relations`)), ['body']);
    assert.equal((await get(app, `/memories/${a}/relations?status=all`)).body.total, 0, 'nothing was written');
  });

  test('unknown body fields are ignored', async () => {
    const a = await createMemory(app, { content: 'extra fields a' });
    const b = await createMemory(app, { content: 'extra fields b' });
    const created = await relationOk(app, a, { target_memory_id: b, relation_type: 'X', no_such_field: true });
    assert.equal(created.relation_type, 'X');
  });
});

describe('EVOLVES through the relations API', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('relation_type EVOLVES with properties.relation records an EVOLVES edge newer → older', async () => {
    const older = await createMemory(app, { content: 'The team uses Jenkins' });
    const newer = await createMemory(app, { content: 'The team uses GitHub Actions' });
    const created = await relationOk(app, newer, { target_memory_id: older, relation_type: 'evolves', properties: { relation: 'replaces' }, reason: 'CI moved' });
    assert.equal(created.relation_type, 'EVOLVES');
    assert.deepEqual(created.properties, { relation: 'replaces', detected_by: 'user' });
    const edges = await app.deps.store.evolves.between(older, newer);
    assert.deepEqual(
      edges.map(e => [e.from_memory_id, e.to_memory_id, e.relation, e.detected_by, e.reviewed, e.reason]),
      [[newer, older, 'replaces', 'user', true, 'CI moved']],
    );
  });

  test('an EVOLVES relation without properties.relation defaults to replaces; a relation outside the vocabulary is a 422', async () => {
    const older = await createMemory(app, { content: 'evolves default older' });
    const newer = await createMemory(app, { content: 'evolves default newer' });
    assert.equal((await relationOk(app, newer, { target_memory_id: older, relation_type: 'EVOLVES' })).properties.relation, 'replaces');
    const bad = await relate(app, newer, { target_memory_id: older, relation_type: 'EVOLVES', properties: { relation: 'improves' } });
    assert.deepEqual(validationLocs(bad), ['body.properties.relation']);
    const detector = await relate(app, newer, { target_memory_id: older, relation_type: 'EVOLVES', properties: { detected_by: 'oracle' } });
    assert.deepEqual(validationLocs(detector), ['body.properties.detected_by']);
    const both = await relate(app, newer, { target_memory_id: older, relation_type: 'EVOLVES', bidirectional: true });
    assert.deepEqual(validationLocs(both), ['body.bidirectional']);
  });

  test('the EVOLVES edge written by supersede appears among the relations of both memories', async () => {
    const older = await createMemory(app, { content: 'Office on floor 3' });
    const newer = await createMemory(app, { content: 'Office on floor 5' });
    assert.equal((await post(app, `/memories/${older}/supersede`, { newer_memory_id: newer })).status, 200);
    const incoming = await get(app, `/memories/${older}/relations?direction=in&types=EVOLVES`);
    assert.equal(incoming.body.total, 1);
    const [edge] = incoming.body.relations;
    assert.equal(edge.source_memory_id, newer);
    assert.equal(edge.direction, 'in');
    assert.deepEqual(edge.properties, { relation: 'replaces', detected_by: 'user' });
    assert.equal((await get(app, `/memories/${newer}/relations?direction=out&types=evolves`)).body.relations[0].id, edge.id);
  });
});

describe('listing memory relations (GET /memories/{id}/relations)', () => {
  let app: App;
  let hub: string;
  const ids: Record<string, string> = {};
  before(async () => {
    app = await buildTestApp();
    hub = await createMemory(app, { content: 'hub memory' });
    for (const name of ['out1', 'out2', 'in1', 'both1', 'other-space', 'forgotten']) {
      ids[name] = await createMemory(app, { content: `memory ${name}`, space_id: name === 'other-space' ? 'elsewhere' : undefined });
    }
    await relationOk(app, hub, { target_memory_id: ids.out1, relation_type: 'SUPPORTS' });
    await relationOk(app, hub, { target_memory_id: ids.out2, relation_type: 'CITES' });
    await relationOk(app, ids.in1!, { target_memory_id: hub, relation_type: 'SUPPORTS' });
    await relationOk(app, ids.both1!, { target_memory_id: hub, relation_type: 'RELATED_TO', bidirectional: true });
    await relationOk(app, hub, { target_memory_id: ids['other-space'], relation_type: 'CITES' });
    await relationOk(app, hub, { target_memory_id: ids.forgotten, relation_type: 'CITES' });
    await post(app, `/memories/${ids.forgotten}/forget`);
  });
  after(() => app.close());

  const others = (body: any) =>
    body.relations.map((r: any) => (r.source_memory_id === hub ? r.target_memory_id : r.source_memory_id)).map((id: string) =>
      Object.keys(ids).find(k => ids[k] === id),
    );

  test('by default both directions, active only, newest first; relations to forgotten memories are left out', async () => {
    const listed = await get(app, `/memories/${hub}/relations`);
    assert.equal(listed.status, 200);
    assert.equal(listed.body.memory_id, hub);
    assert.equal(listed.body.total, 5);
    assert.deepEqual(others(listed.body), ['other-space', 'both1', 'in1', 'out2', 'out1']);
  });

  test('direction out and in; a bidirectional relation counts both ways', async () => {
    assert.deepEqual(others((await get(app, `/memories/${hub}/relations?direction=out`)).body), ['other-space', 'both1', 'out2', 'out1']);
    assert.deepEqual(others((await get(app, `/memories/${hub}/relations?direction=in`)).body), ['both1', 'in1']);
    const both = (await get(app, `/memories/${hub}/relations?direction=in`)).body.relations[0];
    assert.equal(both.direction, 'both');
  });

  test('types filter by a comma-separated list, case-insensitively', async () => {
    assert.deepEqual(others((await get(app, `/memories/${hub}/relations?types=supports`)).body), ['in1', 'out1']);
    assert.deepEqual(others((await get(app, `/memories/${hub}/relations?types=SUPPORTS,related_to`)).body), ['both1', 'in1', 'out1']);
  });

  test('limit and offset page through; total counts every match', async () => {
    const page = await get(app, `/memories/${hub}/relations?limit=2&offset=1`);
    assert.equal(page.body.total, 5);
    assert.deepEqual(others(page.body), ['both1', 'in1']);
  });

  test('space_id guards the memory and keeps relations whose other end is in that space', async () => {
    assert.deepEqual(others((await get(app, `/memories/${hub}/relations?space_id=default`)).body), ['both1', 'in1', 'out2', 'out1']);
    const guarded = await get(app, `/memories/${hub}/relations?space_id=elsewhere`);
    assert.equal(guarded.status, 404);
    assert.equal(guarded.body.error_code, 'memory_not_found');
  });

  test('bounds and enums: limit 1..200, offset >= 0, direction out|in|both, statuses of the vocabulary', async () => {
    assert.deepEqual(validationLocs(await get(app, `/memories/${hub}/relations?limit=0`)), ['query.limit']);
    assert.deepEqual(validationLocs(await get(app, `/memories/${hub}/relations?limit=201`)), ['query.limit']);
    assert.equal((await get(app, `/memories/${hub}/relations?limit=200`)).status, 200);
    assert.deepEqual(validationLocs(await get(app, `/memories/${hub}/relations?offset=-1`)), ['query.offset']);
    assert.deepEqual(validationLocs(await get(app, `/memories/${hub}/relations?direction=outgoing`)), ['query.direction']);
    assert.deepEqual(validationLocs(await get(app, `/memories/${hub}/relations?status=active,gone`)), ['query.status']);
  });

  test('an unknown memory is a 404', async () => {
    const missing = await get(app, '/memories/no-such-memory/relations');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
  });
});

describe('updating and deleting relations', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  async function fresh(type = 'SUPPORTS') {
    const a = await createMemory(app, { content: `${type} from` });
    const b = await createMemory(app, { content: `${type} to` });
    return { a, b, relation: await relationOk(app, a, { target_memory_id: b, relation_type: type }) };
  }

  test('PATCH changes only the given fields', async () => {
    const { relation } = await fresh();
    const updated = await patch(app, `/memories/relations/${relation.id}`, { strength: 0.25, reason: 'weaker', properties: { k: 'v' } });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.strength, 0.25);
    assert.equal(updated.body.reason, 'weaker');
    assert.equal(updated.body.confidence, 1);
    assert.deepEqual(updated.body.properties, { k: 'v' });
    assert.equal(updated.body.relation_type, 'SUPPORTS');
  });

  test('DELETE is soft: the record comes back with status deleted, leaves the default list, and PATCH restores it', async () => {
    const { a, relation } = await fresh('SOFT');
    const deleted = await del(app, `/memories/relations/${relation.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.id, relation.id);
    assert.equal(deleted.body.status, 'deleted');
    assert.equal((await get(app, `/memories/${a}/relations`)).body.total, 0);
    assert.equal((await get(app, `/memories/${a}/relations?status=deleted`)).body.relations[0].id, relation.id);
    for (const status of ['dismissed', 'suggested', 'active']) {
      const back = await patch(app, `/memories/relations/${relation.id}`, { status });
      assert.equal(back.body.status, status);
    }
    assert.equal((await get(app, `/memories/${a}/relations`)).body.total, 1);
  });

  test('creating a deleted relation again makes it active', async () => {
    const { a, b, relation } = await fresh('REVIVE');
    await del(app, `/memories/relations/${relation.id}`);
    const again = await relationOk(app, a, { target_memory_id: b, relation_type: 'REVIVE' });
    assert.equal(again.id, relation.id);
    assert.equal(again.status, 'active');
  });

  test('renaming the type onto one the pair already has is a 409 relation_exists', async () => {
    const { a, b, relation } = await fresh('FIRST');
    await relationOk(app, a, { target_memory_id: b, relation_type: 'SECOND' });
    const clash = await patch(app, `/memories/relations/${relation.id}`, { relation_type: 'SECOND' });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.error_code, 'relation_exists');
    assert.equal((await patch(app, `/memories/relations/${relation.id}`, { relation_type: 'THIRD' })).body.relation_type, 'THIRD');
  });

  test('unknown relations answer 404 relation_not_found; bad values 422', async () => {
    const missing = await patch(app, '/memories/relations/no-such-relation', { strength: 0.5 });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'relation_not_found');
    assert.equal((await del(app, '/memories/relations/no-such-relation')).status, 404);
    const { relation } = await fresh('BOUNDS');
    assert.deepEqual(validationLocs(await patch(app, `/memories/relations/${relation.id}`, { status: 'gone' })), ['body.status']);
    assert.deepEqual(validationLocs(await patch(app, `/memories/relations/${relation.id}`, { strength: 2 })), ['body.strength']);
  });

  test('an empty PATCH body changes nothing', async () => {
    const { relation } = await fresh('EMPTY');
    const same = await patch(app, `/memories/relations/${relation.id}`);
    assert.equal(same.status, 200);
    assert.equal(same.body.strength, relation.strength);
    assert.equal(same.body.status, 'active');
  });

  test('deleting a memory deletes its relations and counts them', async () => {
    const { a, b } = await fresh('CASCADE');
    const twin = await createMemory(app, { content: 'CASCADE to' }); // same content, no relation
    const withoutRelation = (await del(app, `/memories/${twin}`)).body.deleted_relationships;
    const deleted = await del(app, `/memories/${b}`);
    assert.equal(deleted.body.deleted_relationships, withoutRelation + 1);
    assert.equal((await get(app, `/memories/${a}/relations?status=all`)).body.total, 0);
  });
});
