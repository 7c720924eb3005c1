import { test, describe, before, after, beforeEach } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, post } from '../../../../test/helpers.ts';
import { type ChatRequest, type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakeOpenAi.ts';
import { splitSentences } from '../../../domain/crystalSynthesis.ts';

const SOURCES = ['The office moved to Porto in 2024.', 'The Porto office has twelve desks.', 'The Porto office is near the river.'];

const GOOD = {
  title: 'The Porto office',
  paragraphs: [
    { text: 'Since 2024 the office is in Porto, with twelve desks.', sources: ['S1', 'S2'] },
    { text: 'It sits by the river.', sources: ['S3'] },
  ],
};

describe('crystals with a language model', () => {
  let fake: FakeOpenAi;
  let app: App;
  let ids: string[];
  /** What the model answers to a crystal request; anything else it is asked gets an empty object. */
  let answer: unknown = GOOD;
  const crystalRequests = () => fake.chatRequests().filter(r => r.response_format?.json_schema?.name === 'crystal_synthesis');

  before(async () => {
    fake = await startFakeOpenAi({ chat: (r: ChatRequest) => (r.response_format?.json_schema?.name === 'crystal_synthesis' ? answer : {}) });
    app = await buildTestApp({ llmUrl: fake.url, llmModel: 'fake-llama' });
    ids = [];
    for (const content of SOURCES) ids.push(await createMemory(app, { content }));
  });
  beforeEach(() => {
    fake.failWith = null;
  });
  after(async () => {
    await app.close();
    await fake.close();
  });

  test('the model writes the crystal, citing its sources, and the record says so', async () => {
    answer = GOOD;
    const response = await post(app, '/crystals', { memory_ids: ids });
    assert.equal(response.status, 200, response.text);
    const { crystal, sources, synthesis } = response.body;
    assert.equal(synthesis, 'llm');
    assert.equal(crystal.content, 'Since 2024 the office is in Porto, with twelve desks.\n\nIt sits by the river.');
    assert.equal(crystal.title, 'The Porto office');
    assert.equal((await get(app, `/memories/${crystal.id}`)).body.crystal.synthesis, 'llm');
    // The first paragraph is shared by S1 and S2; S3 has the short one alone.
    const [s1, s2, s3] = sources.map((s: { contribution_weight: number }) => s.contribution_weight);
    assert.equal(s1, s2);
    assert.ok(s3 < s1);
    assert.ok(Math.abs(s1 + s2 + s3 - 1) < 1e-9);
    const prompt = crystalRequests().at(-1)!.messages.map(m => m.content).join('\n');
    for (const source of SOURCES) assert.ok(prompt.includes(source));
  });

  test('an answer citing something that is not a source falls back to the extractive crystal, with a warning', async () => {
    answer = { title: 'x', paragraphs: [{ text: 'The office is in Porto.', sources: ['S9'] }] };
    const { body } = await post(app, '/crystals', { memory_ids: ids });
    assert.equal(body.synthesis, 'extractive');
    assert.equal(body.crystal.crystal.synthesis, 'extractive');
    for (const sentence of splitSentences(body.crystal.content)) assert.ok(SOURCES.includes(sentence), sentence);
    assert.match(body.warnings.join(' '), /not a source/);
  });

  test('an empty or malformed answer falls back to the extractive crystal', async () => {
    for (const garbage of [{ title: 'x', paragraphs: [] }, { paragraphs: [{ text: '   ', sources: ['S1'] }] }, 'not json at all']) {
      answer = garbage;
      const { status, body } = await post(app, '/crystals', { memory_ids: ids });
      assert.equal(status, 200);
      assert.equal(body.synthesis, 'extractive', JSON.stringify(garbage));
    }
  });

  test('a model that is down costs the abstractive crystal, never the crystal', async () => {
    fake.failWith = 500;
    const { status, body } = await post(app, '/crystals', { memory_ids: ids });
    assert.equal(status, 200);
    assert.equal(body.synthesis, 'extractive');
    assert.ok(body.crystal.content.length > 0);
  });
});
