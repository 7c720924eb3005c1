import assert from 'node:assert/strict';
import { after, before, describe, test } from '../../../../test/suite.ts';
import { buildTestApp, createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';
import type { App } from '../../../main.ts';

const q = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe('the filesystem view over REST (/fs/*)', () => {
  let app: App;
  let decision = '';
  let note = '';
  before(async () => {
    app = await buildTestApp();
    decision = await createMemory(app, { content: 'We chose PostgreSQL for billing because of row-level locks', title: 'Billing database', unit_type: 'decision', labels: ['billing'] });
    note = await createMemory(app, { content: 'Alice prefers tabs; postgresql migrations run on Fridays', labels: ['team'] });
    for (let i = 0; i < 5; i++) await createMemory(app, { content: `Filler note ${i} about the garden`, labels: ['garden'] });
  });
  after(() => app.close());

  test('capabilities, ls with a cursor, cat with a line window, stat', async () => {
    const caps = await get(app, '/fs/capabilities');
    assert.equal(caps.status, 200);
    assert.ok(caps.body.roots.includes('/memories'));

    const first = await get(app, `/fs/ls?${q({ path: '/memories/by-id', limit: 4 })}`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.entries.length, 4);
    assert.ok(first.body.next_cursor);
    const second = await get(app, `/fs/ls?${q({ path: '/memories/by-id', limit: 4, cursor: first.body.next_cursor })}`);
    assert.equal(second.body.entries.length, 3);
    assert.equal(second.body.next_cursor, null);
    const all = [...first.body.entries, ...second.body.entries].map((e: { path: string }) => e.path);
    assert.equal(new Set(all).size, 7, 'pages neither repeat nor skip');

    const path = `/memories/by-id/${decision}.memory.md`;
    const cat = await get(app, `/fs/cat?${q({ path })}`);
    assert.match(cat.body.content, /^---\nid: /);
    assert.match(cat.body.content, /row-level locks/);
    const window = await get(app, `/fs/cat?${q({ path, line: 2, lines: 1 })}`);
    assert.equal(window.body.content, `id: "${decision}"`);
    const stat = await get(app, `/fs/stat?${q({ path })}`);
    assert.equal(stat.body.type, 'memory');
    assert.equal(stat.body.unit_type, 'decision');
    assert.equal((await get(app, `/fs/cat?${q({ path, fragment: 'page/2' })}`)).body.errno, 'ENOTSUP');
  });

  test('find by unit type, label and mentioned entity; grep by case; recall as paths', async () => {
    const decisions = await get(app, `/fs/find?${q({ unit_type: 'decision' })}`);
    assert.deepEqual(decisions.body.paths, [`/memories/by-id/${decision}.memory.md`]);
    const garden = await get(app, `/fs/find?${q({ label: 'garden', limit: 2 })}`);
    assert.equal(garden.body.paths.length, 2);
    assert.ok(garden.body.next_cursor);
    const alice = await get(app, `/fs/find?${q({ mentions: 'Alice' })}`);
    assert.deepEqual(alice.body.paths, [`/memories/by-id/${note}.memory.md`]);

    const anyCase = await get(app, `/fs/grep?${q({ q: 'PostgreSQL' })}`);
    assert.equal(new Set(anyCase.body.matches.map((m: { id: string }) => m.id)).size, 2);
    assert.match(anyCase.body.hits[0], /^\/memories\/by-id\/.+\.memory\.md:\d+:/);
    const exact = await get(app, `/fs/grep?${q({ q: 'PostgreSQL', case_sensitive: true })}`);
    assert.deepEqual([...new Set(exact.body.matches.map((m: { id: string }) => m.id))], [decision]);

    const recalled = await get(app, `/fs/recall?${q({ query: 'which database for billing', k: 3 })}`);
    assert.equal(recalled.status, 200, recalled.text);
    assert.equal(recalled.body.paths[0], `/memories/by-id/${decision}.memory.md`);
  });

  test('write changes a canonical memory file; a stale version, an alias and a derived path are refused', async () => {
    const path = `/memories/by-id/${note}.memory.md`;
    const before = await get(app, `/fs/stat?${q({ path })}`);
    assert.equal(before.status, 200);
    const version = String((await get(app, `/memories/${note}`)).body.version);
    const written = await post(app, '/fs/write', { path, body: '# Team habits\n\nAlice prefers tabs; migrations run on Thursdays now', frontmatter: { importance: 0.9, labels: ['team', 'habits'] }, record_version: version });
    assert.equal(written.status, 200, written.text);
    const memory = (await get(app, `/memories/${note}`)).body;
    assert.equal(memory.title, 'Team habits');
    assert.equal(memory.content, 'Alice prefers tabs; migrations run on Thursdays now');
    assert.equal(memory.importance, 0.9);
    assert.deepEqual(memory.labels.map((l: { name: string }) => l.name).sort(), ['habits', 'team']);

    const stale = await post(app, '/fs/write', { path, body: 'lost update', record_version: version });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.error_code, 'version_conflict');
    assert.equal((await get(app, `/memories/${note}`)).body.content, 'Alice prefers tabs; migrations run on Thursdays now');

    const alias = await post(app, '/fs/write', { path: `/memories/by-label/team/${note}.memory.md`, body: 'x' });
    assert.equal(alias.status, 409);
    assert.equal(alias.body.errno, 'EXDEV');
    assert.equal(alias.body.canonical_path, path);
    const derived = await post(app, '/fs/write', { path: '/wiki/topics', body: 'x' });
    assert.equal(derived.status, 403);
    assert.equal(derived.body.errno, 'EROFS');
    assert.deepEqual(validationLocs(await post(app, '/fs/write', { path, frontmatter: { importance: 7 } })), ['body.frontmatter.importance']);
  });

  test("write today's working memory; delete moves a memory file to the trash", async () => {
    const wm = await post(app, '/fs/write', { path: '/working-memory/today.md', body: '## Focus\n\n- ship the billing migration' });
    assert.equal(wm.status, 200, wm.text);
    assert.match((await get(app, '/agent/working-memory')).body.content, /ship the billing migration/);
    assert.equal((await post(app, '/fs/delete', { path: '/working-memory/today.md' })).body.errno, 'ENOTSUP');

    const doomed = await createMemory(app, { content: 'Temporary thought about lunch' });
    const deleted = await post(app, '/fs/delete', { path: `/memories/by-id/${doomed}.memory.md` });
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal((await get(app, `/memories/${doomed}`)).status, 404);
    assert.equal((await get(app, `/trash/${doomed}`)).status, 200);
    assert.equal((await post(app, '/fs/delete', { path: `/memories/by-id/${doomed}.memory.md` })).status, 404);
  });

  test('bad input is a 4xx in the error shape', async () => {
    assert.deepEqual(validationLocs(await get(app, '/fs/cat')), ['query.path']);
    assert.deepEqual(validationLocs(await get(app, `/fs/ls?${q({ limit: 5000 })}`)), ['query.limit']);
    assert.equal((await get(app, `/fs/ls?${q({ cursor: 'not-a-cursor' })}`)).status, 422);
    assert.equal((await get(app, `/fs/cat?${q({ path: '/nowhere/x.md' })}`)).body.error_code, 'path_not_found');
    assert.equal((await get(app, `/fs/grep?${q({ q: 'a(b)*', regex: true })}`)).status, 422);
  });
});
