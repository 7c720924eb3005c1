import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, expectOk, get, post, validationLocs, type TestResponse } from '../../../../test/helpers.ts';

const EVERY_STATE = 'active,deprecated,archived,superseded,forgotten';

/** Ids of every memory in a space, whatever its state, sorted. */
async function idsIn(app: App, space: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await get(app, `/memories?space_id=${space}&state=${EVERY_STATE}&limit=100&offset=${offset}`);
    assert.equal(page.status, 200, page.text);
    ids.push(...page.body.memories.map((m: { id: string }) => m.id));
    if (!page.body.pagination.has_more) return ids.sort();
  }
}

/** Creates `count` memories in `space` and returns their ids, sorted. */
async function seed(app: App, space: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await createMemory(app, { content: `${space} note ${i}`, space_id: space }));
  return ids.sort();
}

/** Ids that name no memory: selecting them is cheap and fills the bound quickly. */
const fakeIds = (count: number, prefix = 'ghost') => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** A 422 in FastAPI's shape: every entry has loc, msg and type. */
function assertValidationShape(response: TestResponse) {
  assert.equal(response.status, 422, response.text);
  assert.ok(Array.isArray(response.body.detail) && response.body.detail.length > 0, response.text);
  for (const entry of response.body.detail) {
    assert.ok(Array.isArray(entry.loc) && entry.loc[0] === 'body', JSON.stringify(entry));
    assert.equal(typeof entry.msg, 'string');
    assert.equal(typeof entry.type, 'string');
  }
}

describe('bulk move preview over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a preview mutates nothing', async () => {
    const ids = await seed(app, 'preview-src', 3);
    const before = { source: await idsIn(app, 'preview-src'), target: await idsIn(app, 'preview-dst') };
    const recordBefore = (await get(app, `/memories/${ids[0]}`)).body;
    expectOk(
      await post(app, '/memories/bulk/move/preview', {
        selection: { mode: 'space', source_space_id: 'preview-src' },
        target_space_id: 'preview-dst',
      }),
      'preview by space',
    );
    expectOk(
      await post(app, '/memories/bulk/move/preview', {
        selection: { mode: 'ids', memory_ids: ids, source_space_id: 'preview-src' },
        target_space_id: 'preview-dst',
      }),
      'preview by ids',
    );
    assert.deepEqual(await idsIn(app, 'preview-src'), before.source);
    assert.deepEqual(await idsIn(app, 'preview-dst'), before.target);
    // The body only: the response headers carry the time of day.
    assert.deepEqual((await get(app, `/memories/${ids[0]}`)).body, recordBefore);
  });

  test('a preview counts the selection and names both spaces', async () => {
    const ids = await seed(app, 'count-src', 3);
    const body = expectOk(
      await post(app, '/memories/bulk/move/preview', {
        selection: { mode: 'ids', memory_ids: ids, source_space_id: 'count-src' },
        target_space_id: 'count-dst',
      }),
      'preview',
    );
    assert.equal(body.count, 3);
    assert.equal(body.max_allowed, 5000);
    assert.equal(body.limit_exceeded, false);
    assert.equal(body.source_space_id, 'count-src');
    assert.equal(body.target_space_id, 'count-dst');
    assert.equal(body.selection_mode, 'ids');
    assert.equal(body.excluded_count, 0);
    assert.equal(typeof body.message, 'string');
  });

  test('a preview by space counts every memory of the space minus exclusions', async () => {
    const ids = await seed(app, 'space-preview', 4);
    const body = expectOk(
      await post(app, '/memories/bulk/move/preview', {
        selection: { mode: 'space', source_space_id: 'space-preview', exclude_memory_ids: [ids[0]] },
        target_space_id: 'elsewhere',
      }),
      'preview',
    );
    assert.equal(body.count, 3);
    assert.equal(body.excluded_count, 1);
    assert.equal(body.selection_mode, 'space');
  });

  test('a preview of more than 5000 memories says the limit is exceeded', async () => {
    const body = expectOk(
      await post(app, '/memories/bulk/move/preview', { selection: { memory_ids: fakeIds(5001) }, target_space_id: 'big' }),
      'preview',
    );
    assert.equal(body.count, 5001);
    assert.equal(body.limit_exceeded, true);
    assert.equal(body.max_allowed, 5000);
  });

  test('exclusions that bring the selection down to 5000 keep a preview within the limit', async () => {
    const body = expectOk(
      await post(app, '/memories/bulk/move/preview', {
        selection: { memory_ids: fakeIds(5001), exclude_memory_ids: ['ghost-0'] },
        target_space_id: 'big',
      }),
      'preview',
    );
    assert.equal(body.count, 5000);
    assert.equal(body.excluded_count, 1);
    assert.equal(body.limit_exceeded, false);
  });

  test('excluding ids that were not selected does not lower the count', async () => {
    const body = expectOk(
      await post(app, '/memories/bulk/move/preview', {
        selection: { memory_ids: fakeIds(5001), exclude_memory_ids: ['not-selected'] },
        target_space_id: 'big',
      }),
      'preview',
    );
    assert.equal(body.count, 5001);
    assert.equal(body.excluded_count, 0);
    assert.equal(body.limit_exceeded, true);
  });

  test('a preview by space without source_space_id is a 422', async () => {
    const response = await post(app, '/memories/bulk/move/preview', { selection: { mode: 'space' }, target_space_id: 'x' });
    assert.deepEqual(validationLocs(response), ['body.selection.source_space_id']);
  });
});

