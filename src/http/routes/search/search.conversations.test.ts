/**
 * Conversations inferred from the memories themselves (domain/conversationInference.ts), through HTTP, in the shapes
 * real clients store chat messages as memories: none of them uses Cairn's own metadata names.
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, post } from '../../../../test/helpers.ts';

interface Message {
  speaker: string;
  role: 'user' | 'assistant';
  text: string;
  chat: 'a' | 'b';
  n: number;
}

/** How a client turns one chat message into a memory. */
interface Shape {
  name: string;
  memory(m: Message): { content: string; metadata?: Record<string, unknown> };
  /** The name a query gives the speaker of the answer, as this client records speakers. */
  answerSpeaker: string;
  /** Whether the client separates chats by metadata, so that two chats may be posted interleaved. */
  keyed: boolean;
}

const SHAPES: Shape[] = [
  { name: 'plain "Name: text", no metadata', memory: m => ({ content: `${m.speaker}: ${m.text}` }), answerSpeaker: 'Bob', keyed: false },
  {
    name: 'LoCoMo-style, keys renamed ({conversation, msg})',
    memory: m => ({ content: `${m.speaker}: ${m.text}`, metadata: { conversation: `locomo-${m.chat}`, msg: m.n } }),
    answerSpeaker: 'Bob',
    keyed: true,
  },
  {
    name: 'mem0 (role, user_id, agent_id, run_id, hash)',
    memory: m => ({ content: m.text, metadata: { role: m.role, user_id: 'alice', agent_id: 'travel-bot', run_id: `run-${m.chat}`, hash: `h${m.chat}${m.n}` } }),
    answerSpeaker: 'assistant',
    keyed: true,
  },
  {
    name: 'Zep (session_id of its own naming, role as the name, role_type)',
    memory: m => ({ content: m.text, metadata: { session_id: `zep-${m.chat}`, role: m.speaker, role_type: m.role } }),
    answerSpeaker: 'Bob',
    keyed: true,
  },
  {
    name: 'Nowledge openclaw capture (external_id, source, session_key, session_id) with the role',
    memory: m => ({
      content: m.text,
      metadata: { external_id: `openclaw-${m.chat}-${m.n}`, source: 'openclaw', session_key: `agent:main:${m.chat}`, session_id: m.chat, role: m.role },
    }),
    answerSpeaker: 'assistant',
    keyed: true,
  },
];

const A: Message[] = [
  { speaker: 'Ann', role: 'user', text: 'Hi Bob, long time no see!', chat: 'a', n: 1 },
  { speaker: 'Bob', role: 'assistant', text: 'Hey Ann! I just got back from the trip.', chat: 'a', n: 2 },
  { speaker: 'Ann', role: 'user', text: 'Which city did you pick for the conference?', chat: 'a', n: 3 },
  { speaker: 'Bob', role: 'assistant', text: 'Lisbon. The flights were cheap and the venue was great.', chat: 'a', n: 4 },
  { speaker: 'Ann', role: 'user', text: 'Lovely, send me photos of the venue.', chat: 'a', n: 5 },
];
const B: Message[] = [
  { speaker: 'Cy', role: 'user', text: 'I keep forgetting my umbrella at the office.', chat: 'b', n: 1 },
  { speaker: 'Di', role: 'assistant', text: 'Buy a small one that fits in your bag.', chat: 'b', n: 2 },
  { speaker: 'Cy', role: 'user', text: 'Good idea, I will order one tonight.', chat: 'b', n: 3 },
];
const ANSWER = A[3]!.text;
const OTHER_CHAT_AFTER_QUESTION = B[0]!.text;

const search = async (app: App, space: string, query: string, mode = 'deep') => {
  const response = await post(app, '/memories/search', { query, space_id: space, mode, limit: 10 });
  assert.equal(response.status, 200, response.text);
  return response.body as { memory: { content: string }; score_breakdown: { neighbour: number; cues: number } }[];
};
const holding = (results: Awaited<ReturnType<typeof search>>, text: string) => results.find(r => r.memory.content.includes(text));

