/** `nmem t import` of chat exports (ChatGPT and Claude conversations.json), run as a process against a real server. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { runBin } from '../../../test/cli.ts';
import { CHATGPT_FIRST, CHATGPT_SECOND, CLAUDE_FIRST, threadFixture } from '../../../test/threadFiles.ts';

let server: ServerProcess;
let dir: string;

before(async () => {
  dir = makeTempDir('cairn-cli-export-');
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data') });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

const nmem = (args: string[]) => runBin('nmem', args, { env: { NMEM_API_URL: server.url } });
type Imported = { success: boolean; imported_count: number; results: { thread_id: string; messages_added: number; append_mode: string }[] };

test('t import of a ChatGPT export makes one thread per conversation; importing it again adds nothing', async () => {
  const file = join(dir, 'conversations.json');
  writeFileSync(file, threadFixture('chatgpt-conversations.json'));
  const first = await nmem(['--json', 't', 'import', '-f', file]);
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(first.json<Imported>().results.map(r => [r.thread_id, r.messages_added]), [[`chatgpt-${CHATGPT_FIRST}`, 4], [`chatgpt-${CHATGPT_SECOND}`, 2]]);
  const again = await nmem(['--json', 't', 'import', file]);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(again.json<Imported>().results.map(r => r.messages_added), [0, 0]);
  const shown = await nmem(['--json', 't', 'show', `chatgpt-${CHATGPT_FIRST}`]);
  assert.equal(shown.code, 0, shown.stderr);
  assert.equal(shown.json<{ title: string }>().title, 'Sourdough starter schedule');
});

test('t import of a Claude export; one naming --id for a many-conversation export is refused', async () => {
  const file = join(dir, 'claude.json');
  writeFileSync(file, threadFixture('claude-conversations.json'));
  const imported = await nmem(['--json', 't', 'import', file]);
  assert.equal(imported.code, 0, imported.stderr);
  assert.deepEqual(imported.json<Imported>().results.map(r => [r.thread_id, r.messages_added]), [[`claude-ai-${CLAUDE_FIRST}`, 3]]);
  const chatgpt = join(dir, 'two.json');
  writeFileSync(chatgpt, threadFixture('chatgpt-conversations.json'));
  const refused = await nmem(['t', 'import', '-f', chatgpt, '--id', 'one']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /holds 2 conversations/);
});

test('t import of an export larger than the server takes in one request (16 MiB) imports it all, in parts', async () => {
  const filler = 'The quick brown fox jumps over the lazy dog. '.repeat(60);
  const conversations = Array.from({ length: 300 }, (_, c) => {
    const mapping: Record<string, unknown> = { root: { id: 'root', message: null, parent: null, children: [] } };
    let parent = 'root';
    for (let m = 0; m < 24; m++) {
      const id = `big-${c}-${m}`;
      mapping[id] = { id, parent, children: [], message: { id, author: { role: m % 2 ? 'assistant' : 'user' }, create_time: 1718000000 + m, content: { content_type: 'text', parts: [`${m}: ${filler}`] }, recipient: 'all' } };
      parent = id;
    }
    return { title: `Big ${c}`, conversation_id: `big-${c}`, current_node: parent, mapping };
  });
  const file = join(dir, 'big-conversations.json');
  const text = JSON.stringify(conversations);
  assert.ok(text.length > 16 * 1024 * 1024, `the export is ${text.length} bytes`);
  writeFileSync(file, text);
  const imported = await nmem(['--json', 't', 'import', file]);
  assert.equal(imported.code, 0, imported.stderr);
  const answer = imported.json<Imported>();
  assert.deepEqual([answer.imported_count, answer.results.length], [300, 300]);
  assert.ok(answer.results.every(r => r.messages_added === 24));
});
