import { test, describe, alsoOnPglite } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import type { Config } from '../../../config.ts';
import { buildTestApp, createMemory, del, get, lacksVectorSearch, patch, post } from '../../../../test/helpers.ts';
import { holdBackground, holdIndexing, startIndexerHeldMidway, startWorkerHeldMidway } from '../../../../test/background.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

/**
 * Background work never undoes a person's action: each test holds the background queue back, makes the explicit
 * write, then lets the queue run, and checks the explicit write survived (docs/api.md, "Background work and your edits").
 */

interface Entity {
  id: string;
  name: string;
  mention_count: number;
}

async function withApp(run: (app: App) => Promise<void>, config: Partial<Config> = {}) {
  const app = await buildTestApp(config);
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

const allEntities = async (app: App) => (await get<Entity[]>(app, '/entities?limit=200')).body;
const entityNamed = async (app: App, name: string) => (await allEntities(app)).find(e => e.name === name);
const mentioners = async (app: App, entityId: string) =>
  ((await get(app, `/entities/${entityId}?memory_limit=50`)).body.memories as { id?: string; memory_id?: string }[]).map(m => m.memory_id ?? m.id);

async function apply(app: App, memoryId: string, body: Record<string, unknown>) {
  const response = await post(app, `/memories/${memoryId}/extract-kg/apply`, { relationships: [], ...body });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** Both resolutions: exact creates a caller-owned entity (left orphaned before), auto a plain one (collected before). */
async function applyBoth(app: App, memoryId: string) {
  await apply(app, memoryId, { resolution: 'exact', entities: [{ name: 'Project Nightingale', entity_type: 'project' }] });
  await apply(app, memoryId, {
    resolution: 'auto',
    entities: [{ name: 'Kestrel Initiative', entity_type: 'project' }, { name: 'Priya', entity_type: 'person' }],
    relationships: [{ source: 'Kestrel Initiative', target: 'Priya', relation_type: 'LED_BY' }],
  });
}

async function assertAppliedSurvived(app: App, memoryId: string) {
  for (const name of ['Project Nightingale', 'Kestrel Initiative', 'Priya']) {
    const entity = await entityNamed(app, name);
    assert.ok(entity, `${name} is still stored`);
    assert.deepEqual(await mentioners(app, entity.id), [memoryId], `${name} is still mentioned by the memory`);
  }
  const kestrel = (await entityNamed(app, 'Kestrel Initiative'))!;
  const relations = (await get(app, `/entities/${kestrel.id}/relationships`)).body;
  assert.ok(JSON.stringify(relations).includes('LED_BY'), `the applied relationship is still there: ${JSON.stringify(relations)}`);
  assert.ok(await entityNamed(app, 'Stripe'), 'the queue wrote its own extraction too');
}

/** A cascade delete takes the applied entities with it and leaves no entity nothing mentions. */
async function assertCascadeLeavesNoOrphan(app: App, memoryId: string) {
  const deleted = await del(app, `/memories/${memoryId}`);
  assert.equal(deleted.status, 200, deleted.text);
  assert.ok(deleted.body.deleted_entities >= 4, `applied and extracted entities deleted: ${deleted.text}`);
  assert.deepEqual(await allEntities(app), [], 'no orphaned entity is left');
}

const CONTENT = 'Priya joined Stripe in Dublin.';

describe('an explicit extract-kg apply and the queued extraction of the same memory', () => {
  test('an apply made while the memory waits in the queue survives the extraction that lands later', () =>
    withApp(async app => {
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: CONTENT })).body;
      await applyBoth(app, id);
      await held.release();
      await assertAppliedSurvived(app, id);
      await assertCascadeLeavesNoOrphan(app, id);
    }));

  test('an apply made while the queue is extracting the memory survives the graph written after it', () =>
    withApp(async app => {
      await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: CONTENT })).body;
      const worker = startWorkerHeldMidway(app);
      await worker.waiting;
      await applyBoth(app, id);
      await worker.release();
      await assertAppliedSurvived(app, id);
      await assertCascadeLeavesNoOrphan(app, id);
    }));

  test('a content edit keeps the applied entities; the old text’s extracted ones go', () =>
    withApp(async app => {
      const id = await createMemory(app, { content: CONTENT });
      await applyBoth(app, id);
      assert.equal((await patch(app, `/memories/${id}`, { content: 'Mei moved to Osaka.' })).status, 200);
      assert.equal(await entityNamed(app, 'Stripe'), undefined);
      assert.ok(await entityNamed(app, 'Osaka'));
      for (const name of ['Project Nightingale', 'Kestrel Initiative', 'Priya']) {
        assert.deepEqual(await mentioners(app, (await entityNamed(app, name))!.id), [id], name);
      }
    }));

  test('a memory restored from the trash keeps its applied entities through a later automatic rewrite', () =>
    withApp(async app => {
      const id = await createMemory(app, { content: CONTENT });
      await applyBoth(app, id);
      assert.equal((await del(app, `/memories/${id}`)).status, 200);
      assert.equal((await post(app, '/trash/restore', { ids: [id] })).status, 200);
      assert.equal((await patch(app, `/memories/${id}`, { content: 'Priya joined Stripe in Cork.' })).status, 200);
      for (const name of ['Project Nightingale', 'Kestrel Initiative']) {
        assert.deepEqual(await mentioners(app, (await entityNamed(app, name))!.id), [id], name);
      }
    }));
});

