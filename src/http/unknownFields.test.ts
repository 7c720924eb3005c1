import { test, describe, before, after } from '../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../main.ts';
import { buildTestApp, createMemory, get, patch, post } from '../../test/helpers.ts';

describe('unknown body fields are ignored, and the answer says which', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('PATCH with a typo changes nothing, and warnings names the field and what it likely meant', async () => {
    const id = await createMemory(app, { content: 'Deploys run on Fridays', title: 'Deploy day' });
    const patched = await patch(app, `/memories/${id}`, { tittle: 'Release day' });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body.warnings, ["Unknown field 'tittle' was ignored (did you mean 'title'?)"]);
    assert.equal((await get(app, `/memories/${id}`)).body.title, 'Deploy day');
  });

  test('POST /memories lists each ignored field after its own warnings', async () => {
    const created = await post(app, '/memories', { content: 'Use pnpm', source_message_id: 'no-such-message', colour: 'blue', space: 'work' });
    assert.equal(created.status, 200);
    const { warnings } = created.body;
    assert.match(warnings[0], /source_message_id kept as given/);
    assert.deepEqual(warnings.slice(1), ["Unknown field 'colour' was ignored", "Unknown field 'space' was ignored (did you mean 'space_id'?)"]);
  });

  test('a clean request gets no extra warnings', async () => {
    const created = await post(app, '/memories', { content: 'Use pnpm', space_id: 'default' });
    assert.deepEqual(created.body.warnings, []);
    const patched = await patch(app, `/memories/${created.body.id}`, { title: 'pnpm' });
    assert.equal(patched.body.warnings, undefined);
  });

  test('an answer that is a list stays a list', async () => {
    await createMemory(app, { content: 'Postgres runs the billing database' });
    const searched = await post(app, '/memories/search', { query: 'billing', colour: 'blue' });
    assert.equal(searched.status, 200);
    assert.ok(Array.isArray(searched.body));
  });

  test('an error answer keeps its own shape', async () => {
    const refused = await post(app, '/memories', { content: '', colour: 'blue' });
    assert.equal(refused.status, 422);
    assert.deepEqual(Object.keys(refused.body), ['detail']);
  });
});
