import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post, put, validationLocs } from '../../../../test/helpers.ts';
import { renderContextBundle } from '../../../services/agent/render.ts';
import { matchAgentProfile } from '../../../services/agent/profiles.ts';

/** An app whose clock reads `now`, changeable between calls. */
async function appAt(now: { value: string }): Promise<App> {
  const app = await buildTestApp();
  app.deps.clock.now = () => now.value;
  return app;
}

describe('working memory (/agent/working-memory)', () => {
  const now = { value: '2026-03-02T08:00:00.000Z' };
  let app: App;
  before(async () => {
    app = await appAt(now);
  });
  after(() => app.close());

  test('before anything is saved it does not exist', async () => {
    const empty = await get(app, '/agent/working-memory');
    assert.equal(empty.status, 200);
    assert.deepEqual([empty.body.exists, empty.body.content, empty.body.date], [false, '', '2026-03-02']);
  });

  test('saving replaces today’s entry; earlier days stay as dated history and the latest stays current', async () => {
    now.value = '2026-03-01T09:00:00.000Z';
    await put(app, '/agent/working-memory', { content: '## Focus Areas\n- release 0.2' });
    now.value = '2026-03-02T09:00:00.000Z';
    const carried = await get(app, '/agent/working-memory');
    assert.deepEqual([carried.body.exists, carried.body.date, carried.body.is_today], [true, '2026-03-01', false]);

    const saved = await put(app, '/agent/working-memory', { content: '## Focus Areas\n- threads' });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.date, '2026-03-02');
    await put(app, '/agent/working-memory', { content: '## Focus Areas\n- threads and sessions' });

    const current = await get(app, '/agent/working-memory');
    assert.deepEqual([current.body.content, current.body.date, current.body.is_today], ['## Focus Areas\n- threads and sessions', '2026-03-02', true]);
    const archived = await get(app, '/agent/working-memory?date=2026-03-01');
    assert.equal(archived.body.content, '## Focus Areas\n- release 0.2');
    assert.equal((await get(app, '/agent/working-memory?date=2026-02-01')).body.exists, false);

    const history = await get(app, '/agent/working-memory/history');
    assert.deepEqual(history.body.dates, ['2026-03-02', '2026-03-01']);
    assert.equal(history.body.total, 2);
    assert.deepEqual((await get(app, '/agent/working-memory/history?limit=1')).body.dates, ['2026-03-02']);
  });

  test('each space has its own working memory (space_id in body or query)', async () => {
    await put(app, '/agent/working-memory', { content: 'team notes', space_id: 'team' });
    await put(app, '/agent/working-memory?space_id=lab', { content: 'lab notes' });
    assert.equal((await get(app, '/agent/working-memory?space_id=team')).body.content, 'team notes');
    assert.equal((await get(app, '/agent/working-memory?space_id=lab')).body.content, 'lab notes');
    assert.notEqual((await get(app, '/agent/working-memory')).body.content, 'team notes');
  });

  test('content 1..10000 characters, dates as YYYY-MM-DD, history limit 1..365', async () => {
    assert.deepEqual(validationLocs(await put(app, '/agent/working-memory', { content: '' })), ['body.content']);
    assert.deepEqual(validationLocs(await put(app, '/agent/working-memory', { content: 'x'.repeat(10_001) })), ['body.content']);
    assert.deepEqual(validationLocs(await put(app, '/agent/working-memory', {})), ['body.content']);
    assert.equal((await put(app, '/agent/working-memory', { content: 'x'.repeat(10_000) })).status, 200);
    assert.deepEqual(validationLocs(await get(app, '/agent/working-memory?date=03/02/2026')), ['query.date']);
    assert.deepEqual(validationLocs(await get(app, '/agent/working-memory?date=2026-02-30')), ['query.date']);
    assert.deepEqual(validationLocs(await get(app, '/agent/working-memory/history?limit=366')), ['query.limit']);
  });
});

