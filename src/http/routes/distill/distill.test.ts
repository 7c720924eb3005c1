import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, get, post, validationLocs } from '../../../../test/helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakeOpenAi.ts';

const CODING_SESSION = [
  { role: 'user', content: 'The checkout tests keep failing on CI but pass locally. Can you look?' },
  { role: 'assistant', content: 'Let me check the CI logs.\n```\n$ npm test\nFAIL src/checkout.test.ts\n```' },
  { role: 'assistant', content: 'Found it. The root cause was the test database using UTC while the CI runner is set to America/New_York.' },
  { role: 'user', content: "Ok, let's pin TZ=UTC in the CI workflow instead of patching the query. Because the query is correct in production." },
  { role: 'user', content: 'Thanks! I prefer small commits, so please keep the fix separate from the refactor.' },
];

const CHIT_CHAT = [
  { role: 'user', content: 'hi there' },
  { role: 'assistant', content: 'Hello! How can I help you today?' },
  { role: 'user', content: 'nope, all good. thanks!' },
];

let counter = 0;
async function saveThread(app: App, messages: { role: string; content: string }[], extra: Record<string, unknown> = {}) {
  const threadId = `distill-${++counter}`;
  const response = await post(app, '/threads', { thread_id: threadId, title: 'Checkout on CI', source: 'openclaw', messages, ...extra });
  assert.equal(response.status, 200, response.text);
  return { threadId, messageIds: response.body.messages.map((m: any) => m.id) as string[] };
}

describe('triage (POST /memories/distill/triage)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a conversation with a decision and a learning is worth distilling, and the reason says what was found', async () => {
    const text = CODING_SESSION.map(m => `${m.role}: ${m.content}`).join('\n');
    const response = await post(app, '/memories/distill/triage', { thread_content: text });
    assert.equal(response.status, 200);
    assert.equal(response.body.should_distill, true);
    assert.match(response.body.reason, /1 decision/);
    assert.match(response.body.reason, /1 learning/);
  });

  test('chit-chat and a few words are not', async () => {
    const chat = await post(app, '/memories/distill/triage', { thread_content: CHIT_CHAT.map(m => `${m.role}: ${m.content}`).join('\n') });
    assert.equal(chat.body.should_distill, false);
    const short = await post(app, '/memories/distill/triage', { thread_content: 'ok thanks' });
    assert.deepEqual([short.body.should_distill, short.body.reason], [false, 'Too short to hold anything worth keeping.']);
  });

  test('thread_content is required and at most 50,000 characters', async () => {
    assert.deepEqual(validationLocs(await post(app, '/memories/distill/triage', {})), ['body.thread_content']);
    assert.deepEqual(validationLocs(await post(app, '/memories/distill/triage', { thread_content: 'x'.repeat(50_001) })), ['body.thread_content']);
  });
});

describe('distilling a thread offline (POST /memories/distill)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('a coding session becomes its statements (a fact, the learning, the decision, the preference), each citing its message', async () => {
    const { threadId, messageIds } = await saveThread(app, CODING_SESSION);
    const response = await post(app, '/memories/distill', { thread_id: threadId, thread_content: 'ignored', distillation_type: 'simple_llm', extraction_level: 'swift' });
    assert.equal(response.status, 200, response.text);
    const body = response.body;
    assert.equal(body.distilled_by, 'rules');
    assert.equal(body.memories_created, 4);
    assert.equal(body.action, 'created');
    assert.deepEqual(
      body.created_memories.map((m: any) => [m.unit_type, m.source_message_id]),
      [
        ['fact', messageIds[0]],
        ['learning', messageIds[2]],
        ['decision', messageIds[3]],
        ['preference', messageIds[4]],
      ],
    );
    assert.equal(body.memory.id, body.created_memories[0].id);
    assert.equal(body.created_memories[0].content, 'The checkout tests keep failing on CI but pass locally.', 'the question after it is left out');
    assert.equal(body.created_memories[2].content, "Let's pin TZ=UTC in the CI workflow instead of patching the query. Because the query is correct in production.");
    for (const m of body.created_memories) {
      assert.equal(m.source_thread_id, threadId);
      assert.equal(m.source, 'openclaw');
    }
    const stored = await get(app, `/memories/${body.created_memories[2].id}`);
    assert.equal(stored.body.unit_type, 'decision');
    assert.equal(stored.body.source_message_id, messageIds[3]);
  });

  test('distilled memories are searchable like any memory', async () => {
    const { threadId } = await saveThread(app, [{ role: 'user', content: 'We decided to host the status page on Netlify.' }]);
    assert.equal((await post(app, '/memories/distill', { thread_id: threadId })).body.memories_created, 1);
    const found = await post(app, '/memories/search', { query: 'status page Netlify' });
    assert.equal(found.status, 200);
    assert.equal(found.body[0].memory.content, 'We decided to host the status page on Netlify.');
  });

  test('distilling the same thread twice creates nothing the second time', async () => {
    const { threadId } = await saveThread(app, CODING_SESSION);
    assert.equal((await post(app, '/memories/distill', { thread_id: threadId })).body.memories_created, 4);
    const again = await post(app, '/memories/distill', { thread_id: threadId });
    assert.equal(again.status, 200);
    assert.deepEqual([again.body.memories_created, again.body.duplicates_skipped, again.body.memory, again.body.action], [0, 4, null, 'none']);
    assert.equal((await get(app, `/threads/${threadId}`)).body.related_memories.length, 4);
  });

  test('chit-chat yields no memory', async () => {
    const { threadId } = await saveThread(app, CHIT_CHAT);
    const response = await post(app, '/memories/distill', { thread_id: threadId });
    assert.deepEqual([response.status, response.body.memories_created, response.body.created_memories], [200, 0, []]);
  });

  test('selected_message_indices reads only those messages', async () => {
    const { threadId } = await saveThread(app, CODING_SESSION);
    const response = await post(app, '/memories/distill', { thread_id: threadId, selected_message_indices: [4] });
    assert.deepEqual(response.body.created_memories.map((m: any) => m.unit_type), ['preference']);
  });

  test('the thread is looked up in the space given; an unknown thread is a 404 and creates nothing', async () => {
    const { threadId } = await saveThread(app, CODING_SESSION, { space_id: 'work' });
    assert.equal((await post(app, '/memories/distill', { thread_id: threadId })).status, 404);
    const inWork = await post(app, '/memories/distill', { thread_id: threadId, space_id: 'work' });
    assert.equal(inWork.body.memories_created, 4);
    assert.ok(inWork.body.created_memories.every((m: any) => m.space_id === 'work'));
    const missing = await post(app, '/memories/distill', { thread_id: 'no-such-thread', thread_content: 'User: We decided to use Go.' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'thread_not_found');
  });

  test('thread_id is required', async () => {
    assert.deepEqual(validationLocs(await post(app, '/memories/distill', { thread_content: 'text' })), ['body.thread_id']);
  });
});

