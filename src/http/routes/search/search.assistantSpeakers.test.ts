/**
 * A chat with an assistant stored message by message as plain "Name: text", dated, with no metadata at all: the
 * assistant's name is a capitalised word and a lower-case one ("AI companion", as MemoryBank and companion apps write
 * it), or "AI". Before, only names of capitalised words (never all capitals) were speakers, so every other message broke the run and the chat was
 * no conversation: deep search lost its neighbour rules (the MemoryBank chats stored this way, deep recall@10 0.818
 * against 0.889 with an `author` key; docs/benchmarks.md "Held-out conversations, round 2").
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

const CHAT = [
  'Emma: Hello, I am Emma. I moved to Leeds last month.',
  'AI companion: Welcome, Emma! How are you settling in?',
  'Emma: Slowly. Which hobby would help me meet people here?',
  'AI companion: A climbing club is a friendly place to start, most run beginner evenings.',
  'Emma: Good idea, I will look one up tonight.',
  'AI companion: Let me know how the first evening goes!',
];
/** How a client names the assistant: in words of both cases, or "AI" (the one all-capitals word read as a speaker). */
const ASSISTANTS = [
  { name: 'AI companion', space: 'companion', chat: CHAT },
  { name: 'AI', space: 'ai', chat: CHAT.map(line => line.replace(/^AI companion:/, 'AI:')) },
];

type Result = { memory: { content: string }; score_breakdown: { neighbour: number; cues: number } };

const search = async (app: App, space: string, query: string, mode = 'deep') => {
  const response = await post(app, '/memories/search', { query, space_id: space, mode, limit: 10 });
  assert.equal(response.status, 200, response.text);
  return response.body as Result[];
};
const holding = (results: Result[], text: string) => results.find(r => r.memory.content === text);

describe('a chat with an assistant ("AI companion: …", "AI: …") stored without metadata', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ embedder: 'none' });
    const start = Date.parse('2024-05-02T09:00:00Z');
    for (const { space, chat } of ASSISTANTS) {
      for (const [i, content] of chat.entries()) {
        await createMemory(app, { content, space_id: space, event_start: new Date(start + i * 60_000).toISOString() });
      }
    }
    // Notes that open with a topic of two words are no conversation, even when a topic comes back.
    for (const content of ['Reading list: The Overstory, then Piranesi.', 'Garden plan: tomatoes by the south wall.', 'Reading list: add Klara and the Sun.', 'Car service: brakes checked in March.', 'Weekly review: the hobby search went well.', 'Tax return: file before January.']) {
      await createMemory(app, { content, space_id: 'notes' });
    }
  });
  after(() => app.close());

  for (const { name, space, chat } of ASSISTANTS) {
    const [question, answer] = [chat[2]!, chat[3]!];

    test(`"${name}:": the assistant's answer after the question inherits its context`, async () => {
      const results = await search(app, space, 'Which hobby would help Emma meet people?');
      const found = holding(results, answer);
      assert.ok(found, JSON.stringify(results.map(r => r.memory.content)));
      assert.ok(found.score_breakdown.neighbour > 0, 'the answer leans on the question before it');
      assert.ok(holding(results, question));
    });

    test(`"${name}:": a query naming the assistant favours its turns`, async () => {
      const results = await search(app, space, `What did the ${name} say about a hobby?`);
      const [theirs, hers] = [holding(results, answer), holding(results, question)];
      assert.ok(theirs && hers, JSON.stringify(results.map(r => r.memory.content)));
      assert.ok(theirs.score_breakdown.cues > 1);
      assert.equal(hers.score_breakdown.cues, 1);
      assert.ok(results.indexOf(theirs) < results.indexOf(hers));
    });
  }

  test('notes opening with a two-word topic are not turns', async () => {
    const results = await search(app, 'notes', 'What is on my reading list?');
    assert.ok(holding(results, 'Reading list: The Overstory, then Piranesi.'));
    assert.ok(results.every(r => r.score_breakdown.neighbour === 0 && r.score_breakdown.cues === 1), JSON.stringify(results.map(r => [r.memory.content, r.score_breakdown])));
  });
});
