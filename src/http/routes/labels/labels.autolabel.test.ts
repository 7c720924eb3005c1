import { test, describe, alsoOnPglite } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { get, post, settleBackground } from '../../../../test/helpers.ts';
import { createLabel, type Label, withApp } from '../../../../test/labels.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

const KUBERNETES = [
  'The staging kubernetes cluster restarted its pods after the deploy',
  'Kubernetes pods in the staging cluster restarted after the helm deploy',
  'After the deploy the kubernetes cluster kept restarting pods',
];
const COOKING = ['Lasagna recipe with fresh pasta sheets and bechamel', 'Risotto recipe with warm stock and parmesan', 'Soup recipe with lentils, carrots and cumin'];
const NEW_KUBERNETES_NOTE = 'The kubernetes cluster restarted the pods after a deploy';

async function seed(app: App) {
  for (const content of KUBERNETES) await create(app, { content, labels: ['kubernetes'] });
  for (const content of COOKING) await create(app, { content, labels: ['cooking'] });
}

/** Waits for the graph and labels, so the answer says which labels were assigned (else they follow in the background). */
async function create(app: App, body: Record<string, unknown>) {
  const response = await post(app, '/memories?wait=graph', body);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

const memoryLabelNames = async (app: App, id: string) => ((await get(app, `/memories/${id}`)).body.labels as Label[]).map(l => l.name);

describe('labels suggested on create (CAIRN_AUTO_LABEL)', () => {
  test('on: a memory created without waiting gets its suggested label from the background queue', () =>
    withApp(
      async app => {
        await seed(app);
        const created = (await post(app, '/memories', { content: NEW_KUBERNETES_NOTE })).body;
        assert.deepEqual([created.extraction, created.assigned_labels], ['queued', []]);
        await settleBackground(app);
        assert.deepEqual(await memoryLabelNames(app, created.id), ['kubernetes']);
      },
      { autoLabel: true },
    ));

  test('off by default: a memory created without labels gets none', () =>
    withApp(async app => {
      await seed(app);
      const created = await create(app, { content: NEW_KUBERNETES_NOTE });
      assert.deepEqual(created.assigned_labels, []);
      assert.deepEqual(await memoryLabelNames(app, created.id), []);
    }));

  test('on: a memory without labels gets the existing label whose memories it resembles', () =>
    withApp(
      async app => {
        await seed(app);
        const labelsBefore = (await get<Label[]>(app, '/labels')).body.length;
        const created = await create(app, { content: NEW_KUBERNETES_NOTE });
        assert.deepEqual(created.assigned_labels, ['kubernetes']);
        assert.deepEqual(created.memory.labels.map((l: Label) => l.name), ['kubernetes']);
        assert.deepEqual(await memoryLabelNames(app, created.id), ['kubernetes']);
        assert.equal((await get<Label[]>(app, '/labels')).body.length, labelsBefore, 'no label is ever created');
        const pasta = await create(app, { content: 'A pasta recipe with fresh tomatoes and basil' });
        assert.deepEqual(pasta.assigned_labels, ['cooking']);
      },
      { autoLabel: true },
    ));

  test('on: content like no label\'s memories gets no label', () =>
    withApp(
      async app => {
        await seed(app);
        const created = await create(app, { content: 'Quarterly taxes are due on the 15th of April' });
        assert.deepEqual(created.assigned_labels, []);
      },
      { autoLabel: true },
    ));

  test('on: labels the caller gives are kept exactly, and an explicit empty list means none', () =>
    withApp(
      async app => {
        await seed(app);
        const given = await create(app, { content: NEW_KUBERNETES_NOTE, labels: ['ops'] });
        assert.deepEqual(given.assigned_labels, ['ops']);
        const none = await create(app, { content: NEW_KUBERNETES_NOTE, labels: [] });
        assert.deepEqual(none.assigned_labels, []);
      },
      { autoLabel: true },
    ));

  test('on: a label with fewer than two live members is never suggested', () =>
    withApp(
      async app => {
        await create(app, { content: KUBERNETES[0], labels: ['kubernetes'] });
        await createLabel(app, 'empty');
        const created = await create(app, { content: KUBERNETES[0] });
        assert.deepEqual(created.assigned_labels, []);
      },
      { autoLabel: true },
    ));

  test('on: updating an existing memory by id without labels keeps its labels and adds none', () =>
    withApp(
      async app => {
        await seed(app);
        const first = await create(app, { id: 'note-1', content: 'Unrelated first version', labels: ['personal'] });
        assert.deepEqual(first.assigned_labels, ['personal']);
        const updated = await create(app, { id: 'note-1', content: NEW_KUBERNETES_NOTE });
        assert.equal(updated.action, 'updated');
        assert.deepEqual(updated.assigned_labels, ['personal']);
      },
      { autoLabel: true },
    ));
});

test('on, with a remote embedder that is down: the memory is still created, without suggestions, and a warning says why', async () => {
  const { startFakeOpenAi } = await import('../../../../test/fakeOpenAi.ts');
  const { buildTestApp } = await import('../../../../test/helpers.ts');
  const down = await startFakeOpenAi();
  await down.close();
  const app = await buildTestApp({ autoLabel: true, embedder: 'openai', embedderUrl: down.url, embedderModel: 'fake-embed' });
  try {
    await seed(app);
    const created = await create(app, { content: NEW_KUBERNETES_NOTE });
    assert.deepEqual(created.assigned_labels, []);
    assert.ok(created.warnings.some((w: string) => w.startsWith('labels not suggested')), JSON.stringify(created.warnings));
    assert.equal((await get(app, `/memories/${created.id}`)).status, 200);
  } finally {
    await app.close();
  }
});
