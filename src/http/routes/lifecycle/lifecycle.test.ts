import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, expectOk, get, post, validationLocs } from '../../../../test/helpers.ts';

type State = 'active' | 'deprecated' | 'archived' | 'superseded' | 'forgotten';
type Operation = 'deprecate' | 'archive' | 'forget' | 'supersede' | 'restore';

const STATES: State[] = ['active', 'deprecated', 'archived', 'superseded', 'forgotten'];

/** Contract §5: the states each operation may start from, and where it leads. */
const ALLOWED_FROM: Record<Operation, State[]> = {
  deprecate: ['active', 'archived'],
  archive: ['active', 'deprecated'],
  forget: ['active', 'deprecated', 'archived', 'superseded'],
  supersede: ['active', 'deprecated', 'archived'],
  restore: ['deprecated', 'archived', 'superseded', 'forgotten'],
};
const RESULT: Record<Operation, State> = {
  deprecate: 'deprecated',
  archive: 'archived',
  forget: 'forgotten',
  supersede: 'superseded',
  restore: 'active',
};

/** "an active", "a deprecated": test names read as sentences. */
const a = (state: State) => `${/^[aeiou]/.test(state) ? 'an' : 'a'} ${state}`;

/** Runs one lifecycle operation over HTTP; supersede gets a fresh newer memory unless one is given. */
async function perform(app: App, operation: Operation, id: string, body: Record<string, unknown> = {}) {
  if (operation === 'supersede' && body.newer_memory_id === undefined) {
    const newer = await createMemory(app, { content: `newer version of ${id}` });
    return post(app, `/memories/${id}/supersede`, { newer_memory_id: newer, ...body });
  }
  return post(app, `/memories/${id}/${operation}`, body);
}

/** A new memory brought into `state` through the public operations. */
async function memoryIn(app: App, state: State, input: Record<string, unknown> = {}): Promise<string> {
  const id = await createMemory(app, { content: `a memory that will be ${state}`, ...input });
  const via: Record<State, Operation | null> = {
    active: null,
    deprecated: 'deprecate',
    archived: 'archive',
    superseded: 'supersede',
    forgotten: 'forget',
  };
  const operation = via[state];
  if (operation) expectOk(await perform(app, operation, id), `putting ${id} into ${state}`);
  return id;
}

