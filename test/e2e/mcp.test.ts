/**
 * The MCP server of the real server process, driven by the SDK's own client over streamable HTTP at /mcp/ and /mcp,
 * as Claude Code, Cursor or a LangGraph agent would reach it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../bench/lib.ts';

const ALL_TOOLS = [
  'read_context_bundle', 'read_working_memory', 'memory_search', 'get_memory_by_id', 'memory_add', 'memory_update', 'thread_search',
  'thread_fetch_messages', 'mem_fs', 'find_skills', 'report_skill_outcome', 'list_timeline_reviews', 'resolve_timeline_review',
  'memory_evolves_revise', 'check_claims', 'trigger_memory_catchup', 'update_working_memory', 'thread_save', 'memory_forget', 'graph_explore', 'wiki_page',
  'source_ingest', 'source_read',
];

const servers: ServerProcess[] = [];
const dirs: string[] = [];
const clients: Client[] = [];

/** Resolves once the server's background queue holds nothing (GET /health), or fails after 30 s. */
async function backgroundDone(url: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise(resolve => setTimeout(resolve, 100))) {
    const health = (await (await fetch(`${url}/health`)).json()) as { background_queue: { pending: number } | null };
    if (health.background_queue?.pending === 0) return;
  }
  throw new Error('the background queue did not empty within 30 s');
}

async function start(env: Record<string, string> = {}) {
  const dir = makeTempDir('cairn-mcp-e2e-');
  dirs.push(dir);
  const server = await startServer({ entry: 'launcher', dataDir: dir, env });
  servers.push(server);
  return server;
}

