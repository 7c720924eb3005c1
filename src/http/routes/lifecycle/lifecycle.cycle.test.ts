import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';

describe('supersede never makes a cycle', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('superseding P by Q and then Q by P is refused, and P stays superseded by Q', async () => {
    const p = await createMemory(app, { content: 'Deploys go out on Mondays' });
    const q = await createMemory(app, { content: 'Deploys go out on Tuesdays' });
    assert.equal((await post(app, `/memories/${p}/supersede`, { newer_memory_id: q })).status, 200);
    const back = await post(app, `/memories/${q}/supersede`, { newer_memory_id: p });
    assert.equal(back.status, 409);
    assert.equal(back.body.error_code, 'invalid_transition');
    assert.equal((await get(app, `/memories/${q}`)).body.is_latest, true);
    assert.equal((await get(app, `/memories/${p}`)).body.lifecycle_state, 'superseded');
  });

  test('a longer chain is refused too: A by B, B by C, then C by A', async () => {
    const [a, b, c] = [await createMemory(app, { content: 'v1' }), await createMemory(app, { content: 'v2' }), await createMemory(app, { content: 'v3' })];
    assert.equal((await post(app, `/memories/${a}/supersede`, { newer_memory_id: b })).status, 200);
    assert.equal((await post(app, `/memories/${b}/supersede`, { newer_memory_id: c })).status, 200);
    assert.equal((await post(app, `/memories/${c}/supersede`, { newer_memory_id: a })).status, 409);
    assert.equal((await get(app, `/memories/${c}`)).body.is_latest, true);
  });
});
