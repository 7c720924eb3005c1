import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { App } from '../../main.ts';
import { listenForMcp, mcpClients, type ToolResult } from '../../../test/mcp.ts';
import { buildTestApp, createMemory, post } from '../../../test/helpers.ts';

type Result = ToolResult;

describe('MCP memory_search with include_threads', () => {
  let app: App;
  let client: Client;
  let memoryId: string;
  before(async () => {
    app = await buildTestApp();
    const url = await listenForMcp(app);
    client = await mcpClients(() => url).connect();
    await post(app, '/threads', {
      thread_id: 'queue-choice', title: 'Job queue', source: 'codex',
      messages: [{ role: 'user', content: 'Which queue for the mailer?' }, { role: 'assistant', content: 'We decided the mailer queue is RabbitMQ.' }],
    });
    memoryId = await createMemory(app, { title: 'Mailer retries', content: 'The mailer retries three times before giving up.' });
  });
  after(async () => {
    await client.close();
    await app.close();
  });

  const search = async (args: Record<string, unknown>) => (await client.callTool({ name: 'memory_search', arguments: args })) as Result;

  test('without it memory_search answers memories only, as before', async () => {
    const found = await search({ query: 'mailer queue' });
    assert.equal(found.isError, undefined);
    assert.deepEqual(found.structuredContent!.results.map((r: any) => r.id), [memoryId]);
    assert.equal(found.structuredContent!.results[0].kind, undefined);
  });

  test('with it the conversation where it was decided comes back beside the memories, with where to read it', async () => {
    const found = await search({ query: 'what did we decide about the mailer queue?', include_threads: true });
    assert.equal(found.isError, undefined, found.content[0]?.text);
    const results = found.structuredContent!.results as any[];
    assert.deepEqual(new Set(results.map(r => r.kind)), new Set(['memory', 'thread']));
    const message = results.find(r => r.kind === 'thread');
    assert.equal(message.thread_id, 'queue-choice');
    assert.equal(message.position, 1);
    assert.match(message.snippet, /RabbitMQ/);
    assert.equal(results.find(r => r.kind === 'memory').id, memoryId);
    assert.match(found.content[0]!.text, /thread_fetch_messages \{thread_id: "queue-choice", offset: 1\}/);
  });

  test('the argument is in the tool schema', async () => {
    const tool = (await client.listTools()).tools.find(t => t.name === 'memory_search')!;
    assert.equal((tool.inputSchema.properties as any).include_threads.type, 'boolean');
  });
});
