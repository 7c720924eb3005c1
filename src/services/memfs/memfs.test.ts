import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { buildTestApp, createMemory, post } from '../../../test/helpers.ts';
import { runMemFs } from './memfs.ts';
import { tokenize } from './tokenize.ts';

describe('mem_fs: a read-only filesystem view of a space', () => {
  let app: App;
  let jwt: string;
  let cache: string;
  before(async () => {
    app = await buildTestApp();
    jwt = await createMemory(app, { content: 'We rotate JWT signing keys every 30 days.', title: 'JWT rotation', labels: ['auth', 'decisions'], unit_type: 'decision' });
    cache = await createMemory(app, { content: 'Redis keeps the session cache.\nEvictions use LRU.', title: 'Session cache', labels: ['infra'] });
    await createMemory(app, { content: 'Another space keeps its own secrets about JWT.', space_id: 'elsewhere' });
    await post(app, '/threads', { thread_id: 'auth-chat', title: 'Auth design chat', messages: [{ role: 'user', content: 'Should we rotate JWT keys?' }, { role: 'assistant', content: 'Yes, monthly.' }] });
  });
  after(() => app.close());
  const run = (command: string, space_id?: string) => runMemFs(app.deps, { command, space_id });

  test('quotes group words and backslashes escape, as in a shell', () => {
    assert.deepEqual(tokenize(`recall "session token" --in /memories -k 5`), ['recall', 'session token', '--in', '/memories', '-k', '5']);
    assert.deepEqual(tokenize(`grep 'it''s' --label="my label" a\\ b`), ['grep', 'its', '--label=my label', 'a b']);
    assert.throws(() => tokenize('recall "unterminated'), /Unterminated double quote/);
  });

  test('ls / shows the roots and ls /memories its two views', async () => {
    assert.equal((await run('ls /')).output, '/memories/\n/threads/\n/wiki/\n/skills/');
    assert.match((await run('ls /memories')).output, /by-id.*\n.*by-label/);
  });

  test('ls /memories/by-label lists labels, and a label folder lists only its memories', async () => {
    assert.match((await run('ls /memories/by-label')).output, /\/memories\/by-label\/auth\/ {2}\(1 memory\)/);
    const listing = await run('ls /memories/by-label/auth');
    assert.deepEqual((listing.data.entries as { id: string }[]).map(e => e.id), [jwt]);
    assert.match(listing.output, new RegExp(`^/memories/by-id/${jwt}\\.memory\\.md {2}JWT rotation · decision`));
  });

  test('ls /memories/by-id lists the space only, newest first, and pages with -n and --offset', async () => {
    const ids = ((await run('ls /memories/by-id')).data.entries as { id: string }[]).map(e => e.id);
    assert.deepEqual(ids, [cache, jwt]);
    const first = await run('ls /memories/by-id -n 1');
    assert.match(first.output, /… 1 more: ls \/memories\/by-id --offset 1/);
    assert.deepEqual(((await run('ls /memories/by-id --offset 1')).data.entries as { id: string }[]).map(e => e.id), [jwt]);
  });

  test('cat shows a memory file with front matter, and windows lines with --line/--lines', async () => {
    const file = await run(`cat /memories/by-id/${jwt}.memory.md`);
    assert.match(file.output, /^---\nid: "[^"]+"\ntitle: "JWT rotation"/);
    assert.match(file.output, /labels: \["auth","decisions"\]/);
    assert.match(file.output, /# JWT rotation\n\nWe rotate JWT signing keys every 30 days\.$/);
    const two = await run(`cat /memories/by-id/${jwt}.memory.md --line 2 --lines 2`);
    assert.equal(two.output.split('\n')[0], `id: "${jwt}"`);
    assert.match(two.output, /lines 2–3 of \d+; continue with: cat \/memories\/by-id\/.+ --line 4/);
  });

  test('cat of a memory in another space, or an unknown one, is a 404', async () => {
    const other = (await run('ls /memories/by-id', 'elsewhere')).data.entries as { id: string }[];
    await assert.rejects(run(`cat /memories/by-id/${other[0]!.id}.memory.md`), { status: 404 });
    await assert.rejects(run('cat /memories/by-id/nope.memory.md'), { status: 404, code: 'memory_not_found' });
  });

  test('ls /threads and cat /threads/<id>.md show conversations', async () => {
    assert.match((await run('ls /threads')).output, /^\/threads\/auth-chat\.md {2}Auth design chat · api · 2 messages/);
    const thread = await run('cat /threads/auth-chat.md');
    assert.match(thread.output, /^# Auth design chat/);
    assert.match(thread.output, /## \[0\] user\n\nShould we rotate JWT keys\?/);
  });

  test('grep finds a phrase case-insensitively, with the line numbers cat uses', async () => {
    const found = await run('grep "jwt signing" /memories');
    const matches = found.data.matches as { id: string; line: number }[];
    assert.deepEqual(matches.map(m => m.id), [jwt]);
    const line = (await run(`cat /memories/by-id/${jwt}.memory.md --line ${matches[0]!.line} --lines 1`)).output.split('\n')[0];
    assert.match(line!, /JWT signing keys/);
  });

  test('grep -E takes a regular expression, and grep reaches threads too', async () => {
    assert.deepEqual(((await run('grep -E "evictions|evicts" /memories')).data.matches as { id: string }[]).map(m => m.id), [cache]);
    assert.match((await run('grep monthly /threads')).output, /^\/threads\/auth-chat\.md:\d+: Yes, monthly\./);
    assert.equal((await run('grep "no such words" /memories')).output, '(no matches for "no such words" in /memories)');
  });

  test('grep in a label folder searches that label only, and grep on one file searches that file', async () => {
    assert.deepEqual(((await run('grep session /memories/by-label/auth')).data.matches as unknown[]).length, 0);
    const infra = (await run('grep session /memories/by-label/infra')).data.matches as { id: string }[];
    assert.deepEqual([...new Set(infra.map(m => m.id))], [cache]);
    const one = await run(`grep jwt /memories/by-label/auth/${jwt}.memory.md`);
    assert.ok((one.data.matches as unknown[]).length > 0, one.output);
  });

  test('grep -E refuses quantifiers, groups and classes: a pattern that could stall the server never runs', async () => {
    for (const pattern of ['(a+)+$', '(.|.)*#', '(a|a)*$', '.*.*.*x', '[a-z]+']) {
      await assert.rejects(run(`grep -E "${pattern}" /memories`), /takes alternatives of plain text/, pattern);
    }
  });

  test('recall uses the search service and answers paths with scores', async () => {
    const recalled = await run('recall "session cache" --in /memories -k 5');
    const results = recalled.data.results as { id: string; path: string }[];
    assert.equal(results[0]!.id, cache);
    assert.match(recalled.output, /^1\. \/memories\/by-id\/.+\.memory\.md {2}\(score [\d.]+\)/);
  });

  test('find filters by label, unit type and dates', async () => {
    const ids = async (command: string) => ((await run(command)).data.entries as { id: string }[]).map(e => e.id);
    assert.deepEqual(await ids('find /memories --label decisions'), [jwt]);
    assert.deepEqual(await ids('find /memories --type decision'), [jwt]);
    assert.deepEqual(await ids('find /memories --since 2000-01-01'), [cache, jwt]);
    assert.deepEqual(await ids('find /memories --until 2000-01-01'), []);
    await assert.rejects(run('find /memories --since yesterday-ish'), /--since needs a date/);
  });

  test('stat describes a file without its body', async () => {
    const info = await run(`stat /memories/by-id/${cache}.memory.md`);
    assert.equal(info.data.type, 'memory');
    assert.equal(info.data.lines, 15);
    assert.match(info.output, /bytes: \d+/);
  });

  test('capabilities names the commands; an unknown or empty command says which ones exist', async () => {
    assert.match((await run('capabilities')).output, /recall "<query>"/);
    await assert.rejects(run('rm -rf /memories'), /Unknown command "rm": mem_fs is read-only and knows capabilities, ls, cat, grep, recall, find, stat/);
    await assert.rejects(run('   '), /Empty command/);
    await assert.rejects(run('ls /nowhere'), { status: 404, code: 'path_not_found' });
    await assert.rejects(run('ls --color'), /ls does not know the option --color/);
  });
});