describe('context bundle (GET /context/bundle)', () => {
  const now = { value: '2026-03-10T08:00:00.000Z' };
  let app: App;
  before(async () => {
    app = await appAt(now);
    now.value = '2026-01-01T08:00:00.000Z';
    await createMemory(app, { content: 'Old trivia about the office plant', importance: 0.2 });
    now.value = '2026-03-09T08:00:00.000Z';
    await createMemory(app, { title: 'Deploys freeze on Fridays', content: 'No production deploys on Fridays after noon.', importance: 0.9, unit_type: 'decision' });
    await createMemory(app, { content: 'Team space note', space_id: 'team', importance: 1 });
    await put(app, '/agent/working-memory', { content: '## Focus Areas\n- ship the threads API' });
    await post(app, '/threads', { thread_id: 'chat-1', title: 'Release checklist', source: 'alma', messages: [{ role: 'user', content: 'what is left?' }] });
    now.value = '2026-03-10T08:00:00.000Z';
  });
  after(() => app.close());

  test('rendered_markdown carries the working memory, the most important recent memories and recent threads', async () => {
    const bundle = await get(app, '/context/bundle?source_app=alma&agent_id=coder');
    assert.equal(bundle.status, 200);
    const markdown: string = bundle.body.rendered_markdown;
    assert.match(markdown, /## Working memory \(2026-03-09\)\n\n## Focus Areas\n- ship the threads API/);
    assert.match(markdown, /## Important recent memories/);
    assert.ok(markdown.indexOf('Deploys freeze on Fridays') < markdown.indexOf('Old trivia'));
    assert.match(markdown, /Release checklist \(alma, 1 message,/);
    assert.ok(!markdown.includes('Team space note'));
    assert.equal(bundle.body.memories[0].title, 'Deploys freeze on Fridays');
    assert.equal(bundle.body.working_memory.exists, true);
    assert.equal(bundle.body.profile, null);
    assert.deepEqual([bundle.body.agent_id, bundle.body.source_app], ['coder', 'alma']);
  });

  test('include_working_memory=false leaves it out; another space has its own bundle', async () => {
    const without = await get(app, '/context/bundle?include_working_memory=false');
    assert.equal(without.body.working_memory, null);
    assert.ok(!without.body.rendered_markdown.includes('ship the threads API'));
    const team = await get(app, '/context/bundle?space_id=team');
    assert.deepEqual(team.body.memories.map((m: any) => m.content), ['Team space note']);
    assert.deepEqual(validationLocs(await get(app, '/context/bundle?include_working_memory=perhaps')), ['query.include_working_memory']);
  });

  test('an empty space renders a short note rather than nothing', async () => {
    const empty = await get(app, '/context/bundle?space_id=nobody');
    assert.match(empty.body.rendered_markdown, /Nothing stored yet/);
  });
});

describe('agent profiles in the bundle', () => {
  const profiles = [
    { id: 'coder', displayName: 'Coder', sourceApp: 'alma', instructions: 'Write tests first.' },
    { id: 'writer', displayName: 'Writer', hostAgentId: 'host-7', sourceApp: 'pi' },
  ];

  test('a profile matches by id, then host agent, then source app', () => {
    assert.equal(matchAgentProfile(profiles, { agent_id: 'WRITER', source_app: 'alma' })?.id, 'writer');
    assert.equal(matchAgentProfile(profiles, { host_agent_id: 'host-7' })?.id, 'writer');
    assert.equal(matchAgentProfile(profiles, { source_app: 'alma' })?.id, 'coder');
    assert.equal(matchAgentProfile(profiles, { agent_id: 'nobody' }), null);
  });

  test('a matching profile is rendered first with its instructions', () => {
    const markdown = renderContextBundle({ space_id: 'default', generated_at: 'now', profile: profiles[0]!, rules: [], space: null, working_memory: null, memories: [], threads: [] });
    assert.match(markdown, /## Agent profile\n\n\*\*Coder\*\* · id `coder`\n\n### Instructions\n\nWrite tests first\./);
  });
});
