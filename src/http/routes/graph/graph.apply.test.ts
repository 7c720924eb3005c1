import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import type { Repos, Store } from '../../../storage/ports.ts';
import { buildTestApp, createMemory, get, post, validationLocs } from '../../../../test/helpers.ts';

interface Entity {
  id: string;
  name: string;
  entity_type: string;
  mention_count: number;
}

/** Everything the graph holds, to prove a refused request changed nothing. */
async function graphDump(app: App) {
  const entities = (await get<Entity[]>(app, '/entities?limit=200')).body;
  const details = await Promise.all(entities.map(e => get(app, `/entities/${e.id}?relation_limit=200&memory_limit=200`)));
  return details.map(d => d.body).sort((a, b) => (a.id < b.id ? -1 : 1));
}

const entitiesNamed = async (app: App, name: string) =>
  (await get<Entity[]>(app, `/entities?search=${encodeURIComponent(name)}&limit=200`)).body.filter(e => e.name === name);

/**
 * A store whose entity inserts fail from the `failFrom`-th one on (counted across transactions), as a disk that
 * fills up mid-batch would: everything else works.
 */
function failingStore(store: Store, failFrom: number): Store {
  let inserts = 0;
  const wrap = (repos: Repos): Repos => ({
    ...repos,
    entities: {
      ...repos.entities,
      async insert(entity, keys) {
        inserts++;
        if (inserts >= failFrom) throw new Error('SQLITE_FULL: database or disk is full');
        return repos.entities.insert(entity, keys);
      },
    },
  });
  return { ...store, transaction: work => store.transaction(tx => work(wrap(tx))) } as Store;
}

describe('extraction preview', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('previewing a memory returns entities, relationships and a write plan, and saves nothing', async () => {
    const id = await createMemory(app, { content: 'Nothing named here.' });
    await createMemory(app, { content: 'Stripe is a payments company.' });
    const before = await graphDump(app);
    const preview = await post(app, `/memories/${id}/extract-kg/preview`, { extraction_level: 'guided' });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.memory_id, id);
    assert.equal(preview.body.memory_content, 'Nothing named here.');
    assert.deepEqual(preview.body.entities, []);
    assert.equal(preview.body.entities_count, 0);
    assert.equal(preview.body.kg_already_extracted, false);
    assert.equal(preview.body.can_extract, true);
    assert.equal(preview.body.extraction_level, 'guided');
    assert.deepEqual(await graphDump(app), before);
  });

  test('preview-content extracts explicit content; the write plan says which stored entities would be reused', async () => {
    const before = await graphDump(app);
    const preview = await post(app, '/memories/extract-kg/preview-content', {
      memory_title: 'Hiring',
      memory_content: 'Priya joined Stripe in Dublin.',
    });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.memory_id, 'preview-memory');
    assert.deepEqual(preview.body.entities.map((e: Entity) => e.name).sort(), ['Dublin', 'Priya', 'Stripe']);
    assert.ok(preview.body.relationships.some((r: { source: string; relation_type: string; target: string }) => `${r.source} ${r.relation_type} ${r.target}` === 'Priya WORKS_AT Stripe'));
    assert.equal(preview.body.relationships_count, preview.body.relationships.length);
    assert.ok(preview.body.extraction_confidence > 0 && preview.body.extraction_confidence <= 1);
    const plan = Object.fromEntries(preview.body.write_plan.entities.map((p: { name: string; action: string }) => [p.name, p.action]));
    assert.deepEqual(plan, { Priya: 'create', Stripe: 'reuse', Dublin: 'create' });
    assert.deepEqual(await graphDump(app), before);
  });

  test('a preview with no body uses the same defaults as an empty one (extraction_level swift)', async () => {
    const id = await createMemory(app, { content: 'Odalys moved to Havana with Priya.' });
    const bare = await post(app, `/memories/${id}/extract-kg/preview`);
    assert.equal(bare.status, 200);
    assert.equal(bare.body.extraction_level, 'swift');
    assert.equal((await post(app, `/memories/${id}/extract-kg/preview`, {})).body.extraction_level, 'swift');
  });

  test('a memory already extracted says so; bad input → 422; unknown memory → 404', async () => {
    const id = await createMemory(app, { content: 'Odalys lives in Havana.' });
    assert.equal((await post(app, `/memories/${id}/extract-kg/preview`)).body.kg_already_extracted, true);
    assert.deepEqual(validationLocs(await post(app, `/memories/${id}/extract-kg/preview`, { extraction_level: 'deep' })), ['body.extraction_level']);
    assert.deepEqual(validationLocs(await post(app, '/memories/extract-kg/preview-content', { memory_title: 't' })), ['body.memory_content']);
    const missing = await post(app, '/memories/nope/extract-kg/preview', {});
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
  });
});