describe('bulk move over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('moving by ids puts exactly those memories in the target space', async () => {
    const ids = await seed(app, 'ids-src', 3);
    const body = expectOk(
      await post(app, '/memories/bulk/move', {
        selection: { mode: 'ids', memory_ids: [ids[0], ids[1]], source_space_id: 'ids-src' },
        target_space_id: 'ids-dst',
      }),
      'move',
    );
    assert.equal(body.moved_count, 2);
    assert.equal(body.failed_count, 0);
    assert.equal(body.source_space_id, 'ids-src');
    assert.equal(body.target_space_id, 'ids-dst');
    assert.equal(typeof body.message, 'string');
    assert.deepEqual(await idsIn(app, 'ids-dst'), [ids[0], ids[1]].sort());
    assert.deepEqual(await idsIn(app, 'ids-src'), [ids[2]]);
    assert.equal((await get(app, `/memories/${ids[0]}`)).body.space_id, 'ids-dst');
  });

  test('moving by ids without a source space moves out of the default space', async () => {
    const id = await createMemory(app, { content: 'lives in default' });
    const body = expectOk(await post(app, '/memories/bulk/move', { selection: { memory_ids: [id] }, target_space_id: 'from-default' }), 'move');
    assert.equal(body.moved_count, 1);
    assert.equal(body.source_space_id, 'default');
    assert.deepEqual(await idsIn(app, 'from-default'), [id]);
  });

  test('moving by space moves every memory of the source space, whatever its state', async () => {
    const ids = await seed(app, 'whole-src', 3);
    await post(app, `/memories/${ids[1]}/archive`);
    const body = expectOk(
      await post(app, '/memories/bulk/move', { selection: { mode: 'space', source_space_id: 'whole-src' }, target_space_id: 'whole-dst' }),
      'move',
    );
    assert.equal(body.moved_count, 3);
    assert.equal(body.failed_count, 0);
    assert.deepEqual(await idsIn(app, 'whole-src'), []);
    assert.deepEqual(await idsIn(app, 'whole-dst'), ids);
  });

  test('excluded memories stay in the source space', async () => {
    const ids = await seed(app, 'excl-src', 4);
    const body = expectOk(
      await post(app, '/memories/bulk/move', {
        selection: { mode: 'space', source_space_id: 'excl-src', exclude_memory_ids: [ids[0], ids[3]] },
        target_space_id: 'excl-dst',
      }),
      'move',
    );
    assert.equal(body.moved_count, 2);
    assert.deepEqual(await idsIn(app, 'excl-src'), [ids[0], ids[3]].sort());
    assert.deepEqual(await idsIn(app, 'excl-dst'), [ids[1], ids[2]].sort());
  });

  test('exclusions also apply to a selection by ids', async () => {
    const ids = await seed(app, 'excl-ids-src', 3);
    const body = expectOk(
      await post(app, '/memories/bulk/move', {
        selection: { mode: 'ids', memory_ids: ids, source_space_id: 'excl-ids-src', exclude_memory_ids: [ids[1]] },
        target_space_id: 'excl-ids-dst',
      }),
      'move',
    );
    assert.equal(body.moved_count, 2);
    assert.equal(body.failed_count, 0);
    assert.deepEqual(await idsIn(app, 'excl-ids-src'), [ids[1]]);
  });

  test('ids that are unknown or in another space count as failed and are not moved', async () => {
    const [inSource] = await seed(app, 'mixed-src', 1);
    const [inOther] = await seed(app, 'mixed-other', 1);
    const body = expectOk(
      await post(app, '/memories/bulk/move', {
        selection: { mode: 'ids', memory_ids: [inSource, inOther, 'no-such-memory'], source_space_id: 'mixed-src' },
        target_space_id: 'mixed-dst',
      }),
      'move',
    );
    assert.equal(body.moved_count, 1);
    assert.equal(body.failed_count, 2);
    assert.deepEqual(await idsIn(app, 'mixed-dst'), [inSource]);
    assert.deepEqual(await idsIn(app, 'mixed-other'), [inOther]);
  });

  test('an id named twice is moved and counted once', async () => {
    const [id] = await seed(app, 'twice-src', 1);
    const body = expectOk(
      await post(app, '/memories/bulk/move', {
        selection: { mode: 'ids', memory_ids: [id, id], source_space_id: 'twice-src' },
        target_space_id: 'twice-dst',
      }),
      'move',
    );
    assert.equal(body.moved_count, 1);
    assert.equal(body.failed_count, 0);
    assert.deepEqual(await idsIn(app, 'twice-dst'), [id]);
  });

  test('moving into the source space itself is a 422', async () => {
    const ids = await seed(app, 'same-space', 2);
    const response = await post(app, '/memories/bulk/move', {
      selection: { mode: 'ids', memory_ids: ids, source_space_id: 'same-space' },
      target_space_id: 'same-space',
    });
    assert.deepEqual(validationLocs(response), ['body.target_space_id']);
    assert.deepEqual(await idsIn(app, 'same-space'), ids);
  });

  test('moving by space without source_space_id is a 422', async () => {
    const response = await post(app, '/memories/bulk/move', { selection: { mode: 'space' }, target_space_id: 'anywhere' });
    assert.deepEqual(validationLocs(response), ['body.selection.source_space_id']);
  });

  test('a move of more than 5000 memories is a 422 and moves nothing', async () => {
    const [real] = await seed(app, 'over-src', 1);
    const response = await post(app, '/memories/bulk/move', {
      selection: { mode: 'ids', memory_ids: [real, ...fakeIds(5000)], source_space_id: 'over-src' },
      target_space_id: 'over-dst',
    });
    assertValidationShape(response);
    assert.deepEqual(await idsIn(app, 'over-src'), [real]);
    assert.deepEqual(await idsIn(app, 'over-dst'), []);
  });

  test('a move brought back to 5000 by exclusions goes ahead', async () => {
    const [real] = await seed(app, 'bound-src', 1);
    const body = expectOk(
      await post(app, '/memories/bulk/move', {
        selection: { mode: 'ids', memory_ids: [real, ...fakeIds(5000)], source_space_id: 'bound-src', exclude_memory_ids: ['ghost-0'] },
        target_space_id: 'bound-dst',
      }),
      'move',
    );
    assert.equal(body.moved_count, 1);
    assert.equal(body.failed_count, 4999);
    assert.deepEqual(await idsIn(app, 'bound-dst'), [real]);
  });

  test('bad move bodies are 422s pointing at the field', async () => {
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/move', { selection: { memory_ids: ['a'] } })), ['body.target_space_id']);
    assert.deepEqual(
      validationLocs(await post(app, '/memories/bulk/move', { selection: { mode: 'everything', memory_ids: ['a'] }, target_space_id: 'x' })),
      ['body.selection.mode'],
    );
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/move', { target_space_id: 'x' })), ['body.selection']);
    assert.deepEqual(
      validationLocs(await post(app, '/memories/bulk/move', { selection: { memory_ids: 'a' }, target_space_id: 'x' })),
      ['body.selection.memory_ids'],
    );
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/move', { selection: {}, target_space_id: '' })), ['body.target_space_id']);
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/move', '{"selection": ')), ['body']);
  });

  test('bad preview bodies are 422s in FastAPI\'s shape', async () => {
    const response = await post(app, '/memories/bulk/move/preview', { selection: { mode: 'all' } });
    assertValidationShape(response);
    assert.deepEqual(validationLocs(response).sort(), ['body.selection.mode', 'body.target_space_id']);
  });
});