describe('memory lifecycle transitions over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  for (const operation of Object.keys(ALLOWED_FROM) as Operation[]) {
    for (const from of STATES) {
      if (ALLOWED_FROM[operation].includes(from)) {
        test(`${operation} moves ${a(from)} memory to ${RESULT[operation]}`, async () => {
          const id = await memoryIn(app, from);
          const body = expectOk(await perform(app, operation, id), `${operation} from ${from}`);
          assert.equal(body.id, id);
          assert.equal(body.previous_state, from);
          assert.equal(body.lifecycle_state, RESULT[operation]);
          const listed = await get(app, `/memories?state=${RESULT[operation]}&limit=100`);
          assert.ok(
            listed.body.memories.some((m: { id: string }) => m.id === id),
            `${id} should be listed under state=${RESULT[operation]}`,
          );
        });
      } else {
        test(`${operation} of ${a(from)} memory is refused with 409 naming the state`, async () => {
          const id = await memoryIn(app, from);
          const refused = await perform(app, operation, id);
          assert.equal(refused.status, 409, refused.text);
          assert.equal(refused.body.error_code, 'invalid_transition');
          assert.equal(refused.body.current_state, from);
          assert.match(refused.body.detail, new RegExp(`\\b${from}\\b`));
          const stateNow = await get(app, `/memories?state=${from}&limit=100`);
          assert.ok(
            stateNow.body.memories.some((m: { id: string }) => m.id === id),
            `${id} should still be ${from} after a refused ${operation}`,
          );
        });
      }
    }
  }

  test('a transition answers with id, previous state, new state, is_latest and the change time', async () => {
    const id = await createMemory(app, { content: 'the shape of a transition' });
    const before = Date.now();
    const body = expectOk(await post(app, `/memories/${id}/archive`, { reason: 'tidying up' }), 'archive');
    for (const key of ['id', 'previous_state', 'lifecycle_state', 'is_latest', 'changed_at']) {
      assert.ok(key in body, `response lacks ${key}: ${JSON.stringify(body)}`);
    }
    assert.equal(body.id, id);
    assert.equal(body.previous_state, 'active');
    assert.equal(body.lifecycle_state, 'archived');
    assert.equal(body.is_latest, true);
    assert.match(body.changed_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.ok(Date.parse(body.changed_at) >= before - 1, 'changed_at is the time of the change');
  });

  test('the memory record shows the new state and the change time after a transition', async () => {
    const id = await createMemory(app, { content: 'record follows the transition' });
    const body = expectOk(await post(app, `/memories/${id}/deprecate`, { reason: 'outdated' }), 'deprecate');
    const read = await get(app, `/memories/${id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.lifecycle_state, 'deprecated');
    assert.equal(read.body.updated_at, body.changed_at);
  });

  test('deprecated, archived and superseded memories stay readable by id', async () => {
    for (const state of ['deprecated', 'archived', 'superseded'] as const) {
      const id = await memoryIn(app, state);
      const read = await get(app, `/memories/${id}`);
      assert.equal(read.status, 200, `${state}: ${read.text}`);
      assert.equal(read.body.lifecycle_state, state);
    }
  });

  test('a forgotten memory answers 404 to a by-id read', async () => {
    const id = await memoryIn(app, 'forgotten');
    const read = await get(app, `/memories/${id}`);
    assert.equal(read.status, 404);
    assert.equal(read.body.error_code, 'memory_not_found');
  });

  test('restore brings a forgotten memory back with its content intact', async () => {
    const id = await createMemory(app, {
      content: 'Melanie painted a sunrise over the lake',
      title: 'Sunrise painting',
      importance: 0.7,
      labels: ['art'],
    });
    expectOk(await post(app, `/memories/${id}/forget`, { reason: 'not needed' }), 'forget');
    assert.equal((await get(app, `/memories/${id}`)).status, 404);
    const restored = expectOk(await post(app, `/memories/${id}/restore`), 'restore');
    assert.equal(restored.previous_state, 'forgotten');
    assert.equal(restored.lifecycle_state, 'active');
    const read = await get(app, `/memories/${id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.content, 'Melanie painted a sunrise over the lake');
    assert.equal(read.body.title, 'Sunrise painting');
    assert.equal(read.body.importance, 0.7);
    assert.equal(read.body.lifecycle_state, 'active');
    assert.deepEqual(read.body.labels.map((l: { name: string }) => l.name), ['art']);
  });

  test('every lifecycle operation on an unknown memory answers 404 memory_not_found', async () => {
    for (const operation of Object.keys(ALLOWED_FROM) as Operation[]) {
      const newer = await createMemory(app, { content: 'an existing newer memory' });
      const body = operation === 'supersede' ? { newer_memory_id: newer } : {};
      const missing = await post(app, `/memories/no-such-memory/${operation}`, body);
      assert.equal(missing.status, 404, `${operation}: ${missing.text}`);
      assert.equal(missing.body.error_code, 'memory_not_found', operation);
    }
  });
});

