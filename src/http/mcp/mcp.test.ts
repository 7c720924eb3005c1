import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { listenForMcp, mcpClients, type ToolResult } from '../../../test/mcp.ts';
import { buildTestApp, createMemory, get, post } from '../../../test/helpers.ts';

describe('MCP tools, in process', () => {
  let app: App;
  let url: string;
  const { connect, call, closeAll } = mcpClients(() => url);
  before(async () => {
    app = await buildTestApp();
    url = await listenForMcp(app);
  });
  after(async () => {
    await closeAll();
    await app.close();
  });

  const text = (r: ToolResult) => r.content.map(c => c.text).join('\n');

  test('the slim profile header shortens every description', async () => {
    const full = (await (await connect()).listTools()).tools;
    const slim = (await (await connect({ 'X-Nowledge-Tool-Schema-Profile': 'slim' })).listTools()).tools;
    const search = (tools: typeof full) => tools.find(t => t.name === 'memory_search')!.description!;
    assert.equal(search(slim), 'Search long-term memories; returns ids, titles, excerpts.');
    assert.ok(search(full).length > 200);
    assert.deepEqual(slim.map(t => t.inputSchema), full.map(t => t.inputSchema));
  });

  test('GET and DELETE /mcp answer 405 (stateless), a POST without a body 400', async () => {
    assert.equal((await get(app, '/mcp')).status, 405);
    assert.equal((await get(app, '/mcp/')).status, 405);
    const empty = await post(app, '/mcp', '');
    assert.equal(empty.status, 400);
    assert.equal(empty.body.error.code, -32700);
  });

  test('the agent headers are recorded on memories added through the connection', async () => {
    const client = await connect({ 'X-Nmem-Agent-Id': 'reviewer', 'X-Nmem-Host-Agent-Id': 'langgraph:support:v2' });
    const added = await call(client, 'memory_add', { content: 'Reviews happen on Tuesdays.' });
    const memory = (await get(app, `/memories/${added.structuredContent!.id}`)).body;
    assert.deepEqual([memory.metadata.agent_id, memory.metadata.host_agent_id, memory.source], ['reviewer', 'langgraph:support:v2', 'mcp']);
  });

  test('memory_update with nothing to change, or of an unknown memory, is a tool error naming the fix', async () => {
    const client = await connect();
    const id = await createMemory(app, { content: 'Deploys run at noon.' });
    assert.match(text(await call(client, 'memory_update', { memory_id: id })), /Nothing to change: give at least one of content/);
    const unknown = await call(client, 'memory_update', { memory_id: 'missing', title: 'x' });
    assert.equal(unknown.isError, true);
    assert.match(text(unknown), /Memory not found: missing/);
  });

  test('memory_forget removes a memory from search and reads', async () => {
    const client = await connect();
    const id = await createMemory(app, { content: 'The staging password rotates weekly.' });
    assert.match(text(await call(client, 'memory_forget', { memory_id: id, reason: 'obsolete' })), /Forgot memory/);
    assert.equal((await get(app, `/memories/${id}`)).status, 404);
  });

  test('update_working_memory appends when asked', async () => {
    const client = await connect({ 'X-Nmem-Space-Id': 'wm' });
    await call(client, 'update_working_memory', { content: 'First note.' });
    await call(client, 'update_working_memory', { content: 'Second note.', mode: 'append' });
    assert.equal((await call(client, 'read_working_memory')).structuredContent!.content, 'First note.\n\nSecond note.');
  });

  test('thread_save takes a single note as content and makes an id', async () => {
    const saved = await call(await connect(), 'thread_save', { content: 'Handoff: the migration is half done.', title: 'Handoff' });
    assert.match(saved.structuredContent!.thread_id, /^mcp-/);
    assert.equal((await get(app, `/threads/${saved.structuredContent!.thread_id}`)).body.messages[0].content, 'Handoff: the migration is half done.');
  });

  test('check_claims names supporting and contradicting memories', async () => {
    const client = await connect({ 'X-Nmem-Space-Id': 'claims' });
    const held = (await call(client, 'memory_add', { content: 'The API rate limit is 100 requests per minute.' })).structuredContent!.id;
    const result = await call(client, 'check_claims', { claims: ['The API rate limit is 100 requests per minute', 'The API rate limit is 500 requests per minute', 'Lunch is at noon'] });
    const [supported, contradicted, unknown] = result.structuredContent!.claims;
    assert.deepEqual([supported.verdict, supported.supporting_memory_ids], ['supported', [held]]);
    assert.deepEqual([contradicted.verdict, contradicted.contradicting_memory_ids], ['contradicted', [held]]);
    assert.equal(unknown.verdict, 'unverified');
    assert.match(text(result), /may contradict: \[/);
  });

  test('trigger_memory_catchup previews, then distils threads no memory came from', async () => {
    const client = await connect({ 'X-Nmem-Space-Id': 'catchup' });
    await call(client, 'thread_save', { thread_id: 'plan-chat', messages: [{ role: 'user', content: 'We decided to use Kafka for the event bus.' }] });
    const preview = await call(client, 'trigger_memory_catchup', { dry_run: true });
    assert.deepEqual(preview.structuredContent!.threads.map((t: { thread_id: string }) => t.thread_id), ['plan-chat']);
    assert.equal((await get(app, '/memories?space_id=catchup')).body.memories.length, 0);
    const done = await call(client, 'trigger_memory_catchup', {});
    assert.ok(done.structuredContent!.memories_created >= 1, text(done));
    assert.match(text(await call(client, 'trigger_memory_catchup', {})), /Nothing to catch up/);
  });

  test('memory_evolves_revise previews a plan, then applies it by plan_id', async () => {
    const client = await connect();
    const older = await createMemory(app, { content: 'Cache TTL is 5 minutes.', title: 'TTL old' });
    const newer = await createMemory(app, { content: 'Cache TTL is 10 minutes.', title: 'TTL new' });
    assert.equal((await post(app, `/memories/${older}/supersede`, { newer_memory_id: newer })).status, 200);
    const preview = await call(client, 'memory_evolves_revise', { memory_ids: [newer, older], decision: 'enriches' });
    assert.match(text(preview), /Apply with memory_evolves_revise/);
    const applied = await call(client, 'memory_evolves_revise', { memory_ids: [newer, older], decision: 'enriches', apply: true, plan_id: preview.structuredContent!.plan_id });
    assert.equal(applied.structuredContent!.applied, true);
    assert.match(text(await call(client, 'memory_evolves_revise', { memory_ids: [newer, older], decision: 'unlink', apply: true })), /needs the plan_id/);
  });

  test('skills and timeline reviews say plainly there is nothing, without an error', async () => {
    const client = await connect();
    for (const [name, args, said] of [
      ['find_skills', { query: 'deploy' }, /No managed skills are stored/],
      ['report_skill_outcome', { skill_id: 's1', outcome: 'success' }, /nothing was stored/],
      ['list_timeline_reviews', {}, /no timeline reviews/],
      ['resolve_timeline_review', { review_id: 'r1', decision: 'keep' }, /nothing was changed/],
    ] as const) {
      const result = await call(client, name, args);
      assert.ok(!result.isError, name);
      assert.match(text(result), said);
    }
  });

  test('wiki_page lists topics and needs an id for a page', async () => {
    const client = await connect();
    assert.match(text(await call(client, 'wiki_page', { kind: 'index' })), /Topics|no topics yet/);
    assert.match(text(await call(client, 'wiki_page', { kind: 'topic' })), /A topic page needs an id/);
    assert.match(text(await call(client, 'wiki_page', { kind: 'topic', id: 'abc' })), /A topic id is a number/);
  });

  test('an unknown tool is a tool error', async () => {
    const result = await call(await connect(), 'memory_delete_everything');
    assert.equal(result.isError, true);
    assert.match(text(result), /Unknown tool "memory_delete_everything"/);
  });
});