describe('bulk delete over HTTP', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('bulk delete removes the selected memories and reports each id', async () => {
    const ids = await seed(app, 'del-src', 3);
    const body = expectOk(
      await post(app, '/memories/bulk/delete', {
        selection: { mode: 'ids', memory_ids: [ids[0], ids[1], 'no-such-memory'], source_space_id: 'del-src' },
      }),
      'delete',
    );
    assert.equal(body.deleted_count, 2);
    assert.equal(body.failed_count, 1);
    assert.equal(body.source_space_id, 'del-src');
    assert.equal(body.cascade_delete, true);
    assert.equal(typeof body.message, 'string');
    const results = [...body.results].sort((x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id));
    const expected = [
      { id: ids[0], status: 'deleted' },
      { id: ids[1], status: 'deleted' },
      { id: 'no-such-memory', status: 'failed', reason: 'not_found' },
    ].sort((x, y) => x.id.localeCompare(y.id));
    assert.deepEqual(results, expected);
    assert.equal((await get(app, `/memories/${ids[0]}`)).status, 404);
    assert.equal((await get(app, `/memories/${ids[1]}`)).status, 404);
    assert.deepEqual(await idsIn(app, 'del-src'), [ids[2]]);
  });

  test('bulk delete by space removes the whole space except exclusions', async () => {
    const ids = await seed(app, 'del-space', 3);
    const body = expectOk(
      await post(app, '/memories/bulk/delete', { selection: { mode: 'space', source_space_id: 'del-space', exclude_memory_ids: [ids[2]] } }),
      'delete',
    );
    assert.equal(body.deleted_count, 2);
    assert.equal(body.failed_count, 0);
    assert.deepEqual(await idsIn(app, 'del-space'), [ids[2]]);
  });

  test('bulk delete leaves memories of other spaces alone', async () => {
    const [other] = await seed(app, 'del-other', 1);
    const body = expectOk(
      await post(app, '/memories/bulk/delete', { selection: { mode: 'ids', memory_ids: [other], source_space_id: 'del-here' } }),
      'delete',
    );
    assert.equal(body.deleted_count, 0);
    assert.equal(body.failed_count, 1);
    assert.deepEqual(body.results, [{ id: other, status: 'failed', reason: 'not_found' }]);
    assert.equal((await get(app, `/memories/${other}`)).status, 200);
  });

  test('bulk delete removes labelled and superseded memories with their edges', async () => {
    const older = await createMemory(app, { content: 'old plan', labels: ['plans'], space_id: 'del-edges' });
    const newer = await createMemory(app, { content: 'new plan', labels: ['plans'], space_id: 'del-edges' });
    expectOk(await post(app, `/memories/${older}/supersede`, { newer_memory_id: newer }), 'supersede');
    const [label] = (await get(app, `/memories/${older}`)).body.labels;
    assert.equal((await get(app, `/labels/${label.id}`)).body.usage_count, 2);
    const body = expectOk(
      await post(app, '/memories/bulk/delete', { selection: { mode: 'space', source_space_id: 'del-edges' }, cascade_delete: false }),
      'delete',
    );
    assert.equal(body.deleted_count, 2);
    assert.equal(body.cascade_delete, false);
    assert.deepEqual(await idsIn(app, 'del-edges'), []);
    assert.equal((await get(app, `/labels/${label.id}`)).body.usage_count, 0);
  });

  test('a delete of more than 5000 memories is a 422 and deletes nothing', async () => {
    const [real] = await seed(app, 'del-over', 1);
    const response = await post(app, '/memories/bulk/delete', {
      selection: { mode: 'ids', memory_ids: [real, ...fakeIds(5000)], source_space_id: 'del-over' },
    });
    assertValidationShape(response);
    assert.equal((await get(app, `/memories/${real}`)).status, 200);
  });

  test('a delete brought back to 5000 by exclusions goes ahead', async () => {
    const [real] = await seed(app, 'del-bound', 1);
    const body = expectOk(
      await post(app, '/memories/bulk/delete', {
        selection: { mode: 'ids', memory_ids: [real, ...fakeIds(5000)], source_space_id: 'del-bound', exclude_memory_ids: ['ghost-1'] },
      }),
      'delete',
    );
    assert.equal(body.deleted_count, 1);
    assert.equal(body.failed_count, 4999);
    assert.equal((await get(app, `/memories/${real}`)).status, 404);
  });

  test('bulk delete by space without source_space_id is a 422', async () => {
    const [kept] = await seed(app, 'default', 1);
    const response = await post(app, '/memories/bulk/delete', { selection: { mode: 'space' } });
    assert.deepEqual(validationLocs(response), ['body.selection.source_space_id']);
    assert.equal((await get(app, `/memories/${kept}`)).status, 200);
  });

  test('bad delete bodies are 422s pointing at the field', async () => {
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/delete', {})), ['body.selection']);
    assert.deepEqual(validationLocs(await post(app, '/memories/bulk/delete', { selection: { mode: 'some' } })), ['body.selection.mode']);
    assert.deepEqual(
      validationLocs(await post(app, '/memories/bulk/delete', { selection: { memory_ids: ['a'] }, cascade_delete: 'yes' })),
      ['body.cascade_delete'],
    );
    assert.deepEqual(
      validationLocs(await post(app, '/memories/bulk/delete', { selection: { memory_ids: [1, 2] } })).sort(),
      ['body.selection.memory_ids.0', 'body.selection.memory_ids.1'],
    );
  });
});