describe('supersede over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('supersede marks the old memory as no longer the latest', async () => {
    const older = await createMemory(app, { content: 'The office is on floor 3' });
    const newer = await createMemory(app, { content: 'The office moved to floor 5' });
    const body = expectOk(await post(app, `/memories/${older}/supersede`, { newer_memory_id: newer }), 'supersede');
    assert.equal(body.is_latest, false);
    assert.equal(body.lifecycle_state, 'superseded');
    const oldRead = await get(app, `/memories/${older}`);
    assert.equal(oldRead.body.is_latest, false);
    assert.equal(oldRead.body.lifecycle_state, 'superseded');
    const newRead = await get(app, `/memories/${newer}`);
    assert.equal(newRead.body.is_latest, true);
    assert.equal(newRead.body.lifecycle_state, 'active');
  });

  test('supersede records an EVOLVES edge from the newer memory to the older one', async () => {
    const older = await createMemory(app, { content: 'Alex lives in Berlin' });
    const newer = await createMemory(app, { content: 'Alex moved to Lisbon' });
    expectOk(await post(app, `/memories/${older}/supersede`, { newer_memory_id: newer, reason: 'moved' }), 'supersede');
    const edges = await app.deps.store.evolves.listForMemory(older);
    assert.equal(edges.length, 1);
    assert.deepEqual(
      { from: edges[0].from_memory_id, to: edges[0].to_memory_id, relation: edges[0].relation, by: edges[0].detected_by, reviewed: edges[0].reviewed, reason: edges[0].reason },
      { from: newer, to: older, relation: 'replaces', by: 'user', reviewed: true, reason: 'moved' },
    );
  });

  test('restoring a superseded memory makes it the latest again', async () => {
    const older = await memoryIn(app, 'superseded');
    const restored = expectOk(await post(app, `/memories/${older}/restore`), 'restore');
    assert.equal(restored.is_latest, true);
    assert.equal((await get(app, `/memories/${older}`)).body.is_latest, true);
  });

  test('supersede by an unknown memory answers 404 and changes nothing', async () => {
    const older = await createMemory(app, { content: 'no newer version exists' });
    const missing = await post(app, `/memories/${older}/supersede`, { newer_memory_id: 'no-such-memory' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
    const read = await get(app, `/memories/${older}`);
    assert.equal(read.body.lifecycle_state, 'active');
    assert.equal(read.body.is_latest, true);
  });

  test('a memory cannot supersede itself', async () => {
    const id = await createMemory(app, { content: 'self-replacing' });
    const refused = await post(app, `/memories/${id}/supersede`, { newer_memory_id: id });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error_code, 'invalid_transition');
    assert.equal(refused.body.current_state, 'active');
    assert.equal((await get(app, `/memories/${id}`)).body.lifecycle_state, 'active');
  });

  test('a forgotten memory cannot supersede another', async () => {
    const older = await createMemory(app, { content: 'still current' });
    const forgotten = await memoryIn(app, 'forgotten');
    const refused = await post(app, `/memories/${older}/supersede`, { newer_memory_id: forgotten });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error_code, 'invalid_transition');
    const read = await get(app, `/memories/${older}`);
    assert.equal(read.body.lifecycle_state, 'active');
    assert.equal(read.body.is_latest, true);
  });

  test('supersede without newer_memory_id is a 422', async () => {
    const id = await createMemory(app, { content: 'needs a newer memory' });
    assert.deepEqual(validationLocs(await post(app, `/memories/${id}/supersede`, {})), ['body.newer_memory_id']);
    assert.deepEqual(validationLocs(await post(app, `/memories/${id}/supersede`, { newer_memory_id: '' })), ['body.newer_memory_id']);
  });
});

