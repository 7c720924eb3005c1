/** `nmem` / `cairn` client commands, run as processes against a real server process. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { type CliOptions, runBin } from '../../../test/cli.ts';

let server: ServerProcess;
let dir: string;

before(async () => {
  dir = makeTempDir('cairn-cli-');
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data') });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

const nmem = (args: string[], options: CliOptions = {}) => runBin('nmem', args, { ...options, env: { NMEM_API_URL: server.url, ...options.env } });

type Found = { memories: { id: string; title: string; labels: string[]; importance: number }[] };

describe('memories', () => {
  test('m add, then m search finds it, with the fields integrations read', async () => {
    const added = await nmem(['--json', 'm', 'add', 'We chose Postgres for the billing service', '-t', 'Billing database', '-l', 'decision', '-l', 'billing', '-i', '0.8', '--unit-type', 'decision', '-s', 'claude-code', '--when', 'past']);
    assert.equal(added.code, 0, added.stderr);
    const { id, success } = added.json<{ id: string; success: boolean }>();
    assert.equal(success, true);
    const found = await nmem(['--json', 'm', 'search', 'postgres', 'billing', '-n', '5']);
    assert.equal(found.code, 0, found.stderr);
    const memory = found.json<Found & { query: string }>().memories.find(m => m.id === id);
    assert.ok(memory, found.stdout);
    assert.equal(memory.title, 'Billing database');
    assert.deepEqual(memory.labels.sort(), ['billing', 'decision']);
    assert.equal(found.json<{ query: string }>().query, 'postgres billing');
  });

  test('m search filters by label, importance and dates', async () => {
    await nmem(['m', 'add', 'Postgres backups run nightly', '-i', '0.3', '-l', 'ops']);
    const byLabel = await nmem(['--json', 'm', 'search', 'postgres', '-l', 'ops']);
    assert.deepEqual(byLabel.json<Found>().memories.map(m => m.labels), [['ops']]);
    const important = await nmem(['--json', 'm', 'search', 'postgres', '--importance', '0.7']);
    assert.ok(important.json<Found>().memories.every(m => m.importance >= 0.7));
    const future = await nmem(['--json', 'm', 'search', 'postgres', '--recorded-from', '2999-01-01', '--event-from', '2000-01-01', '--event-to', '2999-01-01', '--recorded-to', '2999-12-31']);
    assert.equal(future.code, 0, future.stderr);
    assert.deepEqual(future.json<Found>().memories, []);
  });

  test('m show, m update and m delete, by id', async () => {
    const { id } = (await nmem(['--json', 'm', 'add', 'Redis caches sessions'])).json<{ id: string }>();
    const updated = await nmem(['--json', 'm', 'update', id, '-c', 'Redis caches sessions for one hour', '-t', 'Session cache', '-i', '0.9']);
    assert.equal(updated.code, 0, updated.stderr);
    const shown = (await nmem(['--json', 'm', 'show', id])).json<{ title: string; content: string; importance: number }>();
    assert.deepEqual([shown.title, shown.content, shown.importance], ['Session cache', 'Redis caches sessions for one hour', 0.9]);
    const cut = (await nmem(['--json', 'm', 'show', id, '--content-limit', '5'])).json<{ content: string; truncated: boolean }>();
    assert.equal(cut.truncated, true);
    assert.match(cut.content, /^Redis… \(34 chars\)$/);
    assert.equal((await nmem(['m', 'delete', id, '-f'])).code, 0);
    const gone = await nmem(['--json', 'm', 'show', id]);
    assert.equal(gone.code, 1);
    assert.equal(gone.errorJson<{ status_code: number }>().status_code, 404);
  });

  test('m alone lists recent memories, on a terminal-free run as plain text', async () => {
    const listed = await nmem(['m', '-n', '2']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^ID\s+TITLE/);
    assert.equal(listed.stdout.trim().split('\n').length, 3);
  });
});

describe('threads', () => {
  test('t create -t -c -s saves a handoff note that t search, t list and t show find', async () => {
    const created = await nmem(['--json', 't', 'create', '-t', 'Deploy handoff', '-c', 'The deploy waits for the billing migration', '-s', 'generic-agent']);
    assert.equal(created.code, 0, created.stderr);
    const { id, messages } = created.json<{ id: string; messages: number }>();
    assert.equal(messages, 1);
    const found = (await nmem(['--json', 't', 'search', 'billing', 'migration', '--limit', '5'])).json<{ threads: { id: string }[] }>();
    assert.ok(found.threads.some(t => t.id === id));
    const listed = (await nmem(['--json', 't', 'list', '--source', 'generic-agent', '-n', '20'])).json<{ threads: { id: string }[] }>();
    assert.deepEqual(listed.threads.map(t => t.id), [id]);
    const shown = (await nmem(['--json', 't', 'show', id, '--limit', '8', '--offset', '0', '--content-limit', '10'])).json<{ title: string; messages: { role: string; content: string }[] }>();
    assert.equal(shown.title, 'Deploy handoff');
    assert.deepEqual(shown.messages.map(m => [m.role, m.content]), [['user', 'The deploy… (42 chars)']]);
  });

  test('t create -m takes a JSON message list; t import appends only what is new', async () => {
    const messages = JSON.stringify([{ role: 'user', content: 'How do we rotate keys?' }, { role: 'assistant', content: 'With cairn keys create and revoke.' }]);
    const created = (await nmem(['--json', 't', 'create', '-t', 'Keys', '-m', messages, '--id', 'keys-thread'])).json<{ messages: number }>();
    assert.equal(created.messages, 2);
    const file = join(dir, 'keys.json');
    writeFileSync(file, JSON.stringify({ thread_id: 'keys-thread', messages: [...JSON.parse(messages), { role: 'user', content: 'Thanks' }] }));
    const imported = await nmem(['--json', 't', 'import', file]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(imported.json<{ results: { messages_added: number }[] }>().results[0]!.messages_added, 1);
    const again = (await nmem(['--json', 't', 'import', file])).json<{ results: { messages_added: number }[] }>();
    assert.equal(again.results[0]!.messages_added, 0);
    const markdown = join(dir, 'notes.md');
    writeFileSync(markdown, '## User\nWhat is Cairn?\n\n## Assistant\nA memory service.\n');
    const fromFile = (await nmem(['--json', 't', 'create', '-f', markdown, '-t', 'From a file'])).json<{ messages: number }>();
    assert.equal(fromFile.messages, 2);
    assert.equal((await nmem(['t', 'delete', 'keys-thread'])).code, 0);
    assert.equal((await nmem(['t', 'show', 'keys-thread'])).code, 1);
  });
});

describe('agent context, graph and activity', () => {
  test('wm patch edits one section; wm read and --json wm read show it', async () => {
    assert.equal((await nmem(['wm', 'patch', '--heading', '## Notes', '--append', 'first note'])).code, 0);
    assert.equal((await nmem(['wm', 'patch', '--heading', '## Focus', '--content', 'ship the CLI'])).code, 0);
    assert.equal((await nmem(['wm', 'patch', '--heading', '## Notes', '--append', 'second note'])).code, 0);
    const read = await nmem(['wm', 'read']);
    assert.equal(read.stdout, '## Notes\nfirst note\nsecond note\n\n## Focus\nship the CLI\n');
    const json = (await nmem(['--json', 'wm', 'read'])).json<{ exists: boolean; content: string }>();
    assert.equal(json.exists, true);
    assert.equal((await nmem(['wm', 'patch', '--heading', '## Notes'])).code, 2);
  });

  test('context --source-app renders the bundle; --json gives it whole', async () => {
    const text = await nmem(['context', '--source-app', 'codex']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /## Working memory/);
    const bundle = (await nmem(['--json', 'context', 'read', '--agent-id', 'nobody'])).json<{ rendered_markdown: string; memories: unknown[] }>();
    assert.ok(bundle.memories.length > 0);
  });

  test('g expand shows a memory’s neighbourhood; g evolves and f answer', async () => {
    const { id } = (await nmem(['--json', 'm', 'add', 'Alice moved the billing service to Postgres'])).json<{ id: string }>();
    const graph = (await nmem(['--json', 'g', 'expand', id])).json<{ center_node: string; neighbors: unknown[] }>();
    assert.equal(graph.center_node, id);
    assert.ok(Array.isArray((await nmem(['--json', 'g', 'evolves'])).json<{ edges: unknown[] }>().edges));
    const feed = (await nmem(['--json', 'f', '--days', '7'])).json<{ events: { event_type: string }[] }>();
    assert.ok(feed.events.some(e => e.event_type === 'memory_created'));
    const window = (await nmem(['--json', 'f', '--from', '2001-01-01', '--to', '2001-01-02', '--type', 'memory_created'])).json<{ events: unknown[] }>();
    assert.deepEqual(window.events, []);
  });

  test('spaces list and skills answer plainly', async () => {
    const spaces = (await nmem(['--json', 'spaces', 'list'])).json<{ current: string }>();
    assert.equal(spaces.current, 'default');
    const match = await nmem(['--json', 'skills', 'match', 'deploy a service']);
    assert.deepEqual(match.json<{ skills: unknown[] }>().skills, []);
    const outcome = await nmem(['skills', 'outcome', 'skill-1', '--version', '2', '--outcome', 'completed']);
    assert.equal(outcome.code, 0);
    assert.match(outcome.stdout, /no managed skills/);
  });
});

describe('filesystem view and MCP configuration', () => {
  test('fs capabilities, ls, cat, grep and recall read the store through POST /agent/mem-fs', async () => {
    const { id } = (await nmem(['--json', 'm', 'add', 'The staging cluster runs on Hetzner', '-t', 'Staging host', '-l', 'infra'])).json<{ id: string }>();
    assert.equal((await nmem(['fs', 'capabilities'])).code, 0);
    const root = await nmem(['fs', 'ls', '/']);
    assert.equal(root.code, 0, root.stderr);
    assert.match(root.stdout, /\/memories\//);
    const cat = await nmem(['fs', 'cat', `/memories/by-id/${id}.memory.md`]);
    assert.match(cat.stdout, /staging cluster runs on Hetzner/);
    assert.match((await nmem(['fs', 'grep', 'Hetzner', '/memories'])).stdout, new RegExp(id));
    const recalled = await nmem(['--json', 'fs', 'recall', 'staging cluster', '--in', '/memories', '-k', '5']);
    assert.equal(recalled.code, 0, recalled.stderr);
    assert.equal(recalled.json<{ command: string }>().command, 'recall "staging cluster" --in /memories -k 5');
    assert.equal((await nmem(['fs', 'cat', '/threads/nope.md'])).code, 1);
  });

  test('config mcp prints the snippet for a host, with the server address in use', async () => {
    const codex = await nmem(['config', 'mcp', 'show', '--host', 'codex']);
    assert.equal(codex.code, 0, codex.stderr);
    assert.match(codex.stdout, new RegExp(`\\[mcp_servers\\.cairn\\]\\nurl = "${server.url}/mcp/"`));
    const plain = (await nmem(['--json', 'config', 'mcp'])).json<{ snippet: string; url: string }>();
    assert.equal(JSON.parse(plain.snippet).mcpServers.cairn.url, `${server.url}/mcp/`);
    assert.equal((await nmem(['config', 'mcp', '--host', 'notepad'])).code, 2);
  });
});

describe('status, output and exit codes', () => {
  test('status: exit 0 and the version when the server answers', async () => {
    const text = await nmem(['status']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Cairn \d+\.\d+\.\d+ at http/);
    const json = (await nmem(['--json', 'status'])).json<{ status: string; api_url: string }>();
    assert.deepEqual([json.status, json.api_url], ['ok', server.url]);
  });

  test('--json is also accepted after the command', async () => {
    assert.equal((await nmem(['status', '--json'])).json<{ status: string }>().status, 'ok');
    assert.ok(Array.isArray((await nmem(['m', 'search', 'postgres', '--json'])).json<Found>().memories));
  });

  test('unknown commands, unknown flags and bad values are usage errors (exit 2) with a hint', async () => {
    const command = await nmem(['m', 'serch', 'x']);
    assert.equal(command.code, 2);
    assert.match(command.stderr, /unknown command 'serch'[\s\S]*Did you mean search\?/);
    const flag = await nmem(['m', 'add', 'text', '--tittle', 'x']);
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /unknown option '--tittle'[\s\S]*Did you mean --title\?/);
    assert.equal((await nmem(['m', 'add', 'text', '-i', 'high'])).code, 2);
    assert.equal((await nmem(['frobnicate'])).code, 2);
    assert.equal((await nmem(['t', 'create', '-t', 'no content'])).code, 2);
    assert.equal((await nmem(['--help'])).code, 0);
  });

  test('the server saying no is exit 1, with its answer as JSON on stderr', async () => {
    const missing = await nmem(['--json', 't', 'show', 'no-such-thread']);
    assert.equal(missing.code, 1);
    assert.equal(missing.stdout, '');
    assert.deepEqual([missing.errorJson<{ error: string }>().error, missing.errorJson<{ error_code: string }>().error_code], ['api_error', 'thread_not_found']);
  });

  test('-v prints the version', async () => {
    const version = await nmem(['-v']);
    assert.equal(version.code, 0);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
  });
});

describe('short ids', () => {
  const create = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/memories`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(response.status, 200, await response.clone().text());
    return ((await response.json()) as { id: string }).id;
  };

  test('m show takes a unique prefix of the id; an ambiguous one answers 409 with the candidates', async () => {
    const [first, second] = ['0190cafe-1111-7000-8000-000000000001', '0190cafe-2222-7000-8000-000000000002'];
    await create({ id: first, title: 'First of a pair', content: 'one' });
    await create({ id: second, title: 'Second of a pair', content: 'two' });
    const shown = await nmem(['m', 'show', '0190cafe-1']);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, new RegExp(`^First of a pair\nid ${first} `));
    assert.equal((await nmem(['--json', 'm', 'show', '0190CAFE2222'])).json<{ id: string }>().id, second);
    const ambiguous = await nmem(['--json', 'm', 'show', '0190cafe']);
    assert.equal(ambiguous.code, 1);
    const answer = ambiguous.errorJson<{ status_code: number; error_code: string; candidates: string[] }>();
    assert.deepEqual([answer.status_code, answer.error_code, answer.candidates], [409, 'ambiguous_id', [first, second]]);
  });

  test('m lists short ids that tell memories of the same day apart, and m show takes each back', async () => {
    for (const word of ['lentils', 'quinoa', 'barley']) await create({ content: `Soak the ${word} overnight` });
    const listed = await nmem(['m', '-n', '3']);
    assert.equal(listed.code, 0, listed.stderr);
    const shortIds = listed.stdout.trim().split('\n').slice(1).map(line => line.split(/\s+/)[0]!);
    const fullIds = (await nmem(['--json', 'm', '-n', '3'])).json<Found>().memories.map(m => m.id);
    assert.equal(new Set(shortIds).size, 3, listed.stdout);
    for (const [i, short] of shortIds.entries()) {
      assert.ok(short.length >= 8 && short.length < 36 && fullIds[i]!.startsWith(short), `${short} abbreviates ${fullIds[i]}`);
      assert.equal((await nmem(['--json', 'm', 'show', short])).json<{ id: string }>().id, fullIds[i]);
    }
  });
});
