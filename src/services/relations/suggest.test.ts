import { test, describe, before, after } from '../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../main.ts';
import { buildTestApp, createMemory } from '../../../test/helpers.ts';
import { scriptedLlm as fakeLlm } from '../../../test/fakeOpenAi.ts';
import { suggestRelation } from './suggest.ts';

describe('relation suggestions with a language model', () => {
  let app: App;
  let older: string;
  let newer: string;
  before(async () => {
    app = await buildTestApp();
    older = await createMemory(app, { content: 'The design review happens on Mondays' });
    newer = await createMemory(app, { content: 'Design reviews moved to Wednesdays after the reorg' });
  });
  after(() => app.close());

  test("the model's judgement is the answer; it is given both memories and the offline signals", async () => {
    const { llm, asked } = fakeLlm(() => ({
      should_link: true, relation_type: 'evolves', evolves_relation: 'replaces', from: 'B',
      display_label: 'Replaces', reason: 'the review day changed', confidence: 0.9, bidirectional: true,
    }));
    const s = await suggestRelation({ ...app.deps, llm }, older, { target_memory_id: newer });
    assert.equal(s.judged_by, 'llm');
    assert.equal(s.relation_type, 'EVOLVES');
    assert.deepEqual([s.from_memory_id, s.to_memory_id], [newer, older]);
    assert.deepEqual(s.properties, { relation: 'replaces', detected_by: 'llm' });
    assert.equal(s.bidirectional, false, 'an EVOLVES edge has a direction whatever the model says');
    assert.equal(s.reason, 'the review day changed');
    const prompt = asked[0]!.map(m => m.content).join('\n');
    assert.match(prompt, /on Mondays/);
    assert.match(prompt, /to Wednesdays/);
    assert.match(prompt, /lexical_jaccard/);
  });

  test('when the model fails or answers nonsense, the offline suggestion stands and says why', async () => {
    const down = fakeLlm(() => {
      throw new Error('connect ECONNREFUSED');
    });
    const offline = await suggestRelation({ ...app.deps, llm: down.llm }, older, { target_memory_id: newer });
    assert.equal(offline.judged_by, 'rules');
    assert.match((offline as { model_error?: string }).model_error ?? '', /ECONNREFUSED/);
    const withoutModel = await suggestRelation(app.deps, older, { target_memory_id: newer });
    assert.deepEqual({ ...offline, model_error: undefined }, { ...withoutModel, model_error: undefined });

    const confused = fakeLlm(() => ({ should_link: true, relation_type: 'EVOLVES', evolves_relation: 'improves', from: 'A', reason: '', confidence: 1, bidirectional: false }));
    assert.equal((await suggestRelation({ ...app.deps, llm: confused.llm }, older, { target_memory_id: newer })).judged_by, 'rules');
  });
});
