import { test, describe, before, after } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../main.ts';
import { buildTestApp, get, post, validationLocs } from '../../test/helpers.ts';

describe('text holding NUL characters', () => {
  let app: App;
  before(async () => (app = await buildTestApp()));
  after(() => app.close());

  test('a body string with NUL is a 422 that points at the field, and nothing is stored', async () => {
    const response = await post(app, '/memories', { content: 'before\u0000after', metadata: { note: 'fine' } });
    assert.deepEqual(validationLocs(response), ['body.content']);
    assert.equal((await get(app, '/memories')).body.memories.length, 0);
  });

  test('NUL deep in metadata is found too', async () => {
    const response = await post(app, '/memories', { content: 'ok', metadata: { tags: ['a', 'b\u0000'] } });
    assert.deepEqual(validationLocs(response), ['body.metadata.tags.1']);
  });

  test('a path or query with %00 is a 422, not a server error', async () => {
    assert.deepEqual(validationLocs(await get(app, '/memories/%00')), ['path']);
    assert.deepEqual(validationLocs(await get(app, '/memories?space_id=%00')), ['query']);
  });
});