describe('extraction apply', () => {
  let app: App;
  let memoryId: string;
  before(async () => {
    app = await buildTestApp({ extractor: 'none' });
    memoryId = await createMemory(app, { content: 'Meeting notes: Acme Corp will pilot the Orion platform with Dana.' });
    await post(app, `/memories/${memoryId}/extract-kg/apply`, {
      entities: [{ name: 'Acme Corp', entity_type: 'organization', aliases: ['Acme'] }],
      relationships: [],
      extraction_confidence: 0.9,
    });
  });
  after(() => app.close());

  const apply = (body: unknown, query = '') => post(app, `/memories/${memoryId}/extract-kg/apply${query}`, body);

  test('auto resolution matches case, punctuation and aliases, creates the rest, and records the extraction', async () => {
    const result = await apply({
      entities: [
        { name: 'ACME Corp.', entity_type: 'organization' },
        { name: 'Orion', entity_type: 'product', description: 'An analytics platform' },
        { name: 'Dana', entity_type: 'person' },
      ],
      relationships: [
        { source: 'Acme', target: 'Orion', relation_type: 'PILOTS', confidence: 0.8 },
        { source: 'Dana', target: 'acme corp', relation_type: 'WORKS_AT' },
      ],
      extraction_confidence: 0.85,
    });
    assert.equal(result.status, 200);
    assert.equal(result.body.success, true);
    assert.equal(result.body.memory_id, memoryId);
    assert.equal(result.body.entities_created, 2);
    assert.equal(result.body.relationships_created, 2);
    assert.equal(result.body.metadata_updated, true, "the reference requires metadata_updated");
    const acme = (await entitiesNamed(app, 'Acme Corp'))[0];
    assert.deepEqual(result.body.resolved_entities.map((r: { name: string; action: string; entity_id: string }) => [r.name, r.action]), [
      ['ACME Corp.', 'reused'],
      ['Orion', 'created'],
      ['Dana', 'created'],
    ]);
    assert.equal(result.body.resolved_entities[0].entity_id, acme.id);
    const memory = await get(app, `/memories/${memoryId}`);
    assert.equal(memory.body.metadata.kg_extraction.resolution, 'auto');
    assert.equal(memory.body.metadata.kg_extraction.extraction_confidence, 0.85);
    assert.equal(memory.body.metadata.kg_extraction.entity_ids.length, 3);
    const orion = await get(app, `/entities/${result.body.resolved_entities[1].entity_id}`);
    assert.equal(orion.body.description, 'An analytics platform');
    assert.ok(orion.body.relationships.some((r: { relation_type: string; entity: Entity }) => r.relation_type === 'PILOTS' && r.entity.name === 'Acme Corp'));
  });

  test('replaying reuses the entity ids and appends the relationships', async () => {
    const body = {
      entities: [{ name: 'Zephyr Labs', entity_type: 'organization' }, { name: 'Quill', entity_type: 'product' }],
      relationships: [{ source: 'Zephyr Labs', target: 'Quill', relation_type: 'MAKES' }],
      extraction_confidence: 0.7,
    };
    const first = await apply(body);
    const second = await apply(body);
    assert.equal(first.body.entities_created, 2);
    assert.equal(second.body.entities_created, 0);
    assert.deepEqual(second.body.resolved_entities.map((r: { entity_id: string }) => r.entity_id), first.body.resolved_entities.map((r: { entity_id: string }) => r.entity_id));
    assert.ok(second.body.resolved_entities.every((r: { action: string }) => r.action === 'reused'));
    assert.equal(second.body.relationships_created, 1);
    const zephyr = await get(app, `/entities/${first.body.resolved_entities[0].entity_id}`);
    assert.equal(zephyr.body.relationships[0].evidence_count, 2, 'the relationship was appended, not replaced');
    assert.equal(zephyr.body.mention_count, 1, 'the memory mentions it once, however often applied');
  });

  test('exact mode keeps a caller id as the identity, isolated from alias and punctuation matching', async () => {
    const exact = await apply({
      entities: [{ id: 'org-acme-2', name: 'ACME Corp.', entity_type: 'organization' }, { name: 'Acme', entity_type: 'organization' }],
      relationships: [{ source: 'org-acme-2', target: 'Acme', relation_type: 'SUBSIDIARY_OF' }],
      extraction_confidence: 1,
      resolution: 'exact',
    });
    assert.equal(exact.status, 200);
    assert.deepEqual(exact.body.resolved_entities.map((r: { entity_id: string; action: string }) => r.action), ['created', 'created']);
    assert.equal(exact.body.resolved_entities[0].entity_id, 'org-acme-2');
    assert.equal((await get(app, '/entities/org-acme-2')).body.name, 'ACME Corp.');
    // The same names in auto mode still go to the original Acme Corp, never to the caller-owned ones.
    const acme = (await entitiesNamed(app, 'Acme Corp'))[0];
    const auto = await apply({ entities: [{ name: 'acme corp', entity_type: 'organization' }], relationships: [], extraction_confidence: 1 });
    assert.equal(auto.body.resolved_entities[0].entity_id, acme.id);
    // Replaying the exact batch reuses both identities.
    const replay = await apply({ entities: [{ id: 'org-acme-2', name: 'ACME Corp.', entity_type: 'organization' }], relationships: [], extraction_confidence: 1 }, '?resolution=exact');
    assert.deepEqual(replay.body.resolved_entities.map((r: { entity_id: string; action: string }) => [r.entity_id, r.action]), [['org-acme-2', 'reused']]);
  });

  test('an unsupported resolution value → 422 and nothing is written', async () => {
    const before = await graphDump(app);
    const body = { entities: [{ name: 'Fresh Entity', entity_type: 'person' }], relationships: [], extraction_confidence: 1 };
    assert.deepEqual(validationLocs(await apply({ ...body, resolution: 'fuzzy' })), ['body.resolution']);
    assert.deepEqual(validationLocs(await apply(body, '?resolution=fuzzy')), ['query.resolution']);
    assert.deepEqual(await graphDump(app), before);
  });

  test('an invalid exact batch → 422 and nothing is written', async () => {
    const before = await graphDump(app);
    const twoIds = await apply({
      entities: [
        { name: 'Brand New One', entity_type: 'person', id: 'p-1' },
        { name: 'Brand New Two', entity_type: 'person' },
        { name: 'Brand New One', entity_type: 'person', id: 'p-2' },
      ],
      relationships: [],
      extraction_confidence: 1,
      resolution: 'exact',
    });
    assert.deepEqual(validationLocs(twoIds), ['body.entities.2.id']);
    const dangling = await apply({
      entities: [{ name: 'Brand New Three', entity_type: 'person' }],
      relationships: [{ source: 'Brand New Three', target: 'Nobody Known', relation_type: 'KNOWS' }],
      extraction_confidence: 1,
      resolution: 'exact',
    });
    assert.deepEqual(validationLocs(dangling), ['body.relationships.0.target']);
    assert.deepEqual(validationLocs(await apply({ entities: [{ name: '', entity_type: 'person' }], relationships: [], extraction_confidence: 1 })), ['body.entities.0.name']);
    assert.deepEqual(await graphDump(app), before);
  });

  test('an entity name of punctuation only → 422 and nothing is written, in either resolution', async () => {
    const before = await graphDump(app);
    for (const resolution of ['auto', 'exact']) {
      const response = await apply({ entities: [{ name: 'Dana', entity_type: 'person' }, { name: '!!!', entity_type: 'person' }], relationships: [], resolution });
      assert.deepEqual(validationLocs(response), ['body.entities.1.name']);
    }
    assert.deepEqual(await graphDump(app), before);
  });

  test('a relationship may name a stored entity outside the batch by id', async () => {
    const acme = (await entitiesNamed(app, 'Acme Corp'))[0];
    const result = await apply({
      entities: [{ name: 'Pilot Team', entity_type: 'organization' }],
      relationships: [{ source: 'Pilot Team', target: acme.id, relation_type: 'PART_OF' }],
      extraction_confidence: 1,
      resolution: 'exact',
    });
    assert.equal(result.status, 200);
    assert.equal(result.body.relationships_created, 1);
  });

  test('several stored entities with the same exact name and type → 409 ambiguous_entity with candidates, nothing written', async () => {
    for (const id of ['alex-1', 'alex-2']) {
      const made = await apply({ entities: [{ id, name: 'Alex Morgan', entity_type: 'person' }], relationships: [], extraction_confidence: 1, resolution: 'exact' });
      assert.equal(made.status, 200);
    }
    const before = await graphDump(app);
    for (const resolution of ['exact', 'auto']) {
      const ambiguous = await apply({
        entities: [{ name: 'Brand New Four', entity_type: 'person' }, { name: 'Alex Morgan', entity_type: 'person' }],
        relationships: [],
        extraction_confidence: 1,
        resolution,
      });
      assert.equal(ambiguous.status, 409, resolution);
      assert.equal(ambiguous.body.error_code, 'ambiguous_entity');
      assert.deepEqual(ambiguous.body.candidates.map((c: { id: string }) => c.id).sort(), ['alex-1', 'alex-2']);
      assert.deepEqual(Object.keys(ambiguous.body.candidates[0]).sort(), ['entity_type', 'id', 'name']);
    }
    assert.deepEqual(await graphDump(app), before);
    // Naming one of them by id resolves the ambiguity.
    const byId = await apply({ entities: [{ id: 'alex-2', name: 'Alex Morgan', entity_type: 'person' }], relationships: [], extraction_confidence: 1, resolution: 'exact' });
    assert.deepEqual(byId.body.resolved_entities.map((r: { entity_id: string }) => r.entity_id), ['alex-2']);
  });

  test('a storage failure mid-batch → 500 partial_write listing what was written; a retry completes with the same ids', async () => {
    const store = app.deps.store;
    const body = {
      entities: [
        { name: 'Partial One', entity_type: 'organization' },
        { name: 'Partial Two', entity_type: 'organization' },
        { name: 'Partial Three', entity_type: 'organization' },
      ],
      relationships: [{ source: 'Partial One', target: 'Partial Three', relation_type: 'OWNS' }],
      extraction_confidence: 0.9,
    };
    app.deps.store = failingStore(store, 2);
    let failed;
    try {
      failed = await apply(body);
    } finally {
      app.deps.store = store;
    }
    assert.equal(failed.status, 500);
    assert.equal(failed.body.error_code, 'partial_write');
    assert.equal(failed.body.success, false);
    assert.match(failed.body.detail, /resolved_entities/);
    assert.deepEqual(failed.body.resolved_entities.map((r: { name: string; action: string }) => [r.name, r.action]), [['Partial One', 'created']]);
    // Per entity, transactional: the first is fully there (entity and mention), the second left nothing behind.
    assert.equal((await entitiesNamed(app, 'Partial One'))[0].mention_count, 1);
    assert.deepEqual(await entitiesNamed(app, 'Partial Two'), []);
    const retry = await apply(body);
    assert.equal(retry.status, 200);
    assert.deepEqual(retry.body.resolved_entities.map((r: { action: string }) => r.action), ['reused', 'created', 'created']);
    assert.equal(retry.body.resolved_entities[0].entity_id, failed.body.resolved_entities[0].entity_id);
    assert.equal(retry.body.relationships_created, 1);
  });

  test('entities may give their type as `type`; a body without entities → 422', async () => {
    const result = await apply({ entities: [{ name: 'Typed Loosely', type: 'Person' }], relationships: [], extraction_confidence: 1 });
    assert.equal(result.status, 200);
    assert.equal((await entitiesNamed(app, 'Typed Loosely'))[0].entity_type, 'person');
    assert.deepEqual(validationLocs(await apply({ relationships: [] })), ['body.entities']);
    assert.deepEqual(validationLocs(await apply(undefined)), ['body']);
  });

  test('apply to an unknown memory → 404, nothing written', async () => {
    const before = await graphDump(app);
    const missing = await post(app, '/memories/unknown/extract-kg/apply', { entities: [{ name: 'Ghost', entity_type: 'person' }], relationships: [], extraction_confidence: 1 });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
    assert.deepEqual(await graphDump(app), before);
  });
});