describe('deprecate options and the space guard', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('deprecate names an existing replacement', async () => {
    const old = await createMemory(app, { content: 'use tabs' });
    const replacement = await createMemory(app, { content: 'use spaces' });
    const body = expectOk(await post(app, `/memories/${old}/deprecate`, { replacement_memory_id: replacement, reason: 'style change' }), 'deprecate');
    assert.equal(body.lifecycle_state, 'deprecated');
  });

  test('deprecate with an unknown replacement answers 404 and leaves the memory active', async () => {
    const id = await createMemory(app, { content: 'replacement is missing' });
    const missing = await post(app, `/memories/${id}/deprecate`, { replacement_memory_id: 'no-such-memory' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
    assert.equal((await get(app, `/memories/${id}`)).body.lifecycle_state, 'active');
  });

  test('a space_id in the body that is not the memory\'s space answers 404', async () => {
    const id = await createMemory(app, { content: 'work only', space_id: 'work' });
    for (const operation of ['deprecate', 'archive', 'forget'] as const) {
      const guarded = await post(app, `/memories/${id}/${operation}`, { space_id: 'home' });
      assert.equal(guarded.status, 404, `${operation}: ${guarded.text}`);
      assert.equal(guarded.body.error_code, 'memory_not_found');
    }
    const newer = await createMemory(app, { content: 'newer work note', space_id: 'work' });
    const superseded = await post(app, `/memories/${id}/supersede`, { newer_memory_id: newer, space_id: 'home' });
    assert.equal(superseded.status, 404);
    assert.equal((await get(app, `/memories/${id}`)).body.lifecycle_state, 'active');
  });

  test('a space_id in the body that matches the memory\'s space is accepted', async () => {
    const id = await createMemory(app, { content: 'work archive', space_id: 'work' });
    const body = expectOk(await post(app, `/memories/${id}/archive`, { space_id: 'work' }), 'archive');
    assert.equal(body.lifecycle_state, 'archived');
    const restored = expectOk(await post(app, `/memories/${id}/restore`, { space_id: 'work' }), 'restore');
    assert.equal(restored.lifecycle_state, 'active');
  });

  test('lifecycle POSTs without any body are accepted', async () => {
    const id = await createMemory(app, { content: 'no body at all' });
    assert.equal(expectOk(await post(app, `/memories/${id}/archive`), 'archive').lifecycle_state, 'archived');
    assert.equal(expectOk(await post(app, `/memories/${id}/deprecate`), 'deprecate').lifecycle_state, 'deprecated');
  });

  test('lifecycle POSTs with Content-Type application/json and an empty body are accepted', async () => {
    const id = await createMemory(app, { content: 'empty JSON body' });
    for (const [operation, expected] of [
      ['deprecate', 'deprecated'],
      ['archive', 'archived'],
      ['forget', 'forgotten'],
      ['restore', 'active'],
    ] as const) {
      const response = await app.server.inject({
        method: 'POST',
        url: `/memories/${id}/${operation}`,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      assert.equal(response.statusCode, 200, `${operation}: ${response.body}`);
      assert.equal(JSON.parse(response.body).lifecycle_state, expected);
    }
  });

  test('a reason of the wrong type is a 422', async () => {
    const id = await createMemory(app, { content: 'typed reason' });
    assert.deepEqual(validationLocs(await post(app, `/memories/${id}/archive`, { reason: 42 })), ['body.reason']);
    assert.equal((await get(app, `/memories/${id}`)).body.lifecycle_state, 'active');
  });
});

describe('which lifecycle states the memory list shows', () => {
  let app: App;
  const ids = {} as Record<State, string>;
  const space = 'states';
  before(async () => {
    app = await buildTestApp();
    for (const state of STATES) ids[state] = await memoryIn(app, state, { space_id: space });
  });
  after(() => app.close());

  /** Ids of listed memories in the test space; newer memories created by supersede live in the default space. */
  async function listed(query: string) {
    const response = await get(app, `/memories?space_id=${space}&limit=100${query}`);
    assert.equal(response.status, 200, response.text);
    return response.body.memories.map((m: { id: string }) => m.id).sort();
  }
  const idsOf = (...states: State[]) => states.map(s => ids[s]).sort();

  test('the default list shows only active memories', async () => {
    assert.deepEqual(await listed(''), idsOf('active'));
    assert.deepEqual(await listed('&state=active'), idsOf('active'));
  });

  test('state=archived shows only archived memories', async () => {
    assert.deepEqual(await listed('&state=archived'), idsOf('archived'));
  });

  test('state=deprecated and state=superseded show only those states', async () => {
    assert.deepEqual(await listed('&state=deprecated'), idsOf('deprecated'));
    assert.deepEqual(await listed('&state=superseded'), idsOf('superseded'));
  });

  test('a comma-separated state list shows each named state', async () => {
    assert.deepEqual(await listed('&state=active,archived'), idsOf('active', 'archived'));
  });

  test('state=all shows every state but forgotten', async () => {
    assert.deepEqual(await listed('&state=all'), idsOf('active', 'deprecated', 'archived', 'superseded'));
  });

  test('state=forgotten shows only forgotten memories', async () => {
    assert.deepEqual(await listed('&state=forgotten'), idsOf('forgotten'));
  });

  test('the list total counts only the requested states', async () => {
    const response = await get(app, `/memories?space_id=${space}&state=all`);
    assert.equal(response.body.pagination.total, 4);
  });
});
