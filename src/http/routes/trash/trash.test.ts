import { test, describe, before, after, alsoOnPglite } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../../../main.ts';
import { buildTestApp, createMemory, del, get, post, validationLocs, lacksVectorSearch } from '../../../../test/helpers.ts';

// Its tests search by meaning: PGlite carries pgvector, which Debian's PostgreSQL lacks.
alsoOnPglite();

interface Entity {
  id: string;
  name: string;
}

const ok = (response: { status: number; text: string; body: any }, what: string) => {
  assert.equal(response.status, 200, `${what}: ${response.status} ${response.text}`);
  return response.body;
};

/** Everything a user can see of a memory and the graph around it. */
async function picture(app: App, id: string) {
  const entities = ok(await get<Entity[]>(app, '/entities?limit=200'), 'entities') as Entity[];
  const entityDetails = [];
  for (const e of [...entities].sort((a, b) => a.id.localeCompare(b.id))) entityDetails.push(ok(await get(app, `/entities/${e.id}`), e.name));
  return {
    memory: ok(await get(app, `/memories/${id}`), 'memory'),
    relations: ok(await get(app, `/memories/${id}/relations?status=active,deleted`), 'relations'),
    labels: ok(await get(app, '/labels'), 'labels'),
    favorites: ok(await get(app, '/favorites/memories'), 'favorites'),
    entities: entityDetails,
  };
}

const restore = (app: App, ids: string[]) => post(app, '/trash/restore', { ids });

