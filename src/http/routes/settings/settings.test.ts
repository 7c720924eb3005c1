import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, call, del, get, patch, post, put, validationLocs } from '../../../../test/helpers.ts';
import type { App } from '../../../main.ts';

describe("the owner's profile", () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('reads as the reference defaults until set', async () => {
    const profile = await get(app, '/settings/profile');
    assert.equal(profile.status, 200);
    assert.deepEqual(profile.body, { name: '', aliases: '', context: '', preferred_language: 'en', custom_instructions: '' });
  });

  test('PUT and PATCH set the fields given and keep the others', async () => {
    const first = await put(app, '/settings/profile', { name: 'Ada', context: 'Works on compilers' });
    assert.equal(first.status, 200);
    const second = await patch(app, '/settings/profile', { preferred_language: 'fr' });
    assert.deepEqual(second.body, { name: 'Ada', aliases: '', context: 'Works on compilers', preferred_language: 'fr', custom_instructions: '' });
    assert.deepEqual((await get(app, '/settings/profile')).body, second.body);
  });

  test('unknown fields, wrong types and oversized text are 422s that change nothing', async () => {
    const before = (await get(app, '/settings/profile')).body;
    assert.deepEqual(validationLocs(await put(app, '/settings/profile', { nickname: 'x' })), ['body']);
    assert.deepEqual(validationLocs(await put(app, '/settings/profile', { name: 42 })), ['body.name']);
    assert.deepEqual(validationLocs(await patch(app, '/settings/profile', { name: 'x'.repeat(201) })), ['body.name']);
    assert.equal((await call(app, 'PUT', '/settings/profile', '"text"')).status, 422);
    assert.deepEqual((await get(app, '/settings/profile')).body, before);
  });
});

describe('agent profiles written through settings', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('POST creates a profile with the reference defaults; without an id one is made', async () => {
    const created = await post(app, '/settings/agent-profiles', { id: 'writer', displayName: 'Writer', role: 'author', tags: ['prose'] });
    assert.equal(created.status, 200);
    assert.equal(created.body.id, 'writer');
    assert.equal(created.body.role, 'author');
    assert.equal(created.body.defaultSpaceId, 'default');
    assert.deepEqual((await get(app, '/settings/agent-profiles/writer')).body, created.body);
    const unnamed = await post(app, '/settings/agent-profiles', { displayName: 'Helper' });
    assert.equal(unnamed.status, 200);
    assert.match(unnamed.body.id, /^agent_/);
    assert.equal((await get(app, `/settings/agent-profiles/${unnamed.body.id}`)).body.displayName, 'Helper');
  });

  test('POST with an id in use is a 409 profile_exists and changes nothing', async () => {
    await post(app, '/settings/agent-profiles', { id: 'twin', displayName: 'First' });
    const again = await post(app, '/settings/agent-profiles', { id: 'twin', displayName: 'Second' });
    assert.equal(again.status, 409);
    assert.equal(again.body.error_code, 'profile_exists');
    assert.equal((await get(app, '/settings/agent-profiles/twin')).body.displayName, 'First');
  });

  test('PUT changes the fields given, keeps the rest, and the path names the profile', async () => {
    await post(app, '/settings/agent-profiles', { id: 'editor', displayName: 'Editor', instructions: 'Be brief', sourceApp: 'cli' });
    const updated = await put(app, '/settings/agent-profiles/editor', { id: 'other', role: 'reviewer', sourceApp: null });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.id, 'editor');
    assert.equal(updated.body.role, 'reviewer');
    assert.equal(updated.body.instructions, 'Be brief');
    assert.equal(updated.body.sourceApp, 'cli');
    assert.equal((await get(app, '/settings/agent-profiles/other')).status, 404);
    assert.deepEqual((await get(app, '/settings/agent-profiles/editor')).body, updated.body);
  });

  test('PUT of an unknown profile is a 404; bad fields are 422s', async () => {
    const missing = await put(app, '/settings/agent-profiles/nobody', { role: 'x' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'profile_not_found');
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles', { id: '' })), ['body.id']);
    assert.deepEqual(validationLocs(await post(app, '/settings/agent-profiles', { tags: 'one' })), ['body.tags']);
    assert.deepEqual(validationLocs(await put(app, '/settings/agent-profiles/writer', { displayName: 'x'.repeat(201) })), ['body.displayName']);
    assert.equal((await post(app, '/settings/agent-profiles', [1])).status, 422);
  });
});

