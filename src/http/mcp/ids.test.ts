import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { App } from '../../main.ts';
import { listenForMcp, mcpClients, type ToolResult } from '../../../test/mcp.ts';
import { buildTestApp, createMemory, get, post } from '../../../test/helpers.ts';

type Result = ToolResult;

const FIRST = '0190dead-1111-7000-8000-000000000001';
const SECOND = '0190dead-2222-7000-8000-000000000002';

describe('MCP tools take short ids', () => {
  let app: App;
  let client: Client;
  before(async () => {
    app = await buildTestApp();
    const url = await listenForMcp(app);
    client = await mcpClients(() => url).connect();
    await createMemory(app, { id: FIRST, title: 'Deploy window', content: 'Deploys happen on Tuesday mornings.' });
    await createMemory(app, { id: SECOND, title: 'Rollback rule', content: 'Roll back when error rates double.' });
  });
  after(async () => {
    await client.close();
    await app.close();
  });

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
  const text = (r: Result) => r.content.map(c => c.text).join('\n');

  test('get_memory_by_id reads a memory by a unique prefix', async () => {
    const result = await call('get_memory_by_id', { memory_id: '0190dead-2' });
    assert.equal(result.isError, undefined, text(result));
    assert.equal(result.structuredContent?.memory.id, SECOND);
    assert.match(text(result), /Rollback rule/);
  });

  test('memory_update and memory_forget change the memory the prefix names', async () => {
    const updated = await call('memory_update', { memory_id: '0190DEAD1111', importance: 0.95 });
    assert.equal(updated.isError, undefined, text(updated));
    assert.equal((await get(app, `/memories/${FIRST}`)).body.importance, 0.95);
    const forgotten = await call('memory_forget', { memory_id: '0190dead-1', reason: 'test' });
    assert.equal(forgotten.structuredContent?.id, FIRST);
    assert.equal((await post(app, `/memories/${FIRST}/restore`)).status, 200);
  });

  test('an ambiguous prefix is a tool error naming the candidates; nothing is changed', async () => {
    const result = await call('memory_update', { memory_id: '0190dead', title: 'Changed' });
    assert.equal(result.isError, true);
    assert.match(text(result), /ambiguous_id/);
    assert.ok(text(result).includes(FIRST) && text(result).includes(SECOND), text(result));
    assert.equal((await get(app, `/memories/${SECOND}`)).body.title, 'Rollback rule');
  });

  test('thread_fetch_messages takes a prefix of a thread id', async () => {
    const threadId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    assert.equal((await post(app, '/threads', { thread_id: threadId, messages: [{ role: 'user', content: 'where do deploys run?' }] })).status, 200);
    const result = await call('thread_fetch_messages', { thread_id: '7c9e6679' });
    assert.equal(result.isError, undefined, text(result));
    assert.equal(result.structuredContent?.thread_id, threadId);
  });
});