describe('the trash', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp({ embedder: 'hash' });
  });
  after(() => app.close());

  test('a deleted memory is listed in the trash with a preview and when it expires', async () => {
    const id = await createMemory(app, { content: `Ferns need   shade.\n${'x'.repeat(300)}`, title: 'Ferns', space_id: 'garden' });
    ok(await del(app, `/memories/${id}`), 'delete');
    const list = ok(await get(app, '/trash?space_id=garden'), 'trash');
    assert.equal(list.pagination.total, 1);
    const [item] = list.items;
    assert.deepEqual([item.id, item.title, item.space_id], [id, 'Ferns', 'garden']);
    assert.ok(item.content_preview.startsWith('Ferns need shade. xxx') && item.content_preview.length === 200, item.content_preview);
    assert.equal(Date.parse(item.expires_at) - Date.parse(item.deleted_at), 30 * 24 * 3600 * 1000);
    assert.equal(ok(await get(app, `/trash/${id}`), 'one item').memory.content.length, 320);
  });

  test('the trash lists the newest deletion first and pages', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createMemory(app, { content: `page note ${i}`, space_id: 'pages' }));
    for (const id of ids) ok(await del(app, `/memories/${id}`), 'delete');
    const first = ok(await get(app, '/trash?space_id=pages&limit=2'), 'page 1');
    const second = ok(await get(app, '/trash?space_id=pages&limit=2&offset=2'), 'page 2');
    assert.deepEqual([...first.items, ...second.items].map((i: { id: string }) => i.id), [...ids].reverse());
    assert.deepEqual([first.pagination.has_more, second.pagination.has_more, first.pagination.total], [true, false, 3]);
  });

  test('restoring a deleted memory brings back the same memory, labels, favorite, relations and entities', async () => {
    const older = await createMemory(app, { content: 'The team used Jenkins for builds.' });
    const other = await createMemory(app, { content: 'Wilhelmina flew home.' });
    const id = await createMemory(app, {
      content: 'Rosalind met Wilhelmina in Reykjavik.',
      labels: ['travel', 'people'],
      metadata: { trip: { days: 3 } },
      importance: 0.8,
      event_start: '2024-05-01',
    });
    ok(await post(app, `/memories/${id}/favorite?is_favorite=true`), 'favorite');
    ok(await post(app, `/memories/${id}/relations`, { target_memory_id: other, relation_type: 'related_to', reason: 'same trip' }), 'relation');
    ok(await post(app, `/memories/${id}/relations`, { target_memory_id: older, relation_type: 'evolves', properties: { relation: 'replaces' } }), 'evolves');
    ok(await post(app, `/memories/${id}/archive`, { reason: 'trip over' }), 'archive');
    const before = await picture(app, id);
    assert.ok(before.entities.some((e: Entity) => e.name === 'Rosalind'));
    assert.equal(before.relations.relations.length, 2, 'a relation and an EVOLVES edge');

    ok(await del(app, `/memories/${id}`), 'delete');
    assert.equal((await get(app, `/memories/${id}`)).status, 404);
    const gone = ok(await get(app, '/entities?limit=200'), 'entities') as Entity[];
    assert.ok(!gone.some(e => e.name === 'Rosalind'), 'the cascade deleted the entity only it mentioned');

    const restored = ok(await restore(app, [id]), 'restore');
    assert.deepEqual(restored.results, [{ id, status: 'restored' }]);
    await app.deps.indexer?.settle();
    assert.deepEqual(await picture(app, id), before);
    assert.equal(ok(await get(app, '/trash'), 'trash').items.some((i: { id: string }) => i.id === id), false, 'no longer in the trash');
  });

  test('a restored memory is found by search again, by its words and by meaning', async t => {
    if (await lacksVectorSearch(app, t)) return;
    const id = await createMemory(app, { content: 'Quokkas live on Rottnest Island.', space_id: 'search' });
    ok(await del(app, `/memories/${id}`), 'delete');
    assert.equal(ok(await post(app, '/memories/search', { query: 'quokkas', space_id: 'search' }), 'search').length, 0);
    ok(await restore(app, [id]), 'restore');
    const hits = ok(await post(app, '/memories/search', { query: 'quokkas', space_id: 'search' }), 'search');
    assert.deepEqual(hits.map((h: { memory: { id: string } }) => h.memory.id), [id]);
    await app.deps.indexer?.settle();
    const status = ok(await get(app, `/memories/${id}`), 'memory');
    assert.equal(status.reindex_needed, false, 'embedded again');
    const indexer = app.deps.indexer!;
    const [vector] = await indexer.embedder.embed(['Quokkas live on Rottnest Island.']);
    const nearest = await app.deps.store.vectors.nearest(indexer.embedder.model, vector!, 'search', 1);
    assert.equal(nearest[0]?.id, id, 'back in the vector index');
  });

  test('a label deleted since is made again by name on restore', async () => {
    const id = await createMemory(app, { content: 'Sourdough needs a starter.', labels: ['baking-only'] });
    const label = ok(await get(app, `/memories/${id}`), 'memory').labels[0];
    ok(await del(app, `/memories/${id}`), 'delete');
    ok(await del(app, `/labels/${label.id}`), 'delete label');
    ok(await restore(app, [id]), 'restore');
    assert.deepEqual(ok(await get(app, `/memories/${id}`), 'memory').labels.map((l: { name: string }) => l.name), ['baking-only']);
  });

  test('bulk delete of a space, then restore: every memory and the relations among them come back', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createMemory(app, { content: `bulk note ${i}`, space_id: 'bulk-space', labels: ['bulky'] }));
    ok(await post(app, `/memories/${ids[0]}/relations`, { target_memory_id: ids[1], relation_type: 'related_to' }), 'relation');
    const deleted = ok(await post(app, '/memories/bulk/delete', { selection: { mode: 'space', source_space_id: 'bulk-space' } }), 'bulk');
    assert.equal(deleted.deleted_count, 5);
    assert.equal(ok(await get(app, '/trash?space_id=bulk-space'), 'trash').pagination.total, 5);
    const restored = ok(await restore(app, ids), 'restore');
    assert.equal(restored.restored_count, 5);
    const list = ok(await get(app, '/memories?space_id=bulk-space&limit=100'), 'list');
    assert.deepEqual(list.memories.map((m: { id: string }) => m.id).sort(), [...ids].sort());
    assert.ok(list.memories.every((m: { labels: { name: string }[] }) => m.labels[0]?.name === 'bulky'));
    const relations = ok(await get(app, `/memories/${ids[0]}/relations`), 'relations');
    assert.deepEqual(relations.relations.map((r: { target_memory_id: string }) => r.target_memory_id), [ids[1]]);
  });

  test('a relation between two memories deleted one after the other comes back, whichever is restored first', async () => {
    const a = await createMemory(app, { content: 'relation end a' });
    const b = await createMemory(app, { content: 'relation end b' });
    ok(await post(app, `/memories/${a}/relations`, { target_memory_id: b, relation_type: 'supports' }), 'relation');
    ok(await del(app, `/memories/${a}`), 'delete a');
    ok(await del(app, `/memories/${b}`), 'delete b');
    ok(await restore(app, [a]), 'restore a');
    assert.equal(ok(await get(app, `/memories/${a}/relations`), 'relations').relations.length, 0, 'b is still in the trash');
    ok(await restore(app, [b]), 'restore b');
    const relations = ok(await get(app, `/memories/${a}/relations`), 'relations').relations;
    assert.deepEqual(relations.map((r: { target_memory_id: string; relation_type: string }) => [r.target_memory_id, r.relation_type]), [[b, 'supports']]);
  });

  test('restore answers per id: restored, not_found, or conflict when a live memory took the id', async () => {
    const kept = await createMemory(app, { id: 'caller-id-1', content: 'first version' });
    const other = await createMemory(app, { content: 'restorable' });
    ok(await del(app, `/memories/${kept}`), 'delete');
    ok(await del(app, `/memories/${other}`), 'delete');
    await createMemory(app, { id: 'caller-id-1', content: 'a new memory under the same id' });
    const response = ok(await restore(app, ['caller-id-1', other, 'never-existed']), 'restore');
    assert.deepEqual(
      response.results.map((r: { id: string; status: string }) => [r.id, r.status]),
      [['caller-id-1', 'conflict'], [other, 'restored'], ['never-existed', 'not_found']],
    );
    assert.equal(response.restored_count, 1);
    assert.equal(ok(await get(app, '/memories/caller-id-1'), 'live').content, 'a new memory under the same id');
    assert.equal((await get(app, '/trash/caller-id-1')).status, 200, 'the conflicting one stays in the trash');
  });

  test('emptying with ids removes only those; without a body it removes everything', async () => {
    const [a, b] = [await createMemory(app, { content: 'empty me a' }), await createMemory(app, { content: 'empty me b' })];
    ok(await del(app, `/memories/${a}`), 'delete');
    ok(await del(app, `/memories/${b}`), 'delete');
    assert.equal(ok(await post(app, '/trash/empty', { ids: [a] }), 'empty one').deleted_count, 1);
    assert.equal((await get(app, `/trash/${a}`)).status, 404);
    assert.equal((await get(app, `/trash/${b}`)).status, 200);
    assert.equal(ok(await post(app, '/trash/empty', { ids: [] }), 'empty none').deleted_count, 0);
    const all = ok(await post(app, '/trash/empty'), 'empty all');
    assert.ok(all.deleted_count >= 1);
    assert.equal(ok(await get(app, '/trash'), 'trash').pagination.total, 0);
    assert.equal(ok(await restore(app, [b]), 'restore').results[0].status, 'not_found');
  });

  test('bad input is a 422 and an id not in the trash a 404', async () => {
    assert.deepEqual(validationLocs(await post(app, '/trash/restore', { ids: [] })), ['body.ids']);
    assert.deepEqual(validationLocs(await post(app, '/trash/restore', {})), ['body.ids']);
    assert.deepEqual(validationLocs(await post(app, '/trash/empty', { ids: 'all' })), ['body.ids']);
    assert.deepEqual(validationLocs(await get(app, '/trash?limit=0')), ['query.limit']);
    const missing = await get(app, '/trash/no-such-memory');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 'memory_not_found');
  });
});

