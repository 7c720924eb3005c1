import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, get, patch, post } from '../../../../test/helpers.ts';
import { type ChatRequest, type FakeLlm, startFakeLlm } from '../../../../test/fakeOpenAi.ts';

interface Entity {
  id: string;
  name: string;
  entity_type: string;
  description: string;
  mention_count: number;
}

/** The fake model "reads" the text: every capitalised word of the user message is an entity it describes. */
function modelAnswer(request: ChatRequest) {
  const text = request.messages.find(m => m.role === 'user')?.content ?? '';
  const names = [...new Set(text.match(/\b[A-Z][a-z]+\b/g) ?? [])];
  return {
    entities: names.map(name => ({ name, entity_type: 'concept', description: `${name}, as the model saw it`, confidence: 0.9 })),
    relationships: names.length > 1 ? [{ source: names[0], target: names[1], relation_type: 'linked with', confidence: 0.8 }] : [],
  };
}

const entityNames = async (app: App) => (await get<Entity[]>(app, '/entities?limit=200')).body.map(e => e.name).sort();

describe('CAIRN_EXTRACTOR=llm with a reachable model', () => {
  let fake: FakeLlm;
  let app: App;
  before(async () => {
    fake = await startFakeLlm(modelAnswer);
    app = await buildTestApp({ extractor: 'llm', llmUrl: fake.url, llmModel: 'fake-llama' });
  });
  after(async () => {
    await app.close();
    await fake.close();
  });

  test('create answers at once, says extraction runs in the background, and the entities arrive after', async () => {
    const created = await post(app, '/memories', { content: 'Quentin sailed to Tahiti.' });
    assert.equal(created.status, 200);
    assert.deepEqual(created.body.extracted_entities, []);
    assert.ok(created.body.warnings.some((w: string) => /background/.test(w) && /fake-llama/.test(w)), created.body.warnings.join(' | '));
    await app.deps.extraction.jobs!.settle();
    assert.deepEqual(await entityNames(app), ['Quentin', 'Tahiti']);
    const quentin = (await get<Entity[]>(app, '/entities?search=quentin')).body[0];
    assert.equal(quentin.description, 'Quentin, as the model saw it');
    const read = await get(app, `/entities/${quentin.id}`);
    assert.deepEqual(read.body.memories.map((m: { id: string }) => m.id), [created.body.id]);
    assert.deepEqual(read.body.relationships.map((r: { relation_type: string; entity: Entity }) => `${r.relation_type} ${r.entity.name}`), ['LINKED_WITH Tahiti']);
    const request = fake.chatRequests().at(-1)!;
    assert.equal(request.model, 'fake-llama');
    assert.match(request.messages[1].content, /Quentin sailed to Tahiti/);
    assert.equal(request.response_format?.type, 'json_schema');
  });

  test('a content change queues the memory again and its graph is replaced', async () => {
    const id = await createMemory(app, { content: 'Ulrike plays cello.' });
    await app.deps.extraction.jobs!.settle();
    await patch(app, `/memories/${id}`, { content: 'Valentina plays viola.' });
    await app.deps.extraction.jobs!.settle();
    const names = await entityNames(app);
    assert.ok(names.includes('Valentina'));
    assert.ok(!names.includes('Ulrike'), 'the old text’s only entity went with it');
  });

  test('preview asks the model directly, at the level requested', async () => {
    const id = await createMemory(app, { content: 'Wendeline paints.' });
    const preview = await post(app, `/memories/${id}/extract-kg/preview`, { extraction_level: 'expert' });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.extraction_method, 'llm');
    assert.deepEqual(preview.body.entities.map((e: Entity) => [e.name, e.entity_type]), [['Wendeline', 'other']]);
    assert.match(fake.chatRequests().at(-1)!.messages[0].content, /exhaustive/);
    const offline = await post(app, `/memories/${id}/extract-kg/preview`, { use_remote_llm: false });
    assert.equal(offline.body.extraction_method, 'rules');
  });

  test('capabilities report the model as the extractor, working, with the rules as fallback', async () => {
    const caps = await get(app, '/capabilities');
    assert.equal(caps.body.features.llm_extraction, true);
    assert.equal(caps.body.extraction.extractor, 'llm');
    assert.equal(caps.body.extraction.model, 'fake-llama');
    assert.equal(caps.body.extraction.inline, false);
    assert.equal(caps.body.extraction.degraded, false);
    assert.equal(caps.body.extraction.fallback, 'rules');
  });
});

describe('CAIRN_EXTRACTOR=llm when the model fails', () => {
  let fake: FakeLlm;
  let app: App;
  before(async () => {
    fake = await startFakeLlm(modelAnswer);
    fake.failWith = 500;
    app = await buildTestApp({ extractor: 'llm', llmUrl: fake.url, llmModel: 'fake-llama' });
  });
  after(async () => {
    await app.close();
    await fake.close();
  });

  test('a queued memory is extracted with the rules instead, and capabilities say the model is degraded', async () => {
    const created = await post(app, '/memories', { content: 'Priya joined Stripe in Dublin.' });
    assert.ok(created.body.warnings.some((w: string) => /background/.test(w)));
    await app.deps.extraction.jobs!.settle();
    assert.deepEqual(await entityNames(app), ['Dublin', 'Priya', 'Stripe']);
    const caps = await get(app, '/capabilities');
    assert.equal(caps.body.features.llm_extraction, false);
    assert.equal(caps.body.extraction.degraded, true);
    assert.match(caps.body.extraction.last_error, /500/);
  });

  test('while the model is down, creates waiting for the graph extract with the rules inline and say so', async () => {
    const asked = fake.chatRequests().length;
    const created = await post(app, '/memories?wait=graph', { content: 'Yusuf met Zainab in Cairo.' });
    assert.deepEqual(created.body.extracted_entities.map((e: Entity) => e.name).sort(), ['Cairo', 'Yusuf', 'Zainab']);
    assert.ok(created.body.warnings.some((w: string) => /unreachable/.test(w) && /rules/.test(w)), created.body.warnings.join(' | '));
    assert.equal(fake.chatRequests().length, asked, 'the failing model is left alone for a while');
  });

  test('a preview falls back to the rules with a warning', async () => {
    app.deps.extraction.llm.markSuccess(); // as if the retry delay had passed
    const preview = await post(app, '/memories/extract-kg/preview-content', { memory_title: '', memory_content: 'Priya joined Stripe.' });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.extraction_method, 'rules-fallback');
    assert.deepEqual(preview.body.entities.map((e: Entity) => e.name), ['Priya', 'Stripe']);
    assert.match(preview.body.warnings[0], /unreachable/);
  });
});

describe('CAIRN_EXTRACTOR=llm when nothing listens at the URL', () => {
  test('memories still get their entities, from the rules', async () => {
    const app = await buildTestApp({ extractor: 'llm', llmUrl: 'http://127.0.0.1:9/v1', llmModel: 'absent' });
    try {
      await createMemory(app, { content: 'Xiomara moved to Quito.' });
      await app.deps.extraction.jobs!.settle();
      assert.deepEqual(await entityNames(app), ['Quito', 'Xiomara']);
      assert.equal((await get(app, '/capabilities')).body.extraction.degraded, true);
    } finally {
      await app.close();
    }
  });
});