describe('distilling a thread with a language model', () => {
  let app: App;
  let fake: FakeOpenAi;
  let reply: unknown;
  before(async () => {
    fake = await startFakeOpenAi({ chat: () => reply });
    app = await buildTestApp({ llmUrl: fake.url, llmModel: 'fake-distiller' });
  });
  after(async () => {
    await app.close();
    await fake.close();
  });

  test("the model's memories are created with their unit types, labels and the message they cite", async () => {
    const { threadId, messageIds } = await saveThread(app, CODING_SESSION);
    reply = {
      memories: [
        { content: 'CI runs in America/New_York while tests assume UTC; pin TZ=UTC in CI.', title: 'CI timezone', unit_type: 'learning', message_index: 2, importance: 0.9, labels: ['ci'] },
        { content: 'The user prefers small commits, fixes separate from refactors.', unit_type: 'preference', message_index: 4 },
      ],
    };
    const response = await post(app, '/memories/distill', { thread_id: threadId });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.distilled_by, 'llm');
    assert.deepEqual(
      response.body.created_memories.map((m: any) => [m.title, m.unit_type, m.source_message_id, m.labels.map((l: any) => l.name)]),
      [
        ['CI timezone', 'learning', messageIds[2], ['ci']],
        ['The user prefers small commits, fixes separate from refactors.', 'preference', messageIds[4], []],
      ],
    );
    assert.deepEqual(response.body.assigned_labels, ['ci']);
    const asked = fake.chatRequests().at(-1)!;
    assert.equal(asked.response_format?.json_schema?.name, 'thread_distillation');
    assert.match(asked.messages[1]!.content, /\[3\] user: Ok, let's pin TZ=UTC/);
  });

  test('a garbage answer falls back to the rules, and model_error says why', async () => {
    const { threadId } = await saveThread(app, CODING_SESSION);
    reply = 'Sure! Here are some memories: the CI was broken.';
    const response = await post(app, '/memories/distill', { thread_id: threadId });
    assert.equal(response.status, 200);
    assert.equal(response.body.distilled_by, 'rules');
    assert.match(response.body.model_error, /JSON/);
    assert.deepEqual(response.body.created_memories.map((m: any) => m.unit_type), ['fact', 'learning', 'decision', 'preference']);
  });

  test('an answer of the wrong shape, or citing a message the thread does not have, falls back too', async () => {
    for (const bad of [{ memories: [{ content: 'x', unit_type: 'opinion', message_index: 0 }] }, { memories: [{ content: 'x', unit_type: 'fact', message_index: 99 }] }]) {
      const { threadId } = await saveThread(app, CODING_SESSION);
      reply = bad;
      const response = await post(app, '/memories/distill', { thread_id: threadId });
      assert.equal(response.body.distilled_by, 'rules');
      assert.ok(response.body.model_error);
      assert.equal(response.body.memories_created, 4);
    }
  });

  test('a model that is down falls back to the rules', async () => {
    const { threadId } = await saveThread(app, CODING_SESSION);
    fake.failWith = 500;
    try {
      const response = await post(app, '/memories/distill', { thread_id: threadId });
      assert.deepEqual([response.status, response.body.distilled_by, response.body.memories_created], [200, 'rules', 4]);
    } finally {
      fake.failWith = null;
    }
  });
});
