/**
 * What the integrations' skills and hooks expect of the MCP server: the `external-agent` tool set (X-Nmem-Tool-Set),
 * memory_search results that name their source thread (skills then call thread_fetch_messages), report_skill_outcome
 * with the hooks' `completed` and a version, and mem_fs paths under /wiki and /skills.
 */
import { after, before, describe, test } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { listenForMcp, mcpClients } from '../../../test/mcp.ts';
import { buildTestApp, post } from '../../../test/helpers.ts';
import { seedLibrary } from '../../../test/library.ts';
import { TOOL_SETS } from './toolSets.ts';

describe('MCP as the integrations use it', () => {
  let app: App;
  let url: string;
  let seeded: Awaited<ReturnType<typeof seedLibrary>>;
  const { connect, call, closeAll } = mcpClients(() => url);
  before(async () => {
    app = await buildTestApp();
    seeded = await seedLibrary(app);
    url = await listenForMcp(app);
  });
  after(async () => {
    await closeAll();
    await app.close();
  });

  test('X-Nmem-Tool-Set: external-agent lists and allows only that set', async () => {
    const bounded = await connect({ 'X-Nmem-Tool-Set': 'external-agent' });
    const names = (await bounded.listTools()).tools.map(t => t.name).sort();
    assert.deepEqual(names, [...TOOL_SETS['external-agent']!].sort());
    assert.equal((await call(bounded, 'memory_forget', { memory_id: 'x' })).isError, true);
    const full = (await (await connect()).listTools()).tools.map(t => t.name);
    assert.ok(full.includes('memory_forget') && full.includes('thread_save'));
  });

  test('memory_search results carry source_thread_id; thread_fetch_messages reads that thread', async () => {
    await post(app, '/threads', { thread_id: 'standup-7', title: 'Standup', messages: [{ role: 'user', content: 'The deploy freeze starts on the 20th.' }] });
    await post(app, '/memories', { content: 'A deploy freeze starts on the 20th of December.', source_thread_id: 'standup-7' });
    const client = await connect();
    const found = await call(client, 'memory_search', { query: 'deploy freeze' });
    const hit = found.structuredContent!.results.find((r: any) => r.source_thread_id === 'standup-7');
    assert.ok(hit, JSON.stringify(found.structuredContent));
    const thread = await call(client, 'thread_fetch_messages', { thread_id: hit.source_thread_id });
    assert.match(thread.content[0]!.text, /deploy freeze starts on the 20th/);
  });

  test('report_skill_outcome takes the hooks\' completed status and a version', async () => {
    const answer = await call(await connect(), 'report_skill_outcome', { skill_id: 'release-checklist', outcome: 'completed', version: '3' });
    assert.notEqual(answer.isError, true, answer.content[0]?.text);
    assert.equal(answer.structuredContent!.outcome, 'completed');
  });

  test('mem_fs lists /wiki entities and topics, cats their pages, and /skills is an empty folder', async () => {
    const client = await connect();
    const fs = async (command: string) => call(client, 'mem_fs', { command });
    assert.match((await fs('ls /')).content[0]!.text, /\/wiki\/\n\/skills\//);
    const entities = (await fs('ls /wiki/entities -n 100')).structuredContent!.entries as { path: string; name: string }[];
    const guanciale = entities.find(e => e.name === 'Guanciale')!;
    assert.equal(guanciale.path, `/wiki/entities/Guanciale--${seeded.entities.get('Guanciale')}.entity.md`);
    assert.match((await fs(`cat ${guanciale.path}`)).content[0]!.text, /Guanciale/);
    assert.match((await fs(`stat ${guanciale.path}`)).content[0]!.text, /type: entity/);
    const topics = (await fs('ls /wiki/topics')).structuredContent!.entries as { path: string; name: string }[];
    const cooking = topics.find(t => t.name === 'Cooking')!;
    assert.match((await fs(`cat ${cooking.path}`)).content[0]!.text, /Cooking/);
    assert.match((await fs('ls /skills')).content[0]!.text, /no managed skills/);
    const missing = await fs('cat /skills/nowledge-mem/SKILL.md');
    assert.match(missing.content[0]!.text, /no managed skills/);
  });
});
