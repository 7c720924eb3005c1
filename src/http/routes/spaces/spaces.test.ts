import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, del, get, patch, post, put, validationLocs } from '../../../../test/helpers.ts';
import type { App } from '../../../main.ts';
import { listenForMcp, mcpClients } from '../../../../test/mcp.ts';

type Space = { id: string; key: string | null; name: string; aliases: string[]; usage: { memories: number; threads: number; hasWorkingMemory: boolean }; observed: boolean; hasProfile: boolean; instructions: string | null; sharedSpaceIds: string[]; defaultRetrievalMode: string };
const byId = (spaces: Space[], id: string) => spaces.find(s => s.id === id);

describe('spaces', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a fresh store lists the default space, enabled, holding nothing', async () => {
    const listed = await get(app, '/spaces');
    assert.equal(listed.status, 200);
    assert.equal(listed.body.enabled, true);
    const first = listed.body.spaces[0] as Space;
    assert.equal(first.id, 'default');
    assert.equal(first.name, 'Default');
    assert.equal(first.hasProfile, false);
  });

  test('creating a space derives its id from the name; space_id may then name it by name, key or alias', async () => {
    const created = await post(app, '/spaces', { name: 'Research Agent', key: 'rsch', instructions: 'Cite sources.', icon: 'flask' });
    assert.equal(created.status, 200, created.text);
    const space = byId(created.body.spaces, 'research-agent');
    assert.ok(space, 'the new space is listed under its derived id');
    assert.equal(space.key, 'rsch');
    assert.equal(space.instructions, 'Cite sources.');
    assert.equal(space.defaultRetrievalMode, 'strict');

    // Plugins pass the name a person sees, often lower-cased ($NMEM_SPACE), or the key.
    const byName = await createMemory(app, { content: 'Transformers replaced recurrence with attention', space_id: 'research agent' });
    const byKey = await createMemory(app, { content: 'Attention heads specialise in syntax', space_id: 'RSCH' });
    for (const id of [byName, byKey]) assert.equal((await get(app, `/memories/${id}`)).body.space_id, 'research-agent');
    const listed = await get(app, '/memories?space_id=Research%20Agent');
    assert.equal(listed.body.memories.length, 2);
    const shown = await get(app, '/spaces/rsch');
    assert.equal(shown.status, 200);
    assert.equal(shown.body.usage.memories, 2);
  });

  test('a space used without a profile is listed as observed with what it holds, and can be given one', async () => {
    await createMemory(app, { content: 'Quarterly numbers are due Friday', space_id: 'ops' });
    const ops = byId((await get(app, '/spaces')).body.spaces, 'ops');
    assert.ok(ops);
    assert.equal(ops.observed, true);
    assert.equal(ops.usage.memories, 1);
    assert.equal(byId((await get(app, '/spaces/roster')).body.spaces, 'ops'), undefined, 'the roster lists provisioned spaces only');

    const described = await patch(app, '/spaces/ops', { name: 'Operations', defaultRetrievalMode: 'shared', sharedSpaceIds: ['Research Agent'] });
    assert.equal(described.status, 200, described.text);
    const now = byId(described.body.spaces, 'ops')!;
    assert.equal(now.hasProfile, true);
    assert.equal(now.name, 'Operations');
    assert.deepEqual(now.sharedSpaceIds, ['research-agent'], 'links are kept as ids');
    assert.equal(now.defaultRetrievalMode, 'shared');
  });

  test('a renamed space still answers to its old name', async () => {
    await post(app, '/spaces', { name: 'Side Project' });
    const renamed = await patch(app, '/spaces/side-project', { name: 'Garden Planner' });
    assert.deepEqual(byId(renamed.body.spaces, 'side-project')!.aliases, ['Side Project']);
    const id = await createMemory(app, { content: 'Tomatoes need six hours of sun', space_id: 'side project' });
    assert.equal((await get(app, `/memories/${id}`)).body.space_id, 'side-project');
  });

  test('names, keys and ids are unique; bad input is a 422', async () => {
    await post(app, '/spaces', { name: 'Travel', key: 'trv' });
    assert.equal((await post(app, '/spaces', { name: 'travel' })).body.error_code, 'space_exists');
    assert.equal((await post(app, '/spaces', { name: 'Trips', key: 'TRV' })).body.error_code, 'space_key_taken');
    assert.equal((await post(app, '/spaces', { name: 'Trips', id: 'travel' })).status, 409);
    assert.equal((await post(app, '/spaces', { name: 'Default' })).status, 409);
    assert.deepEqual(validationLocs(await post(app, '/spaces', { name: '' })), ['body.name']);
    assert.deepEqual(validationLocs(await post(app, '/spaces', { name: 'X', id: 'a/b' })), ['body.id']);
    assert.deepEqual(validationLocs(await post(app, '/spaces', { name: 'X', defaultRetrievalMode: 'everything' })), ['body.defaultRetrievalMode']);
    assert.deepEqual(validationLocs(await post(app, '/spaces/config', {})), ['body.enabled']);
    assert.equal((await get(app, '/spaces/nowhere')).body.error_code, 'space_not_found');
    assert.equal((await patch(app, '/spaces/nowhere', { icon: 'x' })).status, 404);
  });

  test('a space that holds records cannot be deleted; working memory goes only when asked', async () => {
    await post(app, '/spaces', { name: 'Scratch' });
    const memory = await createMemory(app, { content: 'Temporary note', space_id: 'scratch' });
    const blocked = await del(app, '/spaces/scratch');
    assert.equal(blocked.status, 409);
    assert.equal(blocked.body.type, 'space_delete_blocked');
    assert.equal(blocked.body.reason, 'primary_records');
    assert.equal(blocked.body.usage.memories, 1);
    assert.equal(blocked.body.canPurgeWorkingMemory, false);

    assert.equal((await del(app, `/memories/${memory}`)).status, 200);
    assert.equal((await put(app, '/agent/working-memory?space_id=scratch', { content: '# Today\n- tidy up' })).status, 200);
    const wm = await del(app, '/spaces/scratch');
    assert.equal(wm.status, 409);
    assert.equal(wm.body.reason, 'working_memory');
    assert.equal(wm.body.canPurgeWorkingMemory, true);

    const deleted = await del(app, '/spaces/Scratch?purge_working_memory=true');
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(byId(deleted.body.spaces, 'scratch'), undefined);
    assert.equal((await get(app, '/spaces/scratch')).status, 404);
    assert.equal((await del(app, '/spaces/default')).body.error_code, 'default_space');
  });

  test("the context bundle of a space carries its name and its instructions for agents", async () => {
    await post(app, '/spaces', { name: 'Support Desk', instructions: 'Answer in the customer language.', defaultRetrievalMode: 'all' });
    const bundle = await get(app, '/context/bundle?space_id=support%20desk');
    assert.equal(bundle.status, 200, bundle.text);
    assert.equal(bundle.body.space_id, 'support-desk');
    assert.equal(bundle.body.space.instructions, 'Answer in the customer language.');
    assert.equal(bundle.body.space.default_retrieval_mode, 'all');
    assert.match(bundle.body.rendered_markdown, /Space Support Desk \(`support-desk`\)/);
    assert.match(bundle.body.rendered_markdown, /## Space instructions\n\nAnswer in the customer language\./);
    assert.equal((await get(app, '/context/bundle')).body.space, null);
  });

  test('spaces can be switched off and on; the setting is kept', async () => {
    assert.equal((await post(app, '/spaces/config', { enabled: false })).body.enabled, false);
    assert.equal((await get(app, '/spaces')).body.enabled, false);
    assert.equal((await post(app, '/spaces/config', { enabled: true })).body.enabled, true);
  });
});

describe('spaces over MCP', () => {
  let app: App;
  let url = '';
  const mcp = mcpClients(() => url);
  before(async () => {
    app = await buildTestApp();
    url = await listenForMcp(app);
    await post(app, '/spaces', { name: 'Research Agent', key: 'rsch' });
  });
  after(async () => {
    await mcp.closeAll();
    await app.close();
  });

  test('a tool call and the connection header may name a space by its name or key', async () => {
    const byHeader = await mcp.connect({ 'X-Nmem-Space-Id': 'Research Agent' });
    const added = await mcp.call(byHeader, 'memory_add', { content: 'Attention replaced recurrence in sequence models' });
    assert.ok(!added.isError, added.content[0]?.text);
    const plain = await mcp.connect();
    const second = await mcp.call(plain, 'memory_add', { content: 'Heads specialise in syntax', space_id: 'RSCH' });
    assert.ok(!second.isError, second.content[0]?.text);
    const listed = await get(app, '/memories?space_id=research-agent');
    assert.equal(listed.body.memories.length, 2);
  });
});