describe('a content edit and the queued extraction of the old content', () => {
  test('an extraction of the old text that finishes after the edit writes nothing: the graph is the new text’s', () =>
    withApp(async app => {
      await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: 'Gretchen moved to Hamburg.' })).body;
      const worker = startWorkerHeldMidway(app);
      await worker.waiting;
      assert.equal((await patch(app, `/memories/${id}`, { content: 'Ingeborg moved to Bremen.' })).status, 200);
      await worker.release();
      const names = (await allEntities(app)).map(e => e.name).sort();
      assert.deepEqual(names, ['Bremen', 'Ingeborg']);
    }));
});

describe('a delete and the queued work of the same memory', () => {
  test('a memory deleted while queued is not brought back into the graph', () =>
    withApp(async app => {
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: CONTENT })).body;
      await apply(app, id, { entities: [{ name: 'Project Nightingale', entity_type: 'project' }] });
      const deleted = await del(app, `/memories/${id}`);
      assert.equal(deleted.body.deleted_entities, 1, deleted.text);
      await held.release();
      assert.deepEqual(await allEntities(app), []);
      assert.equal((await get(app, '/health')).body.background_queue.pending, 0);
    }));

  test('a memory deleted while its extraction runs gets no graph written after the delete', () =>
    withApp(async app => {
      await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: CONTENT })).body;
      const worker = startWorkerHeldMidway(app);
      await worker.waiting;
      assert.equal((await del(app, `/memories/${id}`)).status, 200);
      await worker.release();
      assert.deepEqual(await allEntities(app), []);
    }));
});

const KUBERNETES = ['The staging kubernetes cluster restarted its pods after the deploy', 'Kubernetes pods in the staging cluster restarted after the helm deploy'];
const NEW_KUBERNETES_NOTE = 'The kubernetes cluster restarted the pods after a deploy';

const labelNames = async (app: App, id: string) => ((await get(app, `/memories/${id}`)).body.labels as { name: string }[]).map(l => l.name).sort();

/** Labels that CAIRN_AUTO_LABEL would suggest for NEW_KUBERNETES_NOTE: "kubernetes". */
async function seedLabels(app: App) {
  for (const content of KUBERNETES) assert.equal((await post(app, '/memories?wait=graph', { content, labels: ['kubernetes'] })).status, 200);
  assert.equal((await post(app, '/memories?wait=graph', { content: 'Lasagna recipe with fresh pasta sheets', labels: ['cooking'] })).status, 200);
  return (await get<{ id: string; name: string }[]>(app, '/labels')).body;
}

describe('explicit labels and the automatic label suggestion (CAIRN_AUTO_LABEL)', () => {
  test('labels a person took off while the memory waited are not put back by the suggestion', () =>
    withApp(
      async app => {
        const labels = await seedLabels(app);
        const cooking = labels.find(l => l.name === 'cooking')!;
        const held = await holdBackground(app);
        const { id } = (await post(app, '/memories', { content: NEW_KUBERNETES_NOTE })).body;
        assert.equal((await post(app, `/memories/${id}/labels/${cooking.id}`)).status, 200);
        assert.equal((await del(app, `/memories/${id}/labels/${cooking.id}`)).status, 200);
        await held.release();
        assert.deepEqual(await labelNames(app, id), [], 'the person left it unlabelled');
      },
      { autoLabel: true },
    ));

  test('labels set to none by PATCH while the suggestion was being made stay none', () =>
    withApp(
      async app => {
        await seedLabels(app);
        await holdBackground(app);
        const { id } = (await post(app, '/memories', { content: NEW_KUBERNETES_NOTE })).body;
        const worker = startWorkerHeldMidway(app);
        await worker.waiting; // the suggestion is made: the worker holds it
        assert.equal((await patch(app, `/memories/${id}`, { labels: [] })).status, 200);
        await worker.release();
        assert.deepEqual(await labelNames(app, id), []);
      },
      { autoLabel: true },
    ));

  test('with no explicit label write the suggestion still lands (the hold itself changes nothing)', () =>
    withApp(
      async app => {
        await seedLabels(app);
        const held = await holdBackground(app);
        const { id } = (await post(app, '/memories', { content: NEW_KUBERNETES_NOTE })).body;
        await held.release();
        assert.deepEqual(await labelNames(app, id), ['kubernetes']);
      },
      { autoLabel: true },
    ));
});