describe('trash expiry', () => {
  test('an item past CAIRN_TRASH_DAYS is gone from the list and cannot be restored', async () => {
    const app = await buildTestApp({ trashDays: 2 });
    try {
      const id = await createMemory(app, { content: 'short-lived' });
      ok(await del(app, `/memories/${id}`), 'delete');
      const realNow = app.deps.clock.now;
      app.deps.clock.now = () => new Date(Date.parse(realNow()) + 2 * 24 * 3600 * 1000 + 1000).toISOString();
      assert.equal(ok(await get(app, '/trash'), 'trash').pagination.total, 0);
      assert.equal(ok(await restore(app, [id]), 'restore').results[0].status, 'not_found');
    } finally {
      await app.close();
    }
  });

  test('with CAIRN_TRASH_DAYS=0 a delete is final: nothing goes to the trash', async () => {
    const app = await buildTestApp({ trashDays: 0 });
    try {
      const id = await createMemory(app, { content: 'gone for good' });
      const deleted = ok(await del(app, `/memories/${id}`), 'delete');
      assert.deepEqual(Object.keys(deleted).sort(), ['cascade_delete', 'deleted_entities', 'deleted_relationships', 'id', 'message']);
      assert.equal(ok(await get(app, '/trash'), 'trash').pagination.total, 0);
      assert.equal(ok(await restore(app, [id]), 'restore').results[0].status, 'not_found');
    } finally {
      await app.close();
    }
  });
});

test('the trash survives a restart: delete, close, reopen, restore', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-trash-'));
  try {
    const first = await buildTestApp({ dataDir, databasePath: join(dataDir, 'cairn.db') });
    const id = await createMemory(first, { content: 'Survives a restart with Ottoline.', labels: ['durable'] });
    const before = ok(await get(first, `/memories/${id}`), 'memory');
    ok(await del(first, `/memories/${id}`), 'delete');
    await first.close();

    const second = await buildTestApp({ dataDir, databasePath: join(dataDir, 'cairn.db') });
    try {
      assert.equal(ok(await get(second, '/trash'), 'trash').items[0]?.id, id);
      ok(await restore(second, [id]), 'restore');
      assert.deepEqual(ok(await get(second, `/memories/${id}`), 'memory'), before);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