describe('guidance rules', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a rule is created with the reference defaults, listed, updated and deleted', async () => {
    assert.deepEqual((await get(app, '/settings/rules')).body, { rules: [] });
    const created = await post(app, '/settings/rules', { title: 'Cite sources', body: 'Link the memory you used.' });
    assert.equal(created.status, 200);
    const rule = created.body;
    assert.match(rule.id, /^rule_/);
    assert.equal(rule.scope, 'global');
    assert.equal(rule.status, 'active');
    assert.equal(rule.priority, 50);
    assert.equal(rule.source, 'manual');
    assert.equal(rule.spaceId, 'default');
    assert.deepEqual(rule.tags, []);
    assert.equal(rule.confidence, null);
    assert.ok(rule.createdAt && rule.createdAt === rule.updatedAt);
    assert.deepEqual((await get(app, '/settings/rules')).body.rules, [rule]);

    const updated = await put(app, `/settings/rules/${rule.id}`, { priority: 90, status: 'draft', title: null });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.priority, 90);
    assert.equal(updated.body.status, 'draft');
    assert.equal(updated.body.title, 'Cite sources');
    assert.equal(updated.body.createdAt, rule.createdAt);

    const deleted = await del(app, `/settings/rules/${rule.id}`);
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, { rules: [] });
    assert.equal((await del(app, `/settings/rules/${rule.id}`)).status, 404);
  });

  test('an id in use is a 409; an unknown id is a 404 rule_not_found', async () => {
    assert.equal((await post(app, '/settings/rules', { id: 'r1', title: 'T', body: 'B' })).status, 200);
    const again = await post(app, '/settings/rules', { id: 'r1', title: 'Other', body: 'Other' });
    assert.equal(again.status, 409);
    assert.equal(again.body.error_code, 'rule_exists');
    const missing = await put(app, '/settings/rules/nope', { title: 'x' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'rule_not_found');
    await del(app, '/settings/rules/r1');
  });

  test('bad rules are 422s and nothing is stored', async () => {
    assert.deepEqual(validationLocs(await post(app, '/settings/rules', { body: 'no title' })), ['body.title']);
    assert.deepEqual(validationLocs(await post(app, '/settings/rules', { title: '  ', body: 'B' })), ['body.title']);
    assert.deepEqual(validationLocs(await post(app, '/settings/rules', { title: 'T', body: 'B', scope: 'team' })), ['body.scope']);
    assert.deepEqual(validationLocs(await post(app, '/settings/rules', { title: 'T', body: 'B', scope: 'agent' })), ['body.agentProfileId']);
    assert.deepEqual(validationLocs(await post(app, '/settings/rules', { title: 'T', body: 'B', priority: 1.5 })), ['body.priority']);
    assert.deepEqual(validationLocs(await post(app, '/settings/rules', { title: 'T', body: 'B', colour: 'red' })), ['body']);
    assert.deepEqual(validationLocs(await post(app, '/settings/rules', { title: 'T', body: 'x'.repeat(40_000) })), ['body.body']);
    assert.deepEqual((await get(app, '/settings/rules')).body, { rules: [] });
    await post(app, '/settings/rules', { id: 'kept', title: 'T', body: 'B' });
    assert.deepEqual(validationLocs(await put(app, '/settings/rules/kept', { body: '' })), ['body.body']);
    assert.equal((await get(app, '/settings/rules')).body.rules[0].body, 'B');
    await del(app, '/settings/rules/kept');
  });

  test('the context bundle carries the active rules that apply, highest priority first, in data and Markdown', async () => {
    await post(app, '/settings/agent-profiles', { id: 'coder', displayName: 'Coder' });
    await post(app, '/settings/rules', { id: 'g-low', title: 'Global low', body: 'Say hello.', priority: 10 });
    await post(app, '/settings/rules', { id: 'g-high', title: 'Global high', body: 'Be exact.', priority: 80 });
    await post(app, '/settings/rules', { id: 'draft', title: 'Draft rule', body: 'Not yet.', status: 'draft' });
    await post(app, '/settings/rules', { id: 'coder-only', title: 'Coder rule', body: 'Write tests.', scope: 'agent', agentProfileId: 'coder' });
    await post(app, '/settings/rules', { id: 'other-agent', title: 'Other agent', body: 'No.', scope: 'agent', agentProfileId: 'someone' });
    await post(app, '/settings/rules', { id: 'work-space', title: 'Work space', body: 'Only at work.', scope: 'space', spaceId: 'work' });

    const bundle = await get(app, '/context/bundle?agent_id=coder');
    assert.equal(bundle.status, 200);
    assert.deepEqual(bundle.body.rules.map((r: { id: string }) => r.id), ['g-high', 'coder-only', 'g-low']);
    const markdown: string = bundle.body.rendered_markdown;
    assert.ok(markdown.includes('## Rules'));
    assert.ok(markdown.indexOf('Be exact.') < markdown.indexOf('Write tests.') && markdown.indexOf('Write tests.') < markdown.indexOf('Say hello.'));
    assert.ok(!markdown.includes('Not yet.') && !markdown.includes('Only at work.'));

    const anonymous = await get(app, '/context/bundle');
    assert.deepEqual(anonymous.body.rules.map((r: { id: string }) => r.id), ['g-high', 'g-low']);
  });
});
