import { test, describe, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenAiLlm, parseJsonAnswer } from '../llm/openai.ts';
import { cleanAnswer, createLlmExtractor } from './llm.ts';
import { type FakeLlm, scriptedLlm, startFakeLlm } from '../../../test/fakeOpenAi.ts';

describe('language-model answers', () => {
  test('cleaning keeps named entities, folds types, drops relations to unknown names', () => {
    const clean = cleanAnswer({
      entities: [
        { name: ' Ada Lovelace ', entity_type: 'Person', confidence: 1.4, aliases: ['Ada', 'ADA LOVELACE'] },
        { name: 'Analytical Engine', entity_type: 'device', description: 'A mechanical computer' },
        { name: '', entity_type: 'person' },
        { entity_type: 'person' },
        { name: 'ada lovelace.', entity_type: 'person' },
      ],
      relationships: [
        { source: 'Ada', target: 'Analytical Engine', relation_type: 'wrote programs for' },
        { source: 'Ada', target: 'Babbage', relation_type: 'KNOWS' },
        { source: 'Analytical Engine', target: 'Analytical Engine', relation_type: 'SELF' },
      ],
    });
    assert.deepEqual(clean.entities, [
      { name: 'Ada Lovelace', entity_type: 'person', confidence: 1, aliases: ['Ada'] },
      { name: 'Analytical Engine', entity_type: 'product', confidence: 0.8, description: 'A mechanical computer' },
    ]);
    assert.deepEqual(clean.relationships, [{ source: 'Ada Lovelace', target: 'Analytical Engine', relation_type: 'WROTE_PROGRAMS_FOR', confidence: 0.7 }]);
  });

  test('anything that is not an extraction cleans to nothing', () => {
    assert.deepEqual(cleanAnswer('nonsense'), { entities: [], relationships: [] });
    assert.deepEqual(cleanAnswer({ entities: 'x', relationships: null }), { entities: [], relationships: [] });
  });

  test('JSON answers are read through code fences and chatter', () => {
    assert.deepEqual(parseJsonAnswer('```json\n{"a": 1}\n```'), { a: 1 });
    assert.deepEqual(parseJsonAnswer('Sure! Here it is: {"a": [1, 2]} Hope that helps.'), { a: [1, 2] });
    assert.throws(() => parseJsonAnswer('no json at all'), /did not answer with JSON/);
  });

  test('the extractor asks for the level it is given, with the text and its date', async () => {
    const { llm, asked: seen } = scriptedLlm(() => ({ entities: [{ name: 'Kyoto', entity_type: 'city' }], relationships: [] }));
    const extractor = createLlmExtractor(llm);
    assert.equal(extractor.inline, false);
    const result = await extractor.extract({ text: 'Trip to Kyoto.', level: 'expert', reference_time: '2024-05-01T00:00:00Z' });
    assert.deepEqual(result.entities, [{ name: 'Kyoto', entity_type: 'location', confidence: 0.8 }]);
    assert.match(seen[0][0].content, /exhaustive/);
    assert.match(seen[0][0].content, /2024-05-01/);
    assert.equal(seen[0][1].content, 'Trip to Kyoto.');
    await extractor.extract({ text: 'x', level: 'swift' });
    assert.match(seen[1][0].content, /Be quick/);
  });
});

describe('OpenAI-compatible chat client against a local server', () => {
  let fake: FakeLlm;
  before(async () => {
    fake = await startFakeLlm({ entities: [{ name: 'Lisbon', entity_type: 'location' }], relationships: [] });
  });
  after(() => fake.close());

  test('sends the model, the messages and a JSON schema; returns the parsed answer', async () => {
    const llm = createOpenAiLlm({ url: fake.url, model: 'llama3.2', apiKey: null });
    const answer = await llm.completeJson([{ role: 'user', content: 'hello' }], { name: 'test_schema', schema: { type: 'object' } });
    assert.deepEqual(answer, { entities: [{ name: 'Lisbon', entity_type: 'location' }], relationships: [] });
    const request = fake.chatRequests().at(-1)!;
    assert.equal(request.model, 'llama3.2');
    assert.deepEqual(request.messages, [{ role: 'user', content: 'hello' }]);
    assert.equal(request.response_format?.type, 'json_schema');
    assert.equal(request.response_format?.json_schema?.name, 'test_schema');
  });

  test('a server error or an unreachable server rejects', async () => {
    fake.failWith = 500;
    try {
      await assert.rejects(createOpenAiLlm({ url: fake.url, model: 'm', apiKey: null }).completeJson([], { name: 's', schema: {} }));
    } finally {
      fake.failWith = null;
    }
    await assert.rejects(createOpenAiLlm({ url: 'http://127.0.0.1:9/v1', model: 'm', apiKey: null, timeoutMs: 2000 }).completeJson([], { name: 's', schema: {} }));
  });
});