async function connect(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'cairn-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

interface Result {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
  isError?: boolean;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  const result = (await client.callTool({ name, arguments: args })) as Result;
  assert.ok(!result.isError, `${name} failed: ${result.content[0]?.text}`);
  return result;
}

const text = (result: Result) => result.content.map(c => c.text).join('\n');

after(async () => {
  await Promise.all(clients.map(c => c.close().catch(() => {})));
  await Promise.all(servers.map(s => s.stop('SIGKILL')));
  for (const dir of dirs) removeDir(dir);
});

describe('MCP against the real server process', () => {
  let server: ServerProcess;
  let client: Client;
  before(async () => {
    server = await start();
    client = await connect(`${server.url}/mcp/`);
  });

  test('lists every tool at /mcp/ and at /mcp', async () => {
    const names = (await client.listTools()).tools.map(t => t.name);
    assert.deepEqual([...names].sort(), [...ALL_TOOLS].sort());
    const bare = await connect(`${server.url}/mcp`);
    assert.equal((await bare.listTools()).tools.length, ALL_TOOLS.length);
  });

  test('adds memories, searches them, reads and updates one', async () => {
    const added = await call(client, 'memory_add', { content: 'We chose PostgreSQL for the scale-out store because teams already run it.', title: 'Scale-out store', unit_type: 'decision', labels: ['architecture'], importance: 0.9 });
    const id = added.structuredContent!.id as string;
    assert.match(text(added), new RegExp(`Saved memory \\[${id}\\] Scale-out store · decision`));
    await call(client, 'memory_add', { content: 'Grafana dashboards live in the ops repository.', labels: ['ops'] });

    const found = await call(client, 'memory_search', { query: 'which database for scale-out', limit: 5 });
    assert.equal(found.structuredContent!.results[0].id, id);
    assert.match(text(found), /^1\. \[.+\] Scale-out store · decision/);
    const byLabel = await call(client, 'memory_search', { query: 'dashboards', labels: ['ops'] });
    assert.equal(byLabel.structuredContent!.results.length, 1);

    const updated = await call(client, 'memory_update', { memory_id: id, importance: 1, labels: ['architecture', 'decisions'] });
    assert.match(text(updated), /changed: labels, importance/);
    const read = await call(client, 'get_memory_by_id', { memory_id: id });
    assert.equal(read.structuredContent!.memory.importance, 1);
    assert.deepEqual(read.structuredContent!.memory.labels.map((l: { name: string }) => l.name).sort(), ['architecture', 'decisions']);
  });

  test('saves a thread, appends to it without duplicates, searches and fetches it with long messages cut', async () => {
    const long = `Rotate the signing keys monthly. ${'Details follow. '.repeat(200)}`;
    const saved = await call(client, 'thread_save', { thread_id: 'e2e-chat', title: 'Key rotation chat', messages: [{ role: 'user', content: 'How often do we rotate keys?' }, { role: 'assistant', content: long }] });
    assert.equal(saved.structuredContent!.action, 'created');
    const again = await call(client, 'thread_save', { thread_id: 'e2e-chat', messages: [{ role: 'user', content: 'How often do we rotate keys?' }, { role: 'assistant', content: long }, { role: 'user', content: 'Thanks!' }] });
    assert.deepEqual([again.structuredContent!.action, again.structuredContent!.messages_added, again.structuredContent!.duplicates_skipped], ['appended', 1, 2]);

    const found = await call(client, 'thread_search', { query: 'rotate keys' });
    assert.equal(found.structuredContent!.threads[0].thread_id, 'e2e-chat');
    const fetched = await call(client, 'thread_fetch_messages', { thread_id: 'e2e-chat', limit: 2, content_limit: 200 });
    const messages = fetched.structuredContent!.messages;
    assert.equal(messages.length, 2);
    assert.equal(messages[1].truncated, true);
    assert.match(messages[1].content, /… \[cut: 200 of \d+ characters\]$/);
    assert.match(text(fetched), /more messages: call again with offset 2/);
  });

  test('writes and reads working memory, and the context bundle carries it', async () => {
    await call(client, 'update_working_memory', { content: '## Focus\nShip the MCP server.' });
    assert.match(text(await call(client, 'read_working_memory')), /Ship the MCP server\./);
    const bundle = await call(client, 'read_context_bundle');
    assert.match(text(bundle), /Ship the MCP server\./);
    assert.match(text(bundle), /Scale-out store/);
  });

  test('walks mem_fs from the root to a memory file', async () => {
    assert.equal(text(await call(client, 'mem_fs', { command: 'ls /' })), '/memories/\n/threads/\n/wiki/\n/skills/');
    const label = await call(client, 'mem_fs', { command: 'ls /memories/by-label/decisions' });
    const path = label.structuredContent!.entries[0].path as string;
    assert.match(text(await call(client, 'mem_fs', { command: `cat ${path}` })), /# Scale-out store/);
    assert.match(text(await call(client, 'mem_fs', { command: 'recall "scale-out database" --in /memories -k 3' })), new RegExp(path.replace(/[.]/g, '\\.')));
    assert.match(text(await call(client, 'mem_fs', { command: 'grep monthly /threads' })), /\/threads\/e2e-chat\.md:\d+:/);
    const bad = (await client.callTool({ name: 'mem_fs', arguments: { command: 'rm -rf /' } })) as Result;
    assert.equal(bad.isError, true);
    assert.match(text(bad), /Unknown command "rm"/);
  });

  test('explores the graph around an entity and reads its wiki page', async () => {
    // The graph follows a create from the background queue, which holds its first batch back while writes keep coming
    // (the tests above write threads and working memory): wait until it has processed every memory.
    await backgroundDone(server.url);
    const graph = await call(client, 'graph_explore', { entity: 'postgresql' });
    assert.match(text(graph), /PostgreSQL/);
    assert.ok(graph.structuredContent!.neighbors.some((n: { node_type: string }) => n.node_type === 'Memory'));
    const page = await call(client, 'wiki_page', { kind: 'entity', id: 'PostgreSQL' });
    assert.match(text(page), /^# PostgreSQL/m);
  });

  test('bad arguments come back as a tool error saying what to fix, and the session goes on', async () => {
    const bad = (await client.callTool({ name: 'memory_search', arguments: { query: 42 } })) as Result;
    assert.equal(bad.isError, true);
    assert.match(text(bad), /query: .*expected string/);
    const missing = (await client.callTool({ name: 'get_memory_by_id', arguments: { memory_id: 'no-such-memory' } })) as Result;
    assert.equal(missing.isError, true);
    assert.match(text(missing), /Memory not found: no-such-memory/);
    assert.equal((await client.listTools()).tools.length, ALL_TOOLS.length);
  });

  test('two connections with different X-Nmem-Space-Id headers never see each other', async () => {
    const alpha = await connect(`${server.url}/mcp/`, { 'X-Nmem-Space-Id': 'alpha' });
    const beta = await connect(`${server.url}/mcp/`, { 'X-Nmem-Space-Id': 'beta' });
    const secret = await call(alpha, 'memory_add', { content: 'Alpha project codename is Bluebird.' });
    // The header wins over an argument naming another space.
    assert.equal((await call(beta, 'memory_search', { query: 'Bluebird codename', space_id: 'alpha' })).structuredContent!.results.length, 0);
    assert.equal((await call(alpha, 'memory_search', { query: 'Bluebird codename' })).structuredContent!.results.length, 1);
    const denied = (await beta.callTool({ name: 'get_memory_by_id', arguments: { memory_id: secret.structuredContent!.id } })) as Result;
    assert.equal(denied.isError, true);
    assert.equal((await call(client, 'memory_search', { query: 'Bluebird codename' })).structuredContent!.results.length, 0);
  });
});

describe('MCP with an API key configured', () => {
  let server: ServerProcess;
  before(async () => {
    server = await start({ CAIRN_API_KEY: 'mcp-e2e-key' });
  });

  test('a client without the key is refused with 401', async () => {
    const client = new Client({ name: 'no-key', version: '1.0.0' });
    await assert.rejects(client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/`))), (error: unknown) => {
      assert.ok(error instanceof StreamableHTTPError, String(error));
      assert.equal(error.code, 401);
      return true;
    });
  });

  test('a client with the key, as a bearer token or X-NMEM-API-Key, gets in', async () => {
    const bearer = await connect(`${server.url}/mcp/`, { Authorization: 'Bearer mcp-e2e-key' });
    assert.equal((await bearer.listTools()).tools.length, ALL_TOOLS.length);
    const header = await connect(`${server.url}/mcp`, { 'X-NMEM-API-Key': 'mcp-e2e-key' });
    assert.match(text(await call(header, 'list_timeline_reviews')), /no timeline reviews/);
  });
});