describe('conversations inferred from clients\' own shapes', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ embedder: 'none' });
    for (const [i, shape] of SHAPES.entries()) {
      // A keyed client may post two chats interleaved: the other chat's turn lands right after the question.
      // Plain text can only tell chats apart by what lies between them: a note here.
      const order: (Message | string)[] = shape.keyed ? [A[0]!, A[1]!, A[2]!, B[0]!, A[3]!, A[4]!, B[1]!, B[2]!] : [...A, 'Note: water the plants', ...B];
      for (const m of order) {
        const body = typeof m === 'string' ? { content: m } : shape.memory(m);
        await createMemory(app, { ...body, space_id: `shape-${i}` });
      }
    }
  });
  after(() => app.close());

  for (const [i, shape] of SHAPES.entries()) {
    test(`${shape.name}: the answer after a question is found by its neighbour, another chat's turn is not`, async () => {
      const results = await search(app, `shape-${i}`, 'Which city was picked for the conference?');
      const answer = holding(results, ANSWER);
      assert.ok(answer, `the answer is found: ${JSON.stringify(results.map(r => r.memory.content))}`);
      assert.ok(answer.score_breakdown.neighbour > 0);
      assert.equal(holding(results, OTHER_CHAT_AFTER_QUESTION), undefined);
      assert.ok(results.every(r => r.memory.content.startsWith('Note') || r.memory.content.includes('conference') || r.score_breakdown.neighbour > 0));
    });

    test(`${shape.name}: a query naming a speaker favours that speaker's turn`, async () => {
      for (const mode of ['fast', 'deep']) {
        const results = await search(app, `shape-${i}`, `What did ${shape.answerSpeaker} say about the venue?`, mode);
        const [theirs, other] = [holding(results, ANSWER), holding(results, A[4]!.text)];
        assert.ok(theirs && other, mode);
        assert.ok(theirs.score_breakdown.cues > 1, mode);
        assert.equal(other.score_breakdown.cues, 1, mode);
        assert.ok(results.indexOf(theirs) < results.indexOf(other), mode);
      }
    });
  }
});

describe('notes and documents are not conversations', () => {
  let app: App;
  const notes = [
    'Note: Should we renew the passport this year?',
    'TODO: call the dentist on Monday',
    'Update: the passport office opens at nine',
    'Note: the dentist moved to Elm Street',
    'Decision: renew online, not at the office',
    'TODO: scan the old passport',
    // Notes that open with their topic, as people write them (bench/fixtures/notes).
    'Chess: rated 1480 on Lichess rapid in January.',
    'Guitar: learning fingerstyle, twenty minutes a day.',
    'Chess: reached 1612 rapid on Lichess in October.',
    'Cycling: commute by bike, seven km each way.',
    'Heating: the radiators need bleeding every October.',
  ];
  const document = `Ann: Conference venue report. ${'The hall seats four hundred people and has good light. '.repeat(60)}`;
  before(async () => {
    app = await buildTestApp({ embedder: 'none' });
    for (const content of notes) await createMemory(app, { content, space_id: 'notes', metadata: { source: 'cli' } });
    for (const content of ['Ann: Did you book the venue?', document, 'Bob: Yes, the hall by the river.', 'Ann: Great, thanks Bob!']) {
      await createMemory(app, { content, space_id: 'chat' });
    }
  });
  after(() => app.close());

  test('labelled notes ("Note:", "TODO:", "Update:") pass no context on and are never a speaker', async () => {
    const asked = await search(app, 'notes', 'Should we renew the passport?');
    assert.ok(asked.length > 0);
    assert.ok(asked.every(r => r.score_breakdown.neighbour === 0), JSON.stringify(asked.map(r => [r.memory.content, r.score_breakdown.neighbour])));
    assert.equal(holding(asked, 'call the dentist'), undefined);
    const update = holding(await search(app, 'notes', 'Any update on the passport office?'), 'opens at nine');
    assert.equal(update?.score_breakdown.cues, 1);
  });

  test('notes that open with their topic ("Chess:", "Heating:") are not turns, even when a topic comes back', async () => {
    const results = await search(app, 'notes', 'What was my chess rating in January?');
    assert.ok(holding(results, 'rated 1480'));
    assert.ok(results.every(r => r.score_breakdown.neighbour === 0 && r.score_breakdown.cues === 1));
    assert.equal(holding(results, 'fingerstyle'), undefined);
  });

  test('a long document opening with a name is not a turn, and the chat around it still is', async () => {
    const results = await search(app, 'chat', 'What did Ann say about the venue hall?');
    const report = holding(results, 'Conference venue report');
    assert.ok(report);
    assert.equal(report.score_breakdown.cues, 1);
    assert.equal(report.score_breakdown.neighbour, 0);
    const answer = holding(await search(app, 'chat', 'Did you book the venue?'), 'the hall by the river');
    assert.ok(answer && answer.score_breakdown.neighbour > 0);
  });
});
