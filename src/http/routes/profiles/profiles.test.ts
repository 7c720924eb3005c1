import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, del, get, post, validationLocs } from '../../../../test/helpers.ts';
import type { App } from '../../../main.ts';

const card = (profile: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ service_identity_card: 1, profile, ...extra });

describe('agent identity cards', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('importing a card stores the profile and returns it with the reference defaults', async () => {
    const imported = await post(app, '/settings/agent-profiles/import', card({ id: 'coder', displayName: 'Coder', sourceApp: 'alma', tags: ['dev'] }));
    assert.equal(imported.status, 200);
    assert.equal(imported.body.imported, true);
    assert.deepEqual(imported.body.profile, {
      id: 'coder',
      displayName: 'Coder',
      role: 'general',
      description: '',
      instructions: '',
      defaultSpaceId: 'default',
      sourceApp: 'alma',
      hostAgentId: '',
      tags: ['dev'],
      origin: '',
      identityReference: '',
    });
    assert.deepEqual((await get(app, '/settings/agent-profiles/coder')).body, imported.body.profile);
  });

  test('importing an id that exists is a 409 profile_exists and changes nothing', async () => {
    await post(app, '/settings/agent-profiles/import', card({ id: 'reviewer', displayName: 'Reviewer' }));
    const again = await post(app, '/settings/agent-profiles/import', card({ id: 'reviewer', displayName: 'Someone else' }));
    assert.equal(again.status, 409);
    assert.equal(again.body.error_code, 'profile_exists');
    assert.equal((await get(app, '/settings/agent-profiles/reviewer')).body.displayName, 'Reviewer');
  });

  test('force=true replaces the existing profile whole', async () => {
    await post(app, '/settings/agent-profiles/import', card({ id: 'writer', displayName: 'Writer', instructions: 'Be brief.' }));
    const forced = await post(app, '/settings/agent-profiles/import?force=true', card({ id: 'writer', displayName: 'Writer 2' }));
    assert.equal(forced.status, 200);
    const stored = (await get(app, '/settings/agent-profiles/writer')).body;
    assert.deepEqual([stored.displayName, stored.instructions], ['Writer 2', '']);
    const inBody = await post(app, '/settings/agent-profiles/import', card({ id: 'writer', displayName: 'Writer 3' }, { force: true }));
    assert.equal(inBody.status, 200);
  });

  test('fields the card carries beyond the known ones are kept as given', async () => {
    const extra = { persona: { tone: 'dry', limits: [1, 2] } };
    await post(app, '/settings/agent-profiles/import', card({ id: 'extra', displayName: 'Extra', ...extra }));
    assert.deepEqual((await get(app, '/settings/agent-profiles/extra')).body.persona, extra.persona);
  });

  test('a card without profile.id, or with bad fields, is a 422', async () => {
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles/import', card({ displayName: 'No id' }))), ['body.profile.id']);
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles/import', card({ id: '   ' }))), ['body.profile.id']);
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles/import', { service_identity_card: 1 })), ['body.profile']);
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles/import', card({ id: 'x', tags: 'dev' }))), ['body.profile.tags']);
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles/import', card({ id: 'x' }, { service_identity_card: 'v1' }))), [
      'body.service_identity_card',
    ]);
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles/import?force=maybe', card({ id: 'x' }))), ['query.force']);
  });

  test('a card nested deeper than 32 levels or too large is a 422 and stores nothing', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 40; i++) deep = { inner: deep };
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles/import', card({ id: 'deep', nested: deep }))), ['body.profile']);
    const large = await post(app, '/settings/agent-profiles/import', card({ id: 'large', notes: 'x'.repeat(300_000) }));
    assert.deepEqual(validationLocs(large), ['body.profile']);
    assert.equal((await get(app, '/settings/agent-profiles/deep')).status, 404);
    assert.equal((await get(app, '/settings/agent-profiles/large')).status, 404);
  });

  test('the list holds every profile by id; delete removes one and returns the rest', async () => {
    const fresh = await buildTestApp();
    try {
      for (const id of ['b-agent', 'a-agent']) await post(fresh, '/settings/agent-profiles/import', card({ id, displayName: id }));
      assert.deepEqual((await get(fresh, '/settings/agent-profiles')).body.agentProfiles.map((p: any) => p.id), ['a-agent', 'b-agent']);
      const deleted = await del(fresh, '/settings/agent-profiles/a-agent');
      assert.equal(deleted.status, 200);
      assert.deepEqual(deleted.body.agentProfiles.map((p: any) => p.id), ['b-agent']);
      assert.equal((await get(fresh, '/settings/agent-profiles/a-agent')).status, 404);
    } finally {
      await fresh.close();
    }
  });

  test('capabilities say agent profiles are available', async () => {
    assert.equal((await get(app, '/capabilities')).body.features.agent_profiles, true);
  });

  test('an unknown profile is a 404 profile_not_found on read and delete', async () => {
    const read = await get(app, '/settings/agent-profiles/nobody');
    assert.equal(read.status, 404);
    assert.equal(read.body.error_code, 'profile_not_found');
    assert.equal((await del(app, '/settings/agent-profiles/nobody')).body.error_code, 'profile_not_found');
  });

  test('the context bundle carries the imported profile matching the agent', async () => {
    await post(app, '/settings/agent-profiles/import', card({ id: 'bundle-agent', displayName: 'Bundle Agent', sourceApp: 'pi', instructions: 'Cite sources.' }));
    const bundle = await get(app, '/context/bundle?source_app=pi');
    assert.equal(bundle.body.profile.id, 'bundle-agent');
    assert.match(bundle.body.rendered_markdown, /\*\*Bundle Agent\*\* \(general\) · id `bundle-agent`[\s\S]*Cite sources\./);
    assert.equal((await get(app, '/context/bundle?source_app=unknown-app')).body.profile, null);
  });
});