describe('explicit EVOLVES relations and the queued EVOLVES detection', () => {
  const OLDER = 'Priya lives in Berlin with her two cats';
  const NEWER = 'Priya now lives in Lisbon with her two cats';
  const evolvesOf = async (app: App, id: string) => (await get(app, `/memories/${id}/relations?types=EVOLVES&status=active,deleted,dismissed,suggested`)).body.relations;

  test('an EVOLVES edge a person made and deleted while the memory waited stays deleted', () =>
    withApp(async app => {
      const older = await createMemory(app, { content: OLDER });
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: NEWER })).body;
      const made = await post(app, `/memories/${id}/relations`, { target_memory_id: older, relation_type: 'EVOLVES', properties: { relation: 'enriches' } });
      assert.equal(made.status, 200, made.text);
      assert.equal((await del(app, `/memories/relations/${made.body.id}`)).status, 200);
      await held.release();
      const edges = await app.deps.store.evolves.listForMemory(id);
      assert.deepEqual(edges, [], 'no active EVOLVES edge came back');
      const stored = await app.deps.store.relations.getById(made.body.id);
      assert.equal(stored?.status, 'deleted');
    }));

  test('an EVOLVES edge a person made while the memory waited keeps what they said', () =>
    withApp(async app => {
      const older = await createMemory(app, { content: OLDER });
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: NEWER })).body;
      const made = await post(app, `/memories/${id}/relations`, { target_memory_id: older, relation_type: 'EVOLVES', properties: { relation: 'enriches' }, reason: 'mine' });
      assert.equal(made.status, 200, made.text);
      await held.release();
      const edges = await app.deps.store.evolves.listForMemory(id);
      assert.equal(edges.length, 1);
      assert.deepEqual([edges[0].relation, edges[0].detected_by, edges[0].reviewed, edges[0].reason], ['enriches', 'user', true, 'mine']);
    }));

  test('a supersede made while the newer memory waited keeps its reviewed edge', () =>
    withApp(async app => {
      const older = await createMemory(app, { content: OLDER });
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: NEWER })).body;
      const superseded = await post(app, `/memories/${older}/supersede`, { newer_memory_id: id, reason: 'moved' });
      assert.equal(superseded.status, 200, superseded.text);
      await held.release();
      const edges = await app.deps.store.evolves.listForMemory(id);
      assert.deepEqual(edges.map(e => [e.to_memory_id, e.detected_by, e.reviewed, e.reason]), [[older, 'user', true, 'moved']]);
      assert.equal((await get(app, `/memories/${older}`)).body.is_latest, false);
    }));

  test('a memory forgotten while it waited stays forgotten and gets no EVOLVES edge', () =>
    withApp(async app => {
      const older = await createMemory(app, { content: OLDER });
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: NEWER })).body;
      assert.equal((await post(app, `/memories/${id}/forget`, {})).status, 200);
      await held.release();
      assert.deepEqual(await app.deps.store.evolves.listForMemory(older), []);
      assert.equal((await app.deps.store.memories.getById(id))?.lifecycle_state, 'forgotten');
      assert.equal((await get(app, '/health')).body.background_queue.pending, 0);
    }));

  test('a memory whose content was edited while it waited is still looked at, on its new content', () =>
    withApp(async app => {
      const older = await createMemory(app, { content: OLDER });
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: 'Priya adopted a dog' })).body;
      assert.equal((await patch(app, `/memories/${id}`, { content: NEWER })).status, 200);
      await held.release();
      const edges = await app.deps.store.evolves.listForMemory(id);
      assert.deepEqual(edges.map(e => [e.from_memory_id, e.to_memory_id, e.detected_by]), [[id, older, 'auto']]);
      assert.equal((await get(app, '/health')).body.background_queue.pending, 0);
    }));

  test('without an explicit edge the detection still links the memories (the hold itself changes nothing)', () =>
    withApp(async app => {
      const older = await createMemory(app, { content: OLDER });
      const held = await holdBackground(app);
      const { id } = (await post(app, '/memories', { content: NEWER })).body;
      await held.release();
      const edges = await app.deps.store.evolves.listForMemory(id);
      assert.deepEqual(edges.map(e => [e.from_memory_id, e.to_memory_id, e.detected_by]), [[id, older, 'auto']]);
    }));
});

describe('a content edit and the embedding back-fill', () => {
  test('a vector computed for the old text is not saved as the new text’s: the memory is embedded again', t =>
    withApp(
      async app => {
        if (await lacksVectorSearch(app, t)) return;
        await holdIndexing(app);
        const { id } = (await post(app, '/memories', { content: 'Gretchen moved to Hamburg for the harbour job.' })).body;
        const indexer = startIndexerHeldMidway(app);
        await indexer.waiting; // the old text's vector is computed and held
        assert.equal((await patch(app, `/memories/${id}`, { content: 'Ingeborg opened a bakery in Bremen.' })).status, 200);
        await indexer.release();
        const memory = (await get(app, `/memories/${id}`)).body;
        const [expected] = await app.deps.indexer!.embedder.embed([`${memory.title}\n${memory.content}`]);
        const stored = (await app.deps.store.search.storedVectors(app.deps.indexer!.embedder.model)).find(v => v.memory_id === id);
        assert.deepEqual(stored && [...stored.vector], [...expected!], 'the stored vector is the new text’s');
      },
      { embedder: 'hash' },
    ));
});
