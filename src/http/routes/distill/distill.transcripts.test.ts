/**
 * nowledge-mem-bench's path through the service: a session's Markdown imported as a thread, then distilled offline.
 * The memories keep what was said, attributed to the speaker, dated by the session, citing their messages.
 */
import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, get, post } from '../../../../test/helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakeOpenAi.ts';

/** What the harness's UnifiedSession.to_markdown() writes for a LoCoMo session. */
const SESSION = [
  '**Date**: 1:56 pm on 8 May, 2023\n',
  '**Caroline**: Hey Mel! Good to see you! How have you been?',
  "**Melanie**: Hey Caroline! I'm swamped with the kids & work. What's up with you?",
  '**Caroline**: I went to a LGBTQ support group yesterday and it was so powerful.',
  '**Melanie**: Wow, that sounds great! I love painting, and my sister moved to Boston last month.',
  '**Caroline**: Thanks, Mel!',
].join('\n\n');

describe("nmem-bench's sessions: import, then distill offline", () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('POST /threads/import takes the Markdown: named speakers, messages dated by the **Date** line', async () => {
    const imported = await post(app, '/threads/import', { title: 'LoCoMo conv-26 Session 1', source: 'nmem-bench', markdown_content: SESSION });
    assert.equal(imported.status, 200, imported.text);
    const thread = await get(app, `/threads/${imported.body.thread_id}`);
    assert.deepEqual(
      thread.body.messages.map((m: any) => [m.role, m.metadata.speaker, m.timestamp]),
      [
        ['user', 'Caroline', '2023-05-08T13:56:00.000Z'],
        ['assistant', 'Melanie', '2023-05-08T13:56:00.000Z'],
        ['user', 'Caroline', '2023-05-08T13:56:00.000Z'],
        ['assistant', 'Melanie', '2023-05-08T13:56:00.000Z'],
        ['user', 'Caroline', '2023-05-08T13:56:00.000Z'],
      ],
    );
  });

  test('dry_run lists exactly what a distillation then creates, and writes nothing', async () => {
    const imported = await post(app, '/threads/import', { title: 'Preview', source: 'nmem-bench', markdown_content: SESSION, space_id: 'preview' });
    const threadId = imported.body.thread_id;
    const plan = await post(app, '/memories/distill', { thread_id: threadId, space_id: 'preview', dry_run: true });
    assert.equal(plan.status, 200, plan.text);
    assert.equal(plan.body.memories_created, 0);
    assert.equal(plan.body.would_create.length, 3);
    assert.equal((await get(app, '/memories?space_id=preview')).body.memories.length, 0, 'a dry run writes nothing');
    const done = await post(app, '/memories/distill', { thread_id: threadId, space_id: 'preview' });
    assert.deepEqual(
      done.body.created_memories.map((m: any) => [m.content, m.unit_type, m.source_message_id, m.metadata.speaker]),
      plan.body.would_create.map((c: any) => [c.content, c.unit_type, c.source_message_id, c.speaker]),
    );
    const again = await post(app, '/memories/distill', { thread_id: threadId, space_id: 'preview', dry_run: true });
    assert.deepEqual(again.body.would_create, [], 'what was kept is not proposed again');
  });

  test('distilling keeps each statement, attributed, dated and citing its message; again adds nothing', async () => {
    const imported = await post(app, '/threads/import', { title: 'LoCoMo conv-26 Session 1', source: 'nmem-bench', markdown_content: SESSION, space_id: 'bench' });
    const threadId = imported.body.thread_id;
    const messageIds = (await get(app, `/threads/${threadId}?space_id=bench`)).body.messages.map((m: any) => m.id);
    const distilled = await post(app, '/memories/distill', { thread_id: threadId, space_id: 'bench', extraction_level: 'guided' });
    assert.equal(distilled.status, 200, distilled.text);
    assert.equal(distilled.body.distilled_by, 'rules');
    assert.deepEqual(
      distilled.body.created_memories.map((m: any) => [m.content, m.unit_type, m.source_message_id, m.event_start, m.metadata.speaker]),
      [
        ['Melanie is swamped with the kids & work.', 'fact', messageIds[1], '2023-05-08T13:56:00.000Z', 'Melanie'],
        ['Caroline went to a LGBTQ support group yesterday and it was so powerful.', 'event', messageIds[2], '2023-05-08T13:56:00.000Z', 'Caroline'],
        ["Melanie loves painting, and Melanie's sister moved to Boston last month.", 'preference', messageIds[3], '2023-05-08T13:56:00.000Z', 'Melanie'],
      ],
    );
    assert.ok(distilled.body.created_memories.every((m: any) => m.source_thread_id === threadId && m.space_id === 'bench'));

    const found = await post(app, '/memories/search', { query: 'Who moved to Boston?', space_id: 'bench', limit: 3 });
    assert.equal(found.body[0].memory.source_message_id, messageIds[3]);

    const again = await post(app, '/memories/distill', { thread_id: threadId, space_id: 'bench' });
    assert.deepEqual([again.body.memories_created, again.body.duplicates_skipped], [0, 3]);
    const swift = await post(app, '/memories/distill', { thread_id: threadId, space_id: 'bench', extraction_level: 'swift' });
    assert.equal(swift.body.memories_created, 0, 'the same statements at another level are not made again');
  });

  test('triage reads the same Markdown and finds what distilling would keep', async () => {
    const triage = await post(app, '/memories/distill/triage', { thread_content: SESSION });
    assert.equal(triage.status, 200, triage.text);
    assert.equal(triage.body.should_distill, true);
    assert.deepEqual(triage.body.found, { fact: 1, event: 1, preference: 1 });
    assert.match(triage.body.reason, /Melanie is swamped/);
  });

  test('swift makes one memory per message, guided one per statement', async () => {
    const markdown = '**Date**: 2023/05/20 (Sat) 02:21\n\n**Ann**: I adopted a puppy named Max. I also started a new job at the library.\n\n**Bob**: Congrats!';
    const counts: Record<string, number> = {};
    for (const level of ['swift', 'guided']) {
      const { body } = await post(app, '/threads/import', { markdown_content: markdown, title: level });
      const distilled = await post(app, '/memories/distill', { thread_id: body.thread_id, extraction_level: level });
      counts[level] = distilled.body.memories_created;
    }
    assert.deepEqual(counts, { swift: 1, guided: 2 });
  });
});

describe('with a language model configured, the model distils the same Markdown', () => {
  let app: App;
  let fake: FakeOpenAi;
  before(async () => {
    fake = await startFakeOpenAi({ chat: () => ({ memories: [{ content: 'Melanie loves painting.', unit_type: 'preference', message_index: 3 }] }) });
    app = await buildTestApp({ llmUrl: fake.url, llmModel: 'fake-distiller' });
  });
  after(async () => {
    await app.close();
    await fake.close();
  });

  test("the model reads the speakers' names; its memories are dated by the message they cite", async () => {
    const { body } = await post(app, '/threads/import', { markdown_content: SESSION, title: 'LoCoMo conv-26 Session 1' });
    const distilled = await post(app, '/memories/distill', { thread_id: body.thread_id });
    assert.equal(distilled.body.distilled_by, 'llm');
    assert.deepEqual(
      distilled.body.created_memories.map((m: any) => [m.content, m.event_start, m.metadata.speaker]),
      [['Melanie loves painting.', '2023-05-08T13:56:00.000Z', 'Melanie']],
    );
    assert.match(fake.chatRequests().at(-1)!.messages[1]!.content, /\[3\] Melanie: Wow, that sounds great! I love painting/);
  });
});
